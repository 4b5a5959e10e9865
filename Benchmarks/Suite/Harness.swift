import AllocationCounter
import CallgrindSamples
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How long and how often each benchmark runs.
struct BenchmarkSettings {
  /// Target duration of one timed sample.
  var sampleNanoseconds: UInt64
  /// Timed samples per benchmark (after one warm-up sample).
  var samples: Int
  /// When set (`--iterations N`), every measurement does a fixed amount of work: one warm-up run
  /// and one sample of exactly `N` operations (rounds, for a throughput), no calibration and no
  /// allocation count. Made for counting instructions with callgrind, which `timedSample` serves.
  var fixedIterations: Int? = nil

  static let full = BenchmarkSettings(sampleNanoseconds: 60_000_000, samples: 7)
  static let quick = BenchmarkSettings(sampleNanoseconds: 10_000_000, samples: 3)
}

/// The sizes the series of rows run over: keys or overrides in context, keys of a trie.
let seriesSizes = [10, 100, 1_000, 10_000]

/// One measured figure.
struct Measurement {
  /// Median over the samples, nanoseconds per operation.
  var medianNanoseconds: Double
  /// Fastest sample, nanoseconds per operation.
  var minNanoseconds: Double
  /// Heap allocations per operation (nil where not counted, e.g. concurrent cases).
  var allocations: Double?
  /// Heap bytes requested per operation.
  var bytes: Double?
  /// With `--iterations`: the number of the measurement's one timed sample (see `timedSample`).
  var sample: Int? = nil
}

