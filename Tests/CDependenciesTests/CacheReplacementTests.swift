import CDependencies
import Foundation
import Testing

/// `dck_cache_replace_computed`: a value that a computation cached is replaced by a put one, for
/// every reader (table and per-thread memo alike), once; a put value is never replaced; the replaced
/// value stays alive until the cache is destroyed.
@Suite("Cache replacement")
struct CacheReplacementTests {
  @Test func aComputedValueIsReplacedForEveryLaterRead() {
    let tracker = Tracker()
    let cache = Cache()
    let computed = cache.getOrCompute(0x1000) { _, _ in retainedValue(1, tracker) }
    #expect(cache.get(0x1000) == computed.value)  // in this thread's memo now

    #expect(
      cache.replaceComputed(0x1000, 0, TrackedValue(2, tracker: tracker)) == DCK_CACHE_REPLACED)
    #expect(payload(cache.get(0x1000)) == 2)
    #expect(payload(cache.getOrCompute(0x1000) { _, _ in nil }.value) == 2)
    #expect(cache.count == 1)
    // The replaced value is alive, and borrowed pointers to it valid, until the cache is destroyed.
    #expect(payload(computed.value) == 1)

    // Once: the value there now was put.
    #expect(cache.replaceComputed(0x1000, 0, TrackedValue(3, tracker: tracker)) == DCK_CACHE_EXISTS)
    #expect(payload(cache.get(0x1000)) == 2)
    #expect(tracker.liveCount == 2)
    cache.destroy()
    #expect(tracker.liveCount == 0)
  }

  @Test func aPutValueIsNeverReplaced() {
    let tracker = Tracker()
    let cache = Cache()
    #expect(cache.put(0x2000, 1, TrackedValue(1, tracker: tracker)) == DCK_CACHE_INSERTED)
    #expect(cache.replaceComputed(0x2000, 1, TrackedValue(2, tracker: tracker)) == DCK_CACHE_EXISTS)
    #expect(payload(cache.get(0x2000, 1)) == 1)
    cache.destroy()
    #expect(tracker.liveCount == 0)
  }

  /// With nothing computed to replace it behaves as `dck_cache_put`: inserts where nothing is cached
  /// (absent or vacant), refuses a pending entry and a retired cache.
  @Test func withNothingToReplaceItPuts() {
    let tracker = Tracker()
    let cache = Cache()
    #expect(
      cache.replaceComputed(0x3000, 0, TrackedValue(1, tracker: tracker)) == DCK_CACHE_INSERTED)
    #expect(payload(cache.get(0x3000)) == 1)

    #expect(cache.getOrCompute(0x4000) { _, _ in nil }.status == DCK_CACHE_NOT_COMPUTED)  // vacant
    #expect(
      cache.replaceComputed(0x4000, 0, TrackedValue(2, tracker: tracker)) == DCK_CACHE_INSERTED)
    #expect(payload(cache.get(0x4000)) == 2)

    let pending = cache.getOrCompute(0x5000) { _, _ in
      #expect(
        cache.replaceComputed(0x5000, 0, TrackedValue(3, tracker: tracker)) == DCK_CACHE_EXISTS)
      return retainedValue(4, tracker)
    }
    #expect(payload(pending.value) == 4)

    #expect(dck_cache_retire(cache.raw))
    #expect(
      cache.replaceComputed(0x6000, 0, TrackedValue(5, tracker: tracker)) == DCK_CACHE_RETIRED)
    cache.destroy()
    #expect(tracker.liveCount == 0)
  }

  /// Every thread's memo forgets the replaced value: threads that read (and memoised) it before the
  /// replacement read the new one after it.
  @Test func everyThreadReadsTheReplacement() {
    let tracker = Tracker()
    let cache = Cache()
    let replaced = 37
    let (_, stale) = afterAChange(of: cache, tracker: tracker, keys: 100) { keys in
      #expect(
        cache.replaceComputed(keys[replaced], 0, TrackedValue(-1, tracker: tracker))
          == DCK_CACHE_REPLACED)
    } check: { keys in
      // Every value is the one cached for its key: -1 for the replaced key, its index otherwise.
      keys.indices.filter { payload(cache.get(keys[$0])) != ($0 == replaced ? -1 : $0) }.count
    }
    #expect(stale == 0)
    cache.destroy()
    #expect(tracker.liveCount == 0)
  }

  /// Readers racing the replacement get the old value or the new one, never anything else.
  @Test func readsRacingTheReplacement() {
    for round in 0..<20 {
      let tracker = Tracker()
      let cache = Cache()
      let key = UInt(0x7000 + round)
      _ = cache.getOrCompute(key) { _, _ in retainedValue(1, tracker) }
      let wrong = readersRacing {
        (0..<2_000).filter { _ in ![1, 2].contains(payload(cache.get(key))) }.count
      } with: {
        #expect(
          cache.replaceComputed(key, 0, TrackedValue(2, tracker: tracker)) == DCK_CACHE_REPLACED)
      }
      #expect(wrong == 0)
      #expect(payload(cache.get(key)) == 2)
      cache.destroy()
      #expect(tracker.liveCount == 0)
    }
  }
}
