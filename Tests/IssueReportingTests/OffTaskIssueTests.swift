import ChildTestRun
import Foundation
import IssueReporting
import Testing

/// An issue reported where no Swift Testing test is running — a `Task.detached` or a `Thread` that
/// a test started — fails the run (the test that started it cannot be known), with a message that
/// says why; it is never only printed. Each case runs one test of `OffTaskIssueChild` as a Swift
/// Testing run of its own, in a child process, and checks how that run ends.
@Suite(.enabled(if: ChildTestRun.isSupported, "child runs need /proc/self/exe (Linux)"))
struct OffTaskIssueTests {
  @Test(arguments: [
    ("fromADetachedTask", "Reported from a detached task"),
    ("fromAThread", "Reported from a thread"),
    ("anErrorFromADetachedTask", "Caught error: OffTaskFailure(): Caught on a detached task"),
  ])
  func anIssueReportedOffTheTestsTaskFailsTheRun(_ test: String, _ message: String) async throws {
    let run = try await ChildTestRun.run(
      "off-task-issue", filter: "OffTaskIssueChild/\(test)\\(")
    #expect(run.status != 0, "\(run)")
    // Recorded by Swift Testing for the run: no test has it, and the run fails.
    #expect(run.output.contains("Test «unknown» recorded an issue"), "\(run)")
    #expect(run.output.contains(message), "\(run)")
    #expect(
      run.output.contains("No Swift Testing test was running on the task or thread"), "\(run)")
    #expect(run.output.contains("Test run with 1 test in 1 suite failed"), "\(run)")
  }

  /// A warning is recorded for the run as a warning: it is shown, and fails nothing.
  @Test func aWarningReportedOffTheTestsTaskIsRecordedWithoutFailingTheRun() async throws {
    let run = try await ChildTestRun.run(
      "off-task-issue", filter: "OffTaskIssueChild/aWarningFromADetachedTask\\(")
    #expect(run.status == 0, "\(run)")
    #expect(run.output.contains("Test «unknown» recorded a warning"), "\(run)")
    #expect(run.output.contains("Warned from a detached task"), "\(run)")
  }

  @Test func whichFrameworkGetsAnIssue() {
    func resolve(_ canRecord: Bool, _ testRuns: Bool, _ swiftTestingRun: Bool, _ xcTest: Bool)
      -> RunningTestFramework?
    {
      RunningTestFramework.resolve(
        canRecordSwiftTestingIssues: canRecord, swiftTestingTestIsRunning: { testRuns },
        isSwiftTestingRun: swiftTestingRun, canFailXCTestTests: xcTest)
    }
    #expect(resolve(true, true, true, false) == .swiftTesting)
    #expect(resolve(true, true, false, true) == .swiftTesting)
    #expect(resolve(true, false, true, false) == .swiftTestingRun)
    #expect(resolve(true, false, false, true) == .xcTest)
    #expect(resolve(false, true, true, true) == .xcTest)
    #expect(resolve(false, false, true, false) == nil)
    #expect(resolve(true, false, false, false) == nil)
  }
}

struct OffTaskFailure: Error {}

/// The tests `OffTaskIssueTests` runs in child processes; skipped in any other run.
@Suite(
  .enabled(if: ChildTestRun.isChild("off-task-issue"), "runs only in OffTaskIssueTests' child runs")
)
struct OffTaskIssueChild {
  @Test func fromADetachedTask() async {
    await Task.detached { reportIssue("Reported from a detached task") }.value
  }

  @Test func fromAThread() async {
    await withCheckedContinuation { continuation in
      Thread {
        reportIssue("Reported from a thread")
        continuation.resume()
      }.start()
    }
  }

  @Test func anErrorFromADetachedTask() async {
    await Task.detached { reportIssue(OffTaskFailure(), "Caught on a detached task") }.value
  }

  @Test func aWarningFromADetachedTask() async {
    await Task.detached { reportIssue("Warned from a detached task", severity: .warning) }.value
  }
}
