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
    let keys = (UInt(1)...100).map { $0 &* 0x9E37_79B9 }
    for (index, key) in keys.enumerated() {
      _ = cache.getOrCompute(key) { _, _ in retainedValue(index, tracker) }
    }
    let replaced = keys[37]
    let threads = 8
    let beforeReplacement = Barrier(threads + 1)
    let afterReplacement = Barrier(threads + 1)
    let stale = Locked(0)
    let readers = startThreads(threads) { _ in
      for _ in 0..<3 {
        for key in keys { _ = cache.get(key) }
      }
      beforeReplacement.arriveAndWait()
      afterReplacement.arriveAndWait()
      let value = payload(cache.get(replaced))
      let others = keys.enumerated().filter { $1 != replaced && payload(cache.get($1)) != $0 }
      stale.withLock { $0 += (value == -1 ? 0 : 1) + others.count }
    }
    beforeReplacement.arriveAndWait()
    #expect(
      cache.replaceComputed(replaced, 0, TrackedValue(-1, tracker: tracker)) == DCK_CACHE_REPLACED)
    afterReplacement.arriveAndWait()
    readers.wait()
    #expect(stale.current == 0)
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
      let threads = 4
      let start = Barrier(threads + 1)
      let wrong = Locked(0)
      let readers = startThreads(threads) { _ in
        start.arriveAndWait()
        var bad = 0
        for _ in 0..<2_000 {
          let value = payload(cache.get(key))
          if value != 1 && value != 2 { bad += 1 }
        }
        wrong.withLock { $0 += bad }
      }
      start.arriveAndWait()
      #expect(
        cache.replaceComputed(key, 0, TrackedValue(2, tracker: tracker)) == DCK_CACHE_REPLACED)
      readers.wait()
      #expect(wrong.current == 0)
      #expect(payload(cache.get(key)) == 2)
      cache.destroy()
      #expect(tracker.liveCount == 0)
    }
  }
}
