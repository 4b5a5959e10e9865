import Dependencies

/// Runs the asynchronous `body` isolated like a test: test context, fresh cache.
func isolated<R>(
  isolation: isolated (any Actor)? = #isolation,
  _ body: () async -> R
) async -> R {
  await withDependencies {
    $0 = ._isolatedForTesting()
  } operation: {
    await body()
  }
}

/// Runs the asynchronous `body` isolated and collects the issues it reports.
func collectingIssues<R>(
  isolation: isolated (any Actor)? = #isolation,
  _ body: () async -> R
) async -> (R, CollectingReporter) {
  let reporter = CollectingReporter()
  let result = await IssueReporters.$override.withValue(
    reporter,
    operation: {
      _ = isolation
      return await isolated(body)
    },
    isolation: isolation)
  return (result, reporter)
}

/// Waits, without relying on timing, until `count` tasks are sleeping on `clock`.
func waitForSleepers(_ clock: TestClock<Duration>, count: Int) async {
  await clock._waitForSleepers(count: count)
}

/// A seeded random number generator (a linear congruential generator), for deterministic tests.
struct LCRNG: RandomNumberGenerator, Sendable {
  var seed: UInt64
  mutating func next() -> UInt64 {
    seed = 2_862_933_555_777_941_757 &* seed &+ 3_037_000_493
    return seed
  }
}
