import CDependencies
import Foundation

/// The C default-value cache read directly (`dck_cache_get` of values already cached) from one and
/// from two threads at once, beside a Swift dictionary behind an `NSLock`.
///
/// Two key sets: a few keys that each keep their own slot of the per-thread memo in front of the
/// table (every read is a memo hit), and 1,000 keys read in a cycle, far more than the memo holds,
/// so nearly every read goes through the epoch-protected table.
func runCacheBenchmarks(_ settings: BenchmarkSettings, _ report: Report) {
  dck_values_set_callbacks(
    { _ = Unmanaged<AnyObject>.fromOpaque($0!).retain() },
    { Unmanaged<AnyObject>.fromOpaque($0!).release() })
  let group = "Default-value cache (C core), reads of cached values"

  let keySets: [(label: String, keys: [UInt])] = [
    ("\(memoResidentKeys.count) keys (memo hits)", memoResidentKeys),
    ("1,000 keys (table reads)", cycledKeys(1_000)),
  ]
  for (label, keys) in keySets {
    let cache = SharedCache(keys: keys)
    let dictionary = LockedDictionary(keys: keys)
    var rates: [Int: Throughput] = [:]
    var plainSwiftRates: [Int: Throughput] = [:]
    for threads in [1, 2] {
      let rate = measureThreads(settings, threads: threads) { thread, iterations, start in
        cache.read(keys, from: thread, iterations: iterations, start: start)
      }
      let plainSwift = measureThreads(settings, threads: threads) { thread, iterations, start in
        dictionary.read(keys, from: thread, iterations: iterations, start: start)
      }
      rates[threads] = rate
      plainSwiftRates[threads] = plainSwift
      report.add(
        throughputRow(
          group, "get, \(label), \(threads) thread\(threads == 1 ? "" : "s")",
          parameter: threads, unit: "reads/s", rate, plainSwift: plainSwift))
    }
    report.add(
      scalingRow(group, "scaling 2 / 1 threads, \(label)", rates, plainSwift: plainSwiftRates))
    cache.destroy()
  }
}

/// Eight keys that land in distinct slots of the cache's per-thread memo, so that once warm every
/// read of them is a memo hit.
///
/// The slot is `hash % 64` of the cache's key hash (`hash_id` in dck_cache.c, context 0), mirrored
/// here only to choose the keys. Should the C side change, the set is still small enough that most
/// reads stay memo hits.
let memoResidentKeys: [UInt] = {
  func slot(_ key: UInt) -> UInt64 {
    var x = UInt64(key)
    x ^= x >> 32
    x &*= 0xD6E8_FEB8_6659_FD93
    x ^= x >> 32
    x &*= 0xD6E8_FEB8_6659_FD93
    x ^= x >> 32
    return x % 64
  }
  var random = SplitMix64(seed: 0xCAC4E)
  var used: Set<UInt64> = []
  var keys: [UInt] = []
  while keys.count < 8 {
    let key = UInt(truncatingIfNeeded: random.next())
    if used.insert(slot(key)).inserted { keys.append(key) }
  }
  return keys
}()

/// `count` distinct pseudo-random keys.
func cycledKeys(_ count: Int) -> [UInt] {
  var random = SplitMix64(seed: UInt64(count))
  var keys: Set<UInt> = []
  var ordered: [UInt] = []
  while ordered.count < count {
    let key = UInt(truncatingIfNeeded: random.next())
    if keys.insert(key).inserted { ordered.append(key) }
  }
  return ordered
}

/// The value stored under every key (its address is what a read returns).
private final class CachedPayload: Sendable {}

/// A `dck_cache_t` holding one value per key, shared by the reading threads.
private final class SharedCache: @unchecked Sendable {
  // @unchecked Sendable: the cache is created and filled before any reader starts, read without
  // locks (its purpose), and destroyed after every reader has finished.
  let cache: OpaquePointer
  let payloads: [CachedPayload]

  init(keys: [UInt]) {
    cache = dck_cache_create()!
    payloads = keys.map { _ in CachedPayload() }
    for (key, payload) in zip(keys, payloads) {
      let status = dck_cache_put(cache, key, 0, Unmanaged.passUnretained(payload).toOpaque())
      precondition(status == DCK_CACHE_INSERTED)
    }
  }

  /// Reads the keys in a cycle (each thread from its own offset), `iterations` times.
  func read(_ keys: [UInt], from thread: Int, iterations: Int, start: () -> Void) {
    let count = keys.count
    var sum: UInt = 0
    for key in keys { sum &+= UInt(bitPattern: dck_cache_get(cache, key, 0)) }  // fills the memo
    var index = (thread &* 397) % count
    start()
    for _ in 0..<iterations {
      sum &+= UInt(bitPattern: dck_cache_get(cache, keys[index], 0))
      index += 1
      if index == count { index = 0 }
    }
    blackHole(sum)
  }

  func destroy() { dck_cache_destroy(cache) }
}

/// The plain Swift equivalent: a `[UInt: AnyObject]` dictionary behind an `NSLock`, taken on every read.
private final class LockedDictionary: @unchecked Sendable {
  // @unchecked Sendable: `storage` is only touched with `lock` held.
  private let lock = NSLock()
  private var storage: [UInt: AnyObject] = [:]

  init(keys: [UInt]) {
    for key in keys { storage[key] = CachedPayload() }
  }

  func value(for key: UInt) -> AnyObject? {
    lock.lock()
    defer { lock.unlock() }
    return storage[key]
  }

  func read(_ keys: [UInt], from thread: Int, iterations: Int, start: () -> Void) {
    let count = keys.count
    var sum: UInt = 0
    var index = (thread &* 397) % count
    start()
    for _ in 0..<iterations {
      if let value = value(for: keys[index]) { sum &+= UInt(bitPattern: ObjectIdentifier(value)) }
      index += 1
      if index == count { index = 0 }
    }
    blackHole(sum)
  }
}
