import CDependencies
import Foundation
import Testing

/// `dck_cache_reset`: a reset cache serves none of its values (table and per-thread memo alike) but,
/// unlike a retired one, computes and takes values again; the context can be set again; the values
/// it no longer serves stay alive until it is destroyed.
@Suite("Cache reset")
struct CacheResetTests {
  @Test func aResetCacheForgetsItsValuesAndCachesAgain() {
    let tracker = Tracker()
    let cache = Cache()
    let computed = cache.getOrCompute(0x1000) { _, _ in retainedValue(1, tracker) }
    #expect(cache.put(0x2000, 3, TrackedValue(2, tracker: tracker)) == DCK_CACHE_INSERTED)
    #expect(dck_cache_set_context(cache.raw, 1))
    #expect(cache.get(0x1000) == computed.value)  // in this thread's memo now
    #expect(cache.count == 2)

    #expect(dck_cache_reset(cache.raw))
    #expect(cache.get(0x1000) == nil)
    #expect(cache.get(0x2000, 3) == nil)
    #expect(cache.count == 0)
    #expect(dck_cache_context(cache.raw) == DCK_CACHE_NO_CONTEXT)

    let recomputed = cache.getOrCompute(0x1000) { _, _ in retainedValue(3, tracker) }
    #expect(recomputed.status == DCK_CACHE_COMPUTED)
    #expect(payload(cache.get(0x1000)) == 3)
    #expect(cache.put(0x2000, 3, TrackedValue(4, tracker: tracker)) == DCK_CACHE_INSERTED)
    #expect(payload(cache.get(0x2000, 3)) == 4)
    #expect(dck_cache_set_context(cache.raw, 2))
    #expect(dck_cache_context(cache.raw) == 2)
    #expect(cache.count == 2)

    // The values no longer served are alive until the cache is destroyed.
    #expect(payload(computed.value) == 1)
    #expect(tracker.liveCount == 4)  // the two it no longer serves, and the two it does
    cache.destroy()
    #expect(tracker.liveCount == 0)
  }

  @Test func aRetiredCacheIsNotReset() {
    let cache = Cache()
    #expect(dck_cache_retire(cache.raw))
    #expect(!dck_cache_reset(cache.raw))
    #expect(cache.getOrCompute(0x1000) { _, _ in nil }.status == DCK_CACHE_RETIRED)
    cache.destroy()
  }

  /// A computation running when the cache is reset (here: resetting it) still returns its value,
  /// which no reader finds; the next read computes again.
  @Test func aComputationThatOutlivesTheResetIsNotCached() {
    let tracker = Tracker()
    let cache = Cache()
    let result = cache.getOrCompute(0x5000) { _, _ in
      #expect(dck_cache_reset(cache.raw))
      return retainedValue(5, tracker)
    }
    #expect(result.status == DCK_CACHE_COMPUTED)
    #expect(payload(result.value) == 5)
    #expect(cache.get(0x5000) == nil)
    #expect(cache.count == 0)
    let again = cache.getOrCompute(0x5000) { _, _ in retainedValue(6, tracker) }
    #expect(again.status == DCK_CACHE_COMPUTED)
    #expect(cache.count == 1)
    cache.destroy()
    #expect(tracker.liveCount == 0)
  }

  /// Every thread's memo forgets the values: threads that read (and memoised) them before the reset
  /// find nothing after it.
  @Test func everyThreadForgetsTheResetValues() {
    let tracker = Tracker()
    let cache = Cache()
    let (_, stale) = afterAChange(of: cache, tracker: tracker) { _ in
      #expect(dck_cache_reset(cache.raw))
    } check: { keys in
      keys.filter { cache.get($0) != nil }.count
    }
    #expect(stale == 0)
    cache.destroy()
    #expect(tracker.liveCount == 0)
  }
}
