import CDependencies
import Foundation
import Testing

/// `dck_cache_retire`: a retired cache serves nothing (table and per-thread memo alike), computes and
/// takes nothing, and keeps every value alive until it is destroyed.
@Suite("Cache retirement")
struct CacheRetirementTests {
  @Test func aRetiredCacheFindsNothingComputesNothingAndTakesNothing() {
    let tracker = Tracker()
    let cache = Cache()
    let computed = cache.getOrCompute(0x1000) { _, _ in retainedValue(1, tracker) }
    let kept = cache.put(0x2000, 3, TrackedValue(2, tracker: tracker))
    #expect(kept == DCK_CACHE_INSERTED)
    // Warm this thread's memo for both entries.
    #expect(cache.get(0x1000) == computed.value)
    #expect(payload(cache.get(0x2000, 3)) == 2)
    #expect(cache.count == 2)

    #expect(dck_cache_retire(cache.raw))
    #expect(!dck_cache_retire(cache.raw))  // once

    #expect(cache.get(0x1000) == nil)
    #expect(cache.get(0x2000, 3) == nil)
    #expect(cache.count == 0)
    let miss = cache.getOrCompute(0x1000) { _, _ in
      Issue.record("computed in a retired cache")
      return nil
    }
    #expect(miss.status == DCK_CACHE_RETIRED)
    #expect(miss.value == nil)
    let new = cache.getOrCompute(0x3000) { _, _ in
      Issue.record("computed in a retired cache")
      return nil
    }
    #expect(new.status == DCK_CACHE_RETIRED)
    #expect(cache.put(0x4000, 0, TrackedValue(4, tracker: tracker)) == DCK_CACHE_RETIRED)

    // The values are alive (the cache still holds them) until it is destroyed.
    #expect(payload(computed.value) == 1)
    #expect(tracker.liveCount == 2)
    cache.destroy()
    #expect(tracker.liveCount == 0)
  }

  /// A computation running when the cache is retired (here: retiring it) still returns its value,
  /// which no reader finds and the cache releases when destroyed.
  @Test func aComputationThatOutlivesTheRetirementStillReturnsItsValue() {
    let tracker = Tracker()
    let cache = Cache()
    let result = cache.getOrCompute(0x5000) { _, _ in
      #expect(dck_cache_retire(cache.raw))
      return retainedValue(5, tracker)
    }
    #expect(result.status == DCK_CACHE_COMPUTED)
    #expect(payload(result.value) == 5)
    #expect(cache.get(0x5000) == nil)
    #expect(cache.count == 0)
    #expect(cache.getOrCompute(0x5000) { _, _ in nil }.status == DCK_CACHE_RETIRED)
    cache.destroy()
    #expect(tracker.liveCount == 0)
  }

  /// Every thread's memo forgets the cache: threads that read (and memoised) values before the
  /// retirement find nothing after it. Many entries, so that some reads also go to the table.
  @Test func everyThreadForgetsTheRetiredValues() {
    let tracker = Tracker()
    let cache = Cache()
    let (found, stale) = afterAChange(of: cache, tracker: tracker, keys: 200, threads: 8) { _ in
      #expect(dck_cache_retire(cache.raw))
    } check: { keys in
      keys.filter { cache.get($0) != nil }.count
    }
    #expect(found == 8 * 3 * 200)
    #expect(stale == 0)
    cache.destroy()
    #expect(tracker.liveCount == 0)
  }

  /// Readers racing with the retirement get either a value that was cached or nothing, never
  /// garbage, and every one finds nothing once the retirement is over.
  @Test func readsRacingTheRetirement() {
    for round in 0..<20 {
      let tracker = Tracker()
      let cache = Cache()
      let keys = (UInt(1)...64).map { $0 &* 0x1_0001 &+ UInt(round) }
      for (index, key) in keys.enumerated() {
        _ = cache.getOrCompute(key) { _, _ in retainedValue(index, tracker) }
      }
      let wrong = readersRacing {
        var bad = 0
        for _ in 0..<200 {
          for (index, key) in keys.enumerated() {
            if let value = cache.get(key), payload(value) != index { bad += 1 }
          }
        }
        return bad
      } with: {
        #expect(dck_cache_retire(cache.raw))
      }
      #expect(wrong == 0)
      #expect(keys.allSatisfy { cache.get($0) == nil })
      cache.destroy()
      #expect(tracker.liveCount == 0)
    }
  }

  /// A thread waiting for another thread's computation when the cache is retired gets RETIRED when
  /// it wakes; the computing thread gets its value.
  @Test func aWaiterWakesToRetired() {
    let tracker = Tracker()
    let cache = Cache()
    let computing = DispatchSemaphore(value: 0)
    let finish = DispatchSemaphore(value: 0)
    let results = Locked([Int: dck_cache_status_t]())
    let owner = startThreads(1) { _ in
      let result = cache.getOrCompute(0x6000) { _, _ in
        computing.signal()
        finish.wait()
        return retainedValue(6, tracker)
      }
      results.withLock { $0[0] = result.status }
    }
    computing.wait()
    let waiterStarted = DispatchSemaphore(value: 0)
    let waiter = startThreads(1) { _ in
      waiterStarted.signal()
      let result = cache.getOrCompute(0x6000) { _, _ in
        Issue.record("the waiter computed")
        return nil
      }
      results.withLock { $0[1] = result.status }
    }
    waiterStarted.wait()
    #expect(dck_cache_retire(cache.raw))
    finish.signal()
    owner.wait()
    waiter.wait()
    #expect(results.current[0] == DCK_CACHE_COMPUTED)
    // The waiter either blocked on the pending entry (and woke to the retirement) or arrived after
    // the retirement; both find the cache retired.
    #expect(results.current[1] == DCK_CACHE_RETIRED)
    cache.destroy()
    #expect(tracker.liveCount == 0)
  }
}