/// Monotonic nanoseconds.
@inline(__always)
func now() -> UInt64 {
  var time = timespec()
  clock_gettime(CLOCK_MONOTONIC, &time)
  return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

/// Runs one timed sample of a measurement: returns the nanoseconds it took and the sample's number
/// (1, 2, … in the order the samples of the run are taken).
///
/// Every timed sample of every measurement runs through this function or its asynchronous twin
/// below, and nothing else does, and each is marked for callgrind (`CallgrindSamples`). With
/// `--iterations N` (one sample of N operations per measurement), run the benchmark under
/// `valgrind --tool=callgrind --collect-atstart=no`: dump "sample k" holds the instructions of
/// sample k, and the table names the samples of each row. Collection is per thread: the rows of
/// threads and tasks count only the thread that waits for them, so for instructions per read use
/// the one-thread rows; the rows measured on one task (`measureOnATask`) count that task's thread,
/// which takes the sample.
@inline(never)
func timedSample(_ body: () -> Void) -> (nanoseconds: UInt64, sample: Int) {
  let sample = sampleNumbers.next()
  bench_callgrind_sample_begin()
  let start = now()
  body()
  let elapsed = now() - start
  bench_callgrind_sample_end(sample)
  return (elapsed, sample)
}

/// `timedSample` for an asynchronous body, on the task that calls it. The instructions and the
/// allocations are those of the calling thread, so `body` must not suspend (it would go on on
/// another thread); `measureOnATask` runs only bodies that never do.
func timedSample(_ body: () async -> Void) async -> (nanoseconds: UInt64, sample: Int) {
  let sample = sampleNumbers.next()
  bench_callgrind_sample_begin()
  let start = now()
  await body()
  let elapsed = now() - start
  bench_callgrind_sample_end(sample)
  return (elapsed, sample)
}

/// Numbers the timed samples.
private final class SampleNumbers: @unchecked Sendable {
  // @unchecked Sendable: `count` is only touched with `lock` held.
  private let lock = NSLock()
  private var count = 0

  func next() -> Int {
    lock.lock()
    defer { lock.unlock() }
    count += 1
    return count
  }
}

private let sampleNumbers = SampleNumbers()

/// Keeps the optimiser from discarding a computed value.
@inline(never)
func blackHole<T>(_ value: T) {
  withExtendedLifetime(value) {}
}

/// Measures `operation`, which performs `iterations` operations per call.
///
/// Warm-up, then calibration of the iteration count so one sample lasts about
/// `settings.sampleNanoseconds`, then `settings.samples` timed samples; the allocation count comes
/// from a separate run of the calibrated size on this thread. With `settings.fixedIterations`: one
/// warm-up run and one timed sample of that many operations.
func measure(
  _ settings: BenchmarkSettings, countAllocations: Bool = true,
  _ operation: (_ iterations: Int) -> Void
) -> Measurement {
  if let fixed = settings.fixedIterations {
    operation(fixed)
    let (elapsed, sample) = timedSample { operation(fixed) }
    let perOperation = Double(elapsed) / Double(fixed)
    return Measurement(
      medianNanoseconds: perOperation, minNanoseconds: perOperation, sample: sample)
  }
  var iterations = 1
  while true {
    let start = now()
    operation(iterations)
    if let calibrated = calibrated(iterations, took: now() - start, settings) {
      iterations = calibrated
      break
    }
    iterations *= 4
  }

  var perOperation: [Double] = []
  for _ in 0..<settings.samples {
    let (elapsed, _) = timedSample { operation(iterations) }
    perOperation.append(Double(elapsed) / Double(iterations))
  }
  var allocations: bench_allocations_t?
  if countAllocations && bench_allocations_supported() != 0 {
    let before = bench_allocations_current()
    operation(allocationRuns(iterations))
    allocations = bench_allocations_current() - before
  }
  return Measurement(perOperation: perOperation, allocations: allocations, runs: iterations)
}

/// `measure` for an asynchronous `operation`, on one task: the same protocol (calibration, timed
/// samples, allocation count) run inside a detached task, so that the figures are those of a task,
/// as a server's request handler is one: a task-local binding made there is allocated by the
/// task's allocator, not by malloc. The samples are taken and counted on the task's thread, so
/// `operation` must not suspend (see `timedSample`).
func measureOnATask(
  _ settings: BenchmarkSettings, _ operation: @escaping @Sendable (_ iterations: Int) async -> Void
) -> Measurement {
  runBlocking {
    if let fixed = settings.fixedIterations {
      await operation(fixed)
      let (elapsed, sample) = await timedSample { await operation(fixed) }
      let perOperation = Double(elapsed) / Double(fixed)
      return Measurement(
        medianNanoseconds: perOperation, minNanoseconds: perOperation, sample: sample)
    }
    var iterations = 1
    while true {
      let start = now()
      await operation(iterations)
      if let calibrated = calibrated(iterations, took: now() - start, settings) {
        iterations = calibrated
        break
      }
      iterations *= 4
    }
    var perOperation: [Double] = []
    for _ in 0..<settings.samples {
      let (elapsed, _) = await timedSample { await operation(iterations) }
      perOperation.append(Double(elapsed) / Double(iterations))
    }
    var allocations: bench_allocations_t?
    if bench_allocations_supported() != 0 {
      let before = bench_allocations_current()
      await operation(allocationRuns(iterations))
      allocations = bench_allocations_current() - before
    }
    return Measurement(perOperation: perOperation, allocations: allocations, runs: iterations)
  }
}

/// The calibrated iteration count once a run of `iterations` took long enough to scale from (a
/// quarter of a sample), else nil: run four times as many.
private func calibrated(_ iterations: Int, took elapsed: UInt64, _ settings: BenchmarkSettings)
  -> Int?
{
  guard elapsed >= settings.sampleNanoseconds / 4 || iterations >= 1 << 30 else { return nil }
  let scale = Double(settings.sampleNanoseconds) / Double(max(elapsed, 1))
  return max(1, Int(Double(iterations) * scale))
}

/// How many operations the allocation count of a measurement of `iterations` runs.
private func allocationRuns(_ iterations: Int) -> Int { min(iterations, 10_000) }

extension bench_allocations_t {
  /// The allocations made between two readings.
  fileprivate static func - (after: Self, before: Self) -> Self {
    Self(count: after.count - before.count, bytes: after.bytes - before.bytes)
  }
}

extension Measurement {
  /// A measurement from its samples (per operation, in any order) and the allocations of a run of
  /// `allocationRuns(runs)` operations, if counted.
  fileprivate init(perOperation: [Double], allocations: bench_allocations_t?, runs: Int) {
    let sorted = perOperation.sorted()
    let operations = Double(allocationRuns(runs))
    self.init(
      medianNanoseconds: sorted[sorted.count / 2], minNanoseconds: sorted[0],
      allocations: allocations.map { Double($0.count) / operations },
      bytes: allocations.map { Double($0.bytes) / operations })
  }
}

/// A deterministic pseudo-random generator (SplitMix64), so every run measures the same workload.
struct SplitMix64: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

// MARK: - Throughput

/// One measured throughput figure (operations of all threads or tasks together).
struct Throughput {
  /// The rate of the median sample, operations per second.
  var median: Double
  /// The rate of the fastest sample, operations per second.
  var best: Double
  /// With `--iterations`: the number of the one timed sample (see `timedSample`).
  var sample: Int? = nil
}

/// Calibrates how many rounds one sample runs, then takes the samples: the same protocol as
/// `measure` (calibration run, which doubles as warm-up, then one more warm-up run of the calibrated
/// size, then `settings.samples` timed runs), for workloads that time themselves.
///
/// `run(rounds)` performs `rounds` rounds and returns the nanoseconds they took; a round is
/// `operationsPerRound` operations. `sampleScale` stretches the samples of slow workloads.
func measureRounds(
  _ settings: BenchmarkSettings, operationsPerRound: Int, sampleScale: UInt64 = 1,
  _ run: (_ rounds: Int) -> UInt64
) -> Throughput {
  if let fixed = settings.fixedIterations {
    _ = run(fixed)
    var elapsed: UInt64 = 0
    let (_, sample) = timedSample { elapsed = run(fixed) }
    let rate = Double(fixed) * Double(operationsPerRound) * 1e9 / Double(max(elapsed, 1))
    return Throughput(median: rate, best: rate, sample: sample)
  }
  let target = settings.sampleNanoseconds * sampleScale
  var rounds = 1
  while true {
    let elapsed = run(rounds)
    if elapsed >= target / 4 || rounds >= 1 << 30 {
      rounds = max(1, Int(Double(rounds) * Double(target) / Double(max(elapsed, 1))))
      break
    }
    rounds *= 4
  }
  _ = run(rounds)

  var elapsed: [UInt64] = []
  for _ in 0..<settings.samples {
    var sampleElapsed: UInt64 = 0
    _ = timedSample { sampleElapsed = run(rounds) }
    elapsed.append(sampleElapsed)
  }
  elapsed.sort()
  let operations = Double(rounds) * Double(operationsPerRound)
  return Throughput(
    median: operations * 1e9 / Double(max(elapsed[elapsed.count / 2], 1)),
    best: operations * 1e9 / Double(max(elapsed[0], 1)))
}

/// Holds threads until all of them have arrived, then lets them go together; then collects the time
/// each one finished.
final class StartGate: @unchecked Sendable {
  // @unchecked Sendable: every stored property is only touched with `condition` locked.
  private let condition = NSCondition()
  private var arrived = 0
  private var isOpen = false
  private var finished = 0
  private var lastFinish: UInt64 = 0

  /// Called by a worker once it is set up: blocks until the gate opens.
  func arriveAndWait() {
    condition.lock()
    arrived += 1
    condition.broadcast()
    while !isOpen { condition.wait() }
    condition.unlock()
  }

  /// Called by a worker right after its timed work.
  func finish(at time: UInt64) {
    condition.lock()
    finished += 1
    lastFinish = max(lastFinish, time)
    condition.broadcast()
    condition.unlock()
  }

  /// Waits for `count` workers to arrive, opens the gate, waits for all of them to finish, and
  /// returns the nanoseconds from the opening to the last finish.
  func run(workers count: Int) -> UInt64 {
    condition.lock()
    while arrived < count { condition.wait() }
    let start = now()
    isOpen = true
    condition.broadcast()
    while finished < count { condition.wait() }
    let end = lastFinish
    condition.unlock()
    return end > start ? end - start : 0
  }
}

/// Measures `threads` threads running at once, each performing `iterations` operations per run.
///
/// Every run starts fresh threads (`Thread`, so each is a real kernel thread). Each calls `body`,
/// which sets itself up (enters its scope, warms its reads), calls `start()` right before its timed
/// loop, and returns when the loop is done; the run lasts from the moment the last thread is ready
/// and all are released until the last one finishes, so thread creation and set-up are not timed.
func measureThreads(
  _ settings: BenchmarkSettings, threads: Int,
  _ body: @escaping @Sendable (_ thread: Int, _ iterations: Int, _ start: () -> Void) -> Void
) -> Throughput {
  measureRounds(settings, operationsPerRound: threads) { iterations in
    let gate = StartGate()
    for index in 0..<threads {
      let thread = Thread {
        body(index, iterations) { gate.arriveAndWait() }
        gate.finish(at: now())
      }
      thread.stackSize = 1 << 20
      thread.start()
    }
    return gate.run(workers: threads)
  }
}

/// Runs `body` in a detached task (no task-local values inherited) and blocks the calling thread,
/// which must not be one of the concurrency runtime's, until it returns.
func runBlocking<T: Sendable>(_ body: @escaping @Sendable () async -> T) -> T {
  let box = BlockingResult<T>()
  let done = DispatchSemaphore(value: 0)
  Task.detached {
    box.value = await body()
    done.signal()
  }
  done.wait()
  return box.value!
}

/// The result `runBlocking` hands from its task to the waiting thread.
private final class BlockingResult<T>: @unchecked Sendable {
  // @unchecked Sendable: written once by the task before it signals, read after the wait.
  var value: T?
}

/// Measures an asynchronous workload: `body(rounds)` performs `rounds` rounds of
/// `operationsPerRound` operations each, in a detached task; the time is taken inside the task.
func measureAsync(
  _ settings: BenchmarkSettings, operationsPerRound: Int, sampleScale: UInt64 = 1,
  _ body: @escaping @Sendable (_ rounds: Int) async -> Void
) -> Throughput {
  measureRounds(settings, operationsPerRound: operationsPerRound, sampleScale: sampleScale) {
    rounds in
    runBlocking {
      let start = now()
      await body(rounds)
      return now() - start
    }
  }
}
