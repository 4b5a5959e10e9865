import CDependencies
import Testing

@Suite("Cache basics")
struct CacheBasicsTests {
  @Test func getMissReturnsNil() {
    let cache = Cache()
    defer { cache.destroy() }
    #expect(cache.get(0x1000) == nil)
    #expect(cache.get(0x1000, 2) == nil)
    #expect(cache.count == 0)
  }

  @Test func computeOnceThenFoundWithTheIdenticalPointer() {
    let tracker = Tracker()
    let cache = Cache()
    var computations = 0

    let first = cache.getOrCompute(0x1000) { key, context in
      computations += 1
      #expect(key == 0x1000)
      #expect(context == 0)
      return retainedValue(7, tracker)
    }
    #expect(first.status == DCK_CACHE_COMPUTED)
    #expect(payload(first.value) == 7)

    let second = cache.getOrCompute(0x1000) { _, _ in
      computations += 1
      return retainedValue(8, tracker)
    }
    #expect(second.status == DCK_CACHE_FOUND)
    #expect(second.value == first.value)
    #expect(cache.get(0x1000) == first.value)
    #expect(computations == 1)
    #expect(cache.count == 1)

    cache.destroy()
    #expect(tracker.liveCount == 0)
  }

  @Test func contextsAreSeparateEntries() {
    let tracker = Tracker()
    let cache = Cache()
    for context in UInt32(0)...2 {
      let result = cache.getOrCompute(0x2000, context) { _, context in
        retainedValue(Int(context) + 100, tracker)
      }
      #expect(result.status == DCK_CACHE_COMPUTED)
    }
    for context in UInt32(0)...2 {
      #expect(payload(cache.get(0x2000, context)) == Int(context) + 100)
    }
    #expect(cache.get(0x2000, 3) == nil)
    #expect(cache.count == 3)
    cache.destroy()
    #expect(tracker.liveCount == 0)
  }

  @Test func putInsertsOnceThenReportsExisting() {
    let tracker = Tracker()
    let cache = Cache()
    do {
      let first = TrackedValue(1, tracker: tracker)
      let second = TrackedValue(2, tracker: tracker)
      #expect(cache.put(0x3000, 1, first) == DCK_CACHE_INSERTED)
      #expect(cache.put(0x3000, 1, second) == DCK_CACHE_EXISTS)
      #expect(cache.get(0x3000, 1) == first.opaque)
      #expect(cache.put(0x3000, 0, second) == DCK_CACHE_INSERTED)

      // A put value is found by get_or_compute without computing.
      let found = cache.getOrCompute(0x3000, 1) { _, _ in
        Issue.record("computed a value that was put")
        return nil
      }
      #expect(found.status == DCK_CACHE_FOUND)
      #expect(found.value == first.opaque)
      #expect(cache.count == 2)
    }
    // The cache holds the only references now.
    #expect(tracker.liveCount == 2)
    cache.destroy()
    #expect(tracker.liveCount == 0)
  }

  @Test func pendingEntryIsInvisibleToGetAndRefusesPut() {
    let tracker = Tracker()
    let cache = Cache()
    let result = cache.getOrCompute(0x4000) { key, context in
      #expect(cache.get(key, context) == nil)
      let other = TrackedValue(99, tracker: tracker)
      #expect(cache.put(key, context, other) == DCK_CACHE_EXISTS)
      #expect(cache.count == 0)
      return retainedValue(5, tracker)
    }
    #expect(result.status == DCK_CACHE_COMPUTED)
    #expect(payload(cache.get(0x4000)) == 5)
    cache.destroy()
    #expect(tracker.liveCount == 0)
  }

  @Test func computeReturningNilCachesNothing() {
    let tracker = Tracker()
    let cache = Cache()
    let failed = cache.getOrCompute(0x5000) { _, _ in nil }
    #expect(failed.status == DCK_CACHE_NOT_COMPUTED)
    #expect(failed.value == nil)
    #expect(cache.get(0x5000) == nil)
    #expect(cache.count == 0)

    // A later call computes; a put can also fill a vacated entry.
    let later = cache.getOrCompute(0x5000) { _, _ in retainedValue(3, tracker) }
    #expect(later.status == DCK_CACHE_COMPUTED)
    #expect(payload(cache.get(0x5000)) == 3)

    _ = cache.getOrCompute(0x5000, 1) { _, _ in nil }
    #expect(cache.put(0x5000, 1, TrackedValue(4, tracker: tracker)) == DCK_CACHE_INSERTED)
    #expect(payload(cache.get(0x5000, 1)) == 4)
    #expect(cache.count == 2)

    cache.destroy()
    #expect(tracker.liveCount == 0)
  }

  @Test func independentCaches() {
    let tracker = Tracker()
    let caches = (0..<4).map { _ in Cache() }
    for (index, cache) in caches.enumerated() {
      _ = cache.getOrCompute(0x6000) { _, _ in retainedValue(index, tracker) }
    }
    for (index, cache) in caches.enumerated() {
      #expect(payload(cache.get(0x6000)) == index)
      #expect(cache.count == 1)
    }
    caches[0].destroy()
    caches[2].destroy()
    #expect(tracker.liveCount == 2)
    #expect(payload(caches[1].get(0x6000)) == 1)
    #expect(payload(caches[3].get(0x6000)) == 3)
    caches[1].destroy()
    caches[3].destroy()
    #expect(tracker.liveCount == 0)
  }

  @Test func manyKeysThroughTableGrowth() {
    let tracker = Tracker()
    let cache = Cache()
    let n = 20_000
    for i in 0..<n {
      // Mix aligned pointers-like keys and small integers; every key and context is valid.
      let key = i.isMultiple(of: 2) ? UInt(i) &* 16 : UInt(i)
      let context = UInt32(i % 3)
      if i.isMultiple(of: 5) {
        #expect(cache.put(key, context, TrackedValue(i, tracker: tracker)) == DCK_CACHE_INSERTED)
      } else {
        let result = cache.getOrCompute(key, context) { _, _ in retainedValue(i, tracker) }
        #expect(result.status == DCK_CACHE_COMPUTED)
      }
    }
    #expect(cache.count == n)
    var mismatches = 0
    for i in 0..<n {
      let key = i.isMultiple(of: 2) ? UInt(i) &* 16 : UInt(i)
      if payload(cache.get(key, UInt32(i % 3))) != i { mismatches += 1 }
    }
    #expect(mismatches == 0)
    #expect(tracker.liveCount == n)
    cache.destroy()
    #expect(tracker.liveCount == 0)
  }
}
