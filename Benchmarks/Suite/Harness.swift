import AllocationCounter

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

  static let full = BenchmarkSettings(sampleNanoseconds: 60_000_000, samples: 7)
  static let quick = BenchmarkSettings(sampleNanoseconds: 10_000_000, samples: 3)
}

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
}

/// Monotonic nanoseconds.
@inline(__always)
func now() -> UInt64 {
  var time = timespec()
  clock_gettime(CLOCK_MONOTONIC, &time)
  return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

/// Keeps the optimiser from discarding a computed value.
@inline(never)
func blackHole<T>(_ value: T) {
  withExtendedLifetime(value) {}
}

/// Measures `operation`, which performs `iterations` operations per call.
///
/// Warm-up, then calibration of the iteration count so one sample lasts about
/// `settings.sampleNanoseconds`, then `settings.samples` timed samples; the allocation count comes
/// from a separate run of the calibrated size on this thread.
func measure(
  _ settings: BenchmarkSettings, countAllocations: Bool = true,
  _ operation: (_ iterations: Int) -> Void
) -> Measurement {
  var iterations = 1
  while true {
    let start = now()
    operation(iterations)
    let elapsed = now() - start
    if elapsed >= settings.sampleNanoseconds / 4 || iterations >= 1 << 30 {
      let scale = Double(settings.sampleNanoseconds) / Double(max(elapsed, 1))
      iterations = max(1, Int(Double(iterations) * scale))
      break
    }
    iterations *= 4
  }

  var perOperation: [Double] = []
  for _ in 0..<settings.samples {
    let start = now()
    operation(iterations)
    perOperation.append(Double(now() - start) / Double(iterations))
  }
  perOperation.sort()

  var allocations: Double?
  var bytes: Double?
  if countAllocations && bench_allocations_supported() != 0 {
    let runs = min(iterations, 10_000)
    let before = bench_allocations_current()
    operation(runs)
    let after = bench_allocations_current()
    allocations = Double(after.count - before.count) / Double(runs)
    bytes = Double(after.bytes - before.bytes) / Double(runs)
  }
  return Measurement(
    medianNanoseconds: perOperation[perOperation.count / 2],
    minNanoseconds: perOperation[0],
    allocations: allocations, bytes: bytes)
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
