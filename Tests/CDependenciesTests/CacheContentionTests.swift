import CDependencies
import Foundation
import Testing

@Suite("Cache under contention")
struct CacheContentionTests {
  /// Many threads miss the same entry at once: one computes, every other waits and gets its value.
  @Test func computesExactlyOnceUnderContention() {
    let tracker = Tracker()
    let cache = Cache()
    let threads = 128
    for key in UInt(1)...4 {
      let computations = Locked(0)
      let results = Locked([(status: dck_cache_status_t, value: UInt)]())
      let barrier = Barrier(threads)
      runThreads(threads) { _ in
        barrier.arriveAndWait()
        let result = cache.getOrCompute(key &* 64, 1) { _, _ in
          computations.withLock { $0 += 1 }
          usleep(20_000)  // widen the window in which the others miss
          return retainedValue(Int(key), tracker)
        }
        results.withLock { $0.append((result.status, UInt(bitPattern: result.value))) }
      }
      let all = results.current
      #expect(computations.current == 1)
      #expect(all.count == threads)
      #expect(all.filter { $0.status == DCK_CACHE_COMPUTED }.count == 1)
      #expect(all.allSatisfy { $0.status == DCK_CACHE_COMPUTED || $0.status == DCK_CACHE_FOUND })
      #expect(Set(all.map(\.value)).count == 1)
      #expect(all.first.map(\.value) == UInt(bitPattern: cache.get(key &* 64, 1)))
      #expect(payload(cache.get(key &* 64, 1)) == Int(key))
    }
    #expect(cache.count == 4)
    cache.destroy()
    #expect(tracker.liveCount == 0)
  }

  /// A computation that returns nil while others wait: nothing is cached, one waiter computes
  /// instead, and every caller ends with either that value or NOT_COMPUTED (only the first).
  @Test func waitersRetryAfterComputeReturnsNil() {
    let tracker = Tracker()
    let cache = Cache()
    let threads = 16
    let computations = Locked(0)
    let results = Locked([(status: dck_cache_status_t, value: UInt)]())
    let barrier = Barrier(threads)
    runThreads(threads) { _ in
      barrier.arriveAndWait()
      let result = cache.getOrCompute(0x7700) { _, _ in
        let attempt = computations.withLock { count -> Int in
          count += 1
          return count
        }
        usleep(20_000)
        return attempt == 1 ? nil : retainedValue(42, tracker)
      }
      results.withLock { $0.append((result.status, UInt(bitPattern: result.value))) }
    }
    let all = results.current
    #expect(computations.current == 2)
    #expect(all.filter { $0.status == DCK_CACHE_NOT_COMPUTED }.count == 1)
    #expect(all.filter { $0.status == DCK_CACHE_COMPUTED }.count == 1)
    #expect(all.filter { $0.status == DCK_CACHE_FOUND }.count == threads - 2)
    let cached = UInt(bitPattern: cache.get(0x7700))
    #expect(
      all.allSatisfy { $0.status == DCK_CACHE_NOT_COMPUTED ? $0.value == 0 : $0.value == cached })
    #expect(payload(cache.get(0x7700)) == 42)
    cache.destroy()
    #expect(tracker.liveCount == 0)
  }

  /// A writer inserts thousands of keys (growing the table many times) while readers keep reading
  /// random keys, inserted or not. Readers share nothing with the writer but the cache (no lock
  /// until the final batch), so ThreadSanitizer checks the cache's own publication.
  @Test func readsStayCorrectWhileTheTableGrows() {
    let tracker = Tracker()
    let cache = Cache()
    let keys = 6_000
    let readers = 4
    let done = Locked(false)
    let failures = Locked(0)
    let hits = Locked(0)

    @Sendable func key(_ index: Int) -> UInt { UInt(index) &* 48 &+ 0x10_0000 }

    runThreads(readers + 1) { thread in
      if thread == 0 {
        // (No #expect off the test's own thread: count failures and check them afterwards.)
        var localFailures = 0
        for index in 0..<keys {
          if index.isMultiple(of: 3) {
            if cache.put(key(index), 0, TrackedValue(index, tracker: tracker)) != DCK_CACHE_INSERTED
            {
              localFailures += 1
            }
          } else {
            let result = cache.getOrCompute(key(index)) { _, _ in retainedValue(index, tracker) }
            if result.status != DCK_CACHE_COMPUTED { localFailures += 1 }
          }
        }
        failures.withLock { $0 += localFailures }
        done.withLock { $0 = true }
        return
      }
      var generator = SystemRandomNumberGenerator()
      var localFailures = 0
      var localHits = 0
      var finished = false
      repeat {
        finished = done.current  // the last batch runs after every insert
        for _ in 0..<2_048 {
          let index = Int.random(in: 0..<keys, using: &generator)
          if let value = cache.get(key(index)) {
            localHits += 1
            if TrackedValue.from(value).payload != index { localFailures += 1 }
          }
        }
      } while !finished
      failures.withLock { $0 += localFailures }
      hits.withLock { $0 += localHits }
    }
    #expect(failures.current == 0)
    #expect(hits.current > 0)
    #expect(cache.count == keys)
    #expect(tracker.liveCount == keys)
    for index in 0..<keys {
      if payload(cache.get(key(index))) != index {
        Issue.record("wrong value for key \(index)")
        break
      }
    }
    cache.destroy()
    #expect(tracker.liveCount == 0)
  }

  /// Short-lived threads read and exit, so their epoch records are recycled by later threads.
  @Test func shortLivedReaderThreads() {
    let tracker = Tracker()
    let cache = Cache()
    for index in 0..<64 {
      _ = cache.getOrCompute(UInt(index)) { _, _ in retainedValue(index, tracker) }
    }
    let failures = Locked(0)
    for _ in 0..<4 {
      runThreads(32) { thread in
        for index in 0..<64 where payload(cache.get(UInt(index))) != index {
          failures.withLock { $0 += 1 }
        }
        // Writers on exiting threads too: fill more keys (the table grows).
        for index in 0..<32 {
          let key = UInt(1_000 + thread * 32 + index)
          _ = cache.getOrCompute(key) { _, _ in retainedValue(index, tracker) }
        }
      }
    }
    #expect(failures.current == 0)
    #expect(cache.count == 64 + 32 * 32)
    cache.destroy()
    #expect(tracker.liveCount == 0)
  }
}
