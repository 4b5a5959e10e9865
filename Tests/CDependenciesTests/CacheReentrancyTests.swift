import CDependencies
import Foundation
import Testing

@Suite("Cache re-entrancy and cycles")
struct CacheReentrancyTests {
  /// The computation of A reads B, whose computation reads C, on the same thread.
  @Test func computeMayComputeOtherKeysOnTheSameThread() {
    let tracker = Tracker()
    let cache = Cache()
    var computed: [UInt] = []
    let a = cache.getOrCompute(0xA0) { _, _ in
      computed.append(0xA0)
      let b = cache.getOrCompute(0xB0) { _, _ in
        computed.append(0xB0)
        let c = cache.getOrCompute(0xC0) { _, _ in
          computed.append(0xC0)
          return retainedValue(1, tracker)
        }
        #expect(c.status == DCK_CACHE_COMPUTED)
        return retainedValue((payload(c.value) ?? 0) + 1, tracker)
      }
      #expect(b.status == DCK_CACHE_COMPUTED)
      // Reading the already computed C from inside A's computation: found, not recomputed.
      let c = cache.getOrCompute(0xC0) { _, _ in
        Issue.record("C computed twice")
        return nil
      }
      #expect(c.status == DCK_CACHE_FOUND)
      return retainedValue((payload(b.value) ?? 0) + 1, tracker)
    }
    #expect(a.status == DCK_CACHE_COMPUTED)
    #expect(payload(a.value) == 3)
    #expect(computed == [0xA0, 0xB0, 0xC0])
    #expect(cache.count == 3)
    cache.destroy()
    #expect(tracker.liveCount == 0)
  }

  /// A deep chain of re-entrant computations (each key's value needs the next key's).
  @Test func deepReentrantChain() {
    let tracker = Tracker()
    let cache = Cache()
    let depth = 300
    func value(_ level: Int) -> Int? {
      payload(
        cache.getOrCompute(UInt(level)) { _, _ in
          retainedValue(level == depth ? 0 : (value(level + 1) ?? -1_000) + 1, tracker)
        }.value)
    }
    #expect(value(0) == depth)
    #expect(cache.count == depth + 1)
    cache.destroy()
    #expect(tracker.liveCount == 0)
  }

  /// A's computation needs A itself: the inner call reports CYCLE at once; the outer one completes.
  @Test func selfCycleIsReported() {
    let tracker = Tracker()
    let cache = Cache()
    var inner: (status: dck_cache_status_t, value: UnsafeMutableRawPointer?)?
    let outer = cache.getOrCompute(0xA0, 1) { key, context in
      inner = cache.getOrCompute(key, context) { _, _ in
        Issue.record("computed A inside A")
        return nil
      }
      return retainedValue(1, tracker)
    }
    #expect(inner?.status == DCK_CACHE_CYCLE)
    #expect(inner?.value == nil)
    #expect(outer.status == DCK_CACHE_COMPUTED)
    #expect(payload(cache.get(0xA0, 1)) == 1)
    cache.destroy()
    #expect(tracker.liveCount == 0)
  }

  /// A needs B, B needs A (same thread): the innermost call reports CYCLE, both complete.
  @Test func indirectCycleOnOneThread() {
    let tracker = Tracker()
    let cache = Cache()
    var innermost: dck_cache_status_t?
    let a = cache.getOrCompute(0xA0) { _, _ in
      let b = cache.getOrCompute(0xB0) { _, _ in
        innermost = cache.getOrCompute(0xA0) { _, _ in nil }.status
        return retainedValue(2, tracker)
      }
      #expect(b.status == DCK_CACHE_COMPUTED)
      return retainedValue(1, tracker)
    }
    #expect(innermost == DCK_CACHE_CYCLE)
    #expect(a.status == DCK_CACHE_COMPUTED)
    #expect(payload(cache.get(0xB0)) == 2)
    cache.destroy()
    #expect(tracker.liveCount == 0)
  }

  /// `threads` threads each compute one key and, once every key is pending, ask for the next
  /// thread's key: a ring of waits. The last thread to ask would close it and gets CYCLE instead of
  /// waiting; every other one then gets its value. The keys live in `caches` caches (cycles across
  /// caches are detected too).
  @Test(arguments: [2, 3, 5], [1, 2])
  func crossThreadCycleIsReported(threads: Int, caches cacheCount: Int) {
    let tracker = Tracker()
    let caches = (0..<cacheCount).map { _ in Cache() }
    @Sendable func cache(_ index: Int) -> Cache { caches[index % cacheCount] }
    @Sendable func key(_ index: Int) -> UInt { UInt(0x1000 + index * 8) }

    let allPending = Barrier(threads)
    let inner = Locked([Int: (status: dck_cache_status_t, value: UInt)]())
    let outer = Locked([Int: dck_cache_status_t]())
    runThreads(threads) { index in
      let result = cache(index).getOrCompute(key(index)) { _, _ in
        allPending.arriveAndWait()
        let next = (index + 1) % threads
        let needed = cache(next).getOrCompute(key(next)) { _, _ in nil }
        inner.withLock { $0[index] = (needed.status, UInt(bitPattern: needed.value)) }
        return retainedValue(index, tracker)
      }
      outer.withLock { $0[index] = result.status }
    }

    let innerResults = inner.current
    #expect(innerResults.count == threads)
    #expect(innerResults.values.filter { $0.status == DCK_CACHE_CYCLE }.count == 1)
    #expect(innerResults.values.filter { $0.status == DCK_CACHE_FOUND }.count == threads - 1)
    for (index, result) in innerResults where result.status == DCK_CACHE_FOUND {
      let next = (index + 1) % threads
      #expect(result.value == UInt(bitPattern: cache(next).get(key(next))))
    }
    #expect(outer.current.values.allSatisfy { $0 == DCK_CACHE_COMPUTED })
    for index in 0..<threads {
      #expect(payload(cache(index).get(key(index))) == index)
    }
    caches.forEach { $0.destroy() }
    #expect(tracker.liveCount == 0)
  }
}
