import CDependencies
import Foundation
import Testing

/// The global live counters (debug builds) count every cache and every value reference held by any
/// cache in the process, so they are checked in exit tests: each body runs in a fresh child process,
/// undisturbed by the tests running in parallel in this one. Release builds have no counters: there
/// the tests are skipped.
@Suite("Cache leaks")
struct CacheLeakTests {
  @Test(.needsDebugChecks) func countersReturnToZeroAfterDestroy() async {
    await #expect(processExitsWith: .success) {
      func require(_ condition: Bool, _ message: String) {
        if !condition {
          FileHandle.standardError.write(Data("failed: \(message)\n".utf8))
          exit(EXIT_FAILURE)
        }
      }
      let tracker = Tracker()
      require(dck_debug_live_caches() == 0, "no cache before the test")
      require(dck_debug_live_cache_values() == 0, "no cache value before the test")

      let caches = (0..<3).map { _ in Cache() }
      require(dck_debug_live_caches() == 3, "three caches alive")
      for (index, cache) in caches.enumerated() {
        for key in 0..<500 {
          if key.isMultiple(of: 2) {
            _ = cache.put(UInt(key), UInt32(index), TrackedValue(key, tracker: tracker))
          } else {
            _ = cache.getOrCompute(UInt(key), UInt32(index)) { _, _ in retainedValue(key, tracker) }
          }
        }
        // Refused and failed inserts hold nothing.
        _ = cache.put(0, UInt32(index), TrackedValue(-1, tracker: tracker))
        _ = cache.getOrCompute(10_000, 0) { _, _ in nil }
      }
      require(dck_debug_live_cache_values() == 1_500, "one reference per cached value")
      require(tracker.liveCount == 1_500, "the caches hold the only references")

      // Concurrent readers and computations, then destroy.
      runThreads(8) { thread in
        for key in 0..<500 {
          _ = caches[key % 3].get(UInt(key), UInt32(key % 3))
        }
        _ = caches[thread % 3].getOrCompute(UInt(20_000 + thread), 0) { _, _ in
          retainedValue(thread, tracker)
        }
      }
      require(dck_debug_live_cache_values() == 1_508, "values computed on other threads")

      caches.forEach { $0.destroy() }
      require(dck_debug_live_caches() == 0, "every cache destroyed")
      require(dck_debug_live_cache_values() == 0, "every value released")
      require(tracker.liveCount == 0, "every value deallocated")
    }
  }

  @Test(.needsDebugChecks) func emptyCacheLeavesNothing() async {
    await #expect(processExitsWith: .success) {
      let cache = Cache()
      guard dck_debug_live_caches() == 1 else { exit(EXIT_FAILURE) }
      _ = cache.get(1)
      cache.destroy()
      guard dck_debug_live_caches() == 0, dck_debug_live_cache_values() == 0 else {
        exit(EXIT_FAILURE)
      }
    }
  }
}
