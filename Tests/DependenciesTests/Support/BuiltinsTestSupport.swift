import Dependencies
import IssueCollecting

/// Runs the asynchronous `body` isolated like a test: test context, fresh cache.
func isolated<R>(
  isolation: isolated (any Actor)? = #isolation,
  _ body: () async -> R
) async -> R {
  await withDependencies {
    $0 = DependencyValues()
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
  let result = await withIssueReporters([reporter], isolation: isolation) {
    await isolated(body)
  }
  return (result, reporter)
}

/// Waits, without relying on timing, until `count` tasks are sleeping on `clock`.
func waitForSleepers(_ clock: TestClock<Duration>, count: Int) async {
  await clock._waitForSleepers(count: count)
}
