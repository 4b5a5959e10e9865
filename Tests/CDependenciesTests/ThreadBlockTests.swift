import CDependencies
import Foundation
import JoinedThread
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The core's per-thread state (CSupport/src/dck_thread.h): one block per thread that used the
/// core, freed by a thread-exit destructor, whatever happened to the caches it read before or
/// after the exit.
///
/// The live counter of blocks (debug builds) is process-wide and other suites start threads in
/// parallel in this process, so the checks run in exit tests: each body runs in a fresh child
/// process. Release builds have no counter: there these tests are skipped, not passed.
@Suite("Per-thread state")
struct ThreadBlockTests {
  @Test(.needsDebugChecks)
  func blocksOfExitedThreadsAreFreed() async {
    await #expect(processExitsWith: .success) {
      _ = registerValueCallbacks
      let tracker = Tracker()
      let cache = Cache()
      _ = cache.getOrCompute(1) { _, _ in retainedValue(1, tracker) }
      let before = dck_debug_live_thread_blocks()
      for round in 0..<8 {
        // Checked here, on the test's own task, once the thread has exited.
        let failures = Locked<[String]>([])
        runJoinedThread {
          func check(_ condition: Bool, _ what: String) {
            if !condition { failures.withLock { $0.append("round \(round): \(what)") } }
          }
          // A memo miss, a memo hit, a computation, a read frame set and cleared.
          check(payload(cache.get(1)) == 1, "first read")
          check(payload(cache.get(1)) == 1, "second read")
          let key = UInt(100 + round)
          _ = cache.getOrCompute(key) { _, _ in retainedValue(round, tracker) }
          check(payload(cache.get(key)) == round, "read of the computed value")
          var frame = 0
          withUnsafeMutablePointer(to: &frame) { frame in
            check(dck_read_frame_exchange(frame) == nil, "no frame at first")
            check(dck_read_frame_current() == UnsafeMutableRawPointer(frame), "the frame set")
            check(dck_read_frame_exchange(nil) == UnsafeMutableRawPointer(frame), "frame cleared")
          }
          // A cache created, read and destroyed before the thread exits: its values stay in the
          // memo, unread, until the block is freed.
          let own = Cache()
          _ = own.getOrCompute(1) { _, _ in retainedValue(-1, tracker) }
          check(payload(own.get(1)) == -1, "read of a cache of the thread's own")
          own.destroy()
        }
        #expect(failures.current.isEmpty, "\(failures.current)")
        #expect(
          dck_debug_live_thread_blocks() == before,
          "round \(round): the exited thread's block is still allocated")
      }
      // The shared cache outlived every thread that read it.
      #expect(payload(cache.get(1)) == 1)
      cache.destroy()
      #expect(tracker.liveCount == 0)
    }
  }

  @Test(.needsDebugChecks)
  func aLaterThreadExitDestructorMayUseTheCoreAgain() async {
    await #expect(processExitsWith: .success) {
      _ = registerValueCallbacks
      let tracker = Tracker()
      let cache = Cache()
      _ = cache.getOrCompute(7) { _, _ in retainedValue(7, tracker) }
      // Created after the core's own key (the test used the core already), so glibc runs this
      // destructor after the one that frees the thread's block: the read takes a new block.
      var newKey = pthread_key_t()
      let created = pthread_key_create(&newKey) { probe in
        let probe = probe!.assumingMemoryBound(to: DestructorProbe.self)
        probe.pointee.payload = payload(dck_cache_get(probe.pointee.cache, 7, 0)) ?? -1
      }
      #expect(created == 0)
      let key = newKey
      let probe = UnsafeMutablePointer<DestructorProbe>.allocate(capacity: 1)
      probe.initialize(to: DestructorProbe(cache: cache.raw, payload: 0))
      let before = dck_debug_live_thread_blocks()
      let probeAddress = UInt(bitPattern: probe)
      let readBeforeExit = Locked<Int?>(nil)
      runJoinedThread {
        readBeforeExit.withLock { $0 = payload(cache.get(7)) }
        pthread_setspecific(key, UnsafeRawPointer(bitPattern: probeAddress))
      }
      #expect(readBeforeExit.current == 7, "the read before the exit")
      #expect(probe.pointee.payload == 7, "the read in the destructor")
      #expect(dck_debug_live_thread_blocks() == before, "the block it took is freed too")
      probe.deallocate()
      cache.destroy()
      #expect(tracker.liveCount == 0)
    }
  }
}

/// What the thread-exit destructor of `aLaterThreadExitDestructorMayUseTheCoreAgain` reads and
/// what it found.
private struct DestructorProbe {
  var cache: OpaquePointer
  var payload: Int
}
