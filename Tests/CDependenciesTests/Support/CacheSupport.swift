import CDependencies
import Foundation

/// A `dck_cache_t` handle that threads may share (the C core synchronises itself).
struct Cache: @unchecked Sendable {
  // @unchecked: `raw` is an immutable pointer to a structure that is safe to use from any thread.
  let raw: OpaquePointer

  init() {
    _ = registerValueCallbacks
    raw = dck_cache_create()
  }

  func destroy() { dck_cache_destroy(raw) }

  func get(_ key: UInt, _ context: UInt32 = 0) -> UnsafeMutableRawPointer? {
    dck_cache_get(raw, key, context)
  }

  /// Calls `dck_cache_get_or_compute`, passing `compute` through the `info` pointer.
  func getOrCompute(
    _ key: UInt, _ context: UInt32 = 0,
    _ compute: (UInt, UInt32) -> UnsafeMutableRawPointer?
  ) -> (status: dck_cache_status_t, value: UnsafeMutableRawPointer?) {
    withoutActuallyEscaping(compute) { compute in
      let box = ComputeBox(compute)
      var value: UnsafeMutableRawPointer?
      let status = withExtendedLifetime(box) {
        dck_cache_get_or_compute(
          raw, key, context,
          { key, context, info in
            Unmanaged<ComputeBox>.fromOpaque(info!).takeUnretainedValue().body(key, context)
          },
          Unmanaged.passUnretained(box).toOpaque(), &value)
      }
      return (status, value)
    }
  }

  func put(_ key: UInt, _ context: UInt32 = 0, _ value: TrackedValue) -> dck_cache_status_t {
    dck_cache_put(raw, key, context, value.opaque)
  }

  func replaceComputed(_ key: UInt, _ context: UInt32 = 0, _ value: TrackedValue)
    -> dck_cache_status_t
  {
    dck_cache_replace_computed(raw, key, context, value.opaque)
  }

  var count: Int { dck_cache_count(raw) }
}

/// Carries a Swift closure to the `@convention(c)` compute callback.
private final class ComputeBox {
  let body: (UInt, UInt32) -> UnsafeMutableRawPointer?
  init(_ body: @escaping (UInt, UInt32) -> UnsafeMutableRawPointer?) { self.body = body }
}

/// A new `TrackedValue` as a +1 opaque pointer, as a compute callback returns it.
func retainedValue(_ payload: Int, _ tracker: Tracker) -> UnsafeMutableRawPointer {
  Unmanaged.passRetained(TrackedValue(payload, tracker: tracker)).toOpaque()
}

/// The payload of a value the cache returned (borrowed).
func payload(_ pointer: UnsafeMutableRawPointer?) -> Int? {
  pointer.map { TrackedValue.from($0).payload }
}

/// Runs `body(index)` on `count` new threads (not the cooperative pool, so blocking is fine) and
/// waits for all of them.
func runThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
  startThreads(count, body).wait()
}

/// Starts `count` new threads running `body(index)`; the returned group's `wait()` joins them.
func startThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) -> DispatchGroup {
  let group = DispatchGroup()
  for index in 0..<count {
    group.enter()
    let thread = Thread {
      body(index)
      group.leave()
    }
    thread.stackSize = 1 << 20
    thread.start()
  }
  return group
}

/// What threads that had read every entry of a cache see after one change to it: fills `cache` with
/// `count` keys (spread over the memo and the table; the value of the key at index `i` has payload
/// `i`), starts `threads` threads that read every key three times (filling their per-thread memos),
/// runs `change(keys)` while they wait, then lets each run `check(keys)`. Returns how many reads of
/// the warm-up found a value, and the sum of what the checks returned.
func afterAChange(
  of cache: Cache, tracker: Tracker, keys count: Int = 200, threads: Int = 8,
  _ change: ([UInt]) -> Void, check: @escaping @Sendable ([UInt]) -> Int
) -> (warmUpFound: Int, checked: Int) {
  let keys = (UInt(1)...UInt(count)).map { $0 &* 0x9E37_79B9 }
  for (index, key) in keys.enumerated() {
    _ = cache.getOrCompute(key) { _, _ in retainedValue(index, tracker) }
  }
  let beforeChange = Barrier(threads + 1)
  let afterChange = Barrier(threads + 1)
  let found = Locked(0)
  let checked = Locked(0)
  let readers = startThreads(threads) { _ in
    var seen = 0
    for _ in 0..<3 {
      for key in keys where cache.get(key) != nil { seen += 1 }
    }
    found.withLock { $0 += seen }
    beforeChange.arriveAndWait()
    afterChange.arriveAndWait()
    let result = check(keys)
    checked.withLock { $0 += result }
  }
  beforeChange.arriveAndWait()
  change(keys)
  afterChange.arriveAndWait()
  readers.wait()
  return (found.current, checked.current)
}

/// Starts `threads` threads that each run `read` (returning how many wrong values it saw) while this
/// thread runs `change`, as soon as all have started; returns the wrong values they saw in all.
func readersRacing(
  threads: Int = 4, _ read: @escaping @Sendable () -> Int, with change: () -> Void
) -> Int {
  let start = Barrier(threads + 1)
  let wrong = Locked(0)
  let readers = startThreads(threads) { _ in
    start.arriveAndWait()
    let bad = read()
    wrong.withLock { $0 += bad }
  }
  start.arriveAndWait()
  change()
  readers.wait()
  return wrong.current
}

/// A value shared between threads, protected by a lock.
final class Locked<Value>: @unchecked Sendable {
  // @unchecked: `value` is only touched with `lock` held.
  private let lock = NSLock()
  private var value: Value

  init(_ value: Value) { self.value = value }

  func withLock<R>(_ body: (inout Value) -> R) -> R {
    lock.lock()
    defer { lock.unlock() }
    return body(&value)
  }

  var current: Value { withLock { $0 } }
}

/// Releases `parties` threads together, once all of them have arrived.
final class Barrier: @unchecked Sendable {
  // @unchecked: `remaining` is only touched with `condition` locked.
  private let condition = NSCondition()
  private var remaining: Int

  init(_ parties: Int) { remaining = parties }

  func arriveAndWait() {
    condition.lock()
    remaining -= 1
    if remaining == 0 {
      condition.broadcast()
    } else {
      while remaining > 0 { condition.wait() }
    }
    condition.unlock()
  }
}
