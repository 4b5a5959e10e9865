import CLICore
import ConcurrencyExtras
import CustomDump
import Dependencies
import DependenciesTestSupport
import Foundation
import Testing

/// swift-custom-dump reports through the classic IssueReporting: these tests pass only where its
/// issues reach Swift Testing.
@Suite struct ReportTests {
  @Test(.dependency(\.inventoryStore, InventoryStore { [Item(name: "tape", count: 2)] }))
  func theReportDumpsTheStoredItems() {
    expectNoDifference(
      report(),
      """
      [
        [0]: Item(
          name: "tape",
          count: 2
        )
      ]
      """)
  }

  /// A difference is an issue: inside `withKnownIssue`, a known one.
  @Test func aDifferenceInsideWithKnownIssueIsRecorded() {
    withKnownIssue {
      expectNoDifference(1, 2)
    }
  }

  /// A difference does not stop the test: the code after it runs.
  @Test func aDifferenceOfCollectionsInsideWithKnownIssueIsRecordedAndTheTestGoesOn() {
    let recorded = LockIsolated(false)
    withKnownIssue {
      expectNoDifference([1, 2], [1, 3])
      recorded.setValue(true)
    }
    #expect(recorded.value)
  }

  /// A plain failing `expectNoDifference`: its run must fail. Run only as a run of its own, in a
  /// child process (the outer test sets the variable and checks that run's exit status).
  @Test(.enabled(if: ProcessInfo.processInfo.environment["CUSTOM_DUMP_CLI_FAILING_RUN"] != nil))
  func aPlainDifferenceFailsTheRun() {
    expectNoDifference(1, 2)
  }
}
