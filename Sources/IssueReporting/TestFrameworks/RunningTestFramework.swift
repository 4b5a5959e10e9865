/// The test framework an issue reported now goes to, found at run time.
///
/// - ``swiftTesting`` when a Swift Testing test is running on the current task (`Test.current` is
///   not nil) and its issues can be recorded;
/// - ``swiftTestingRun`` in a Swift Testing run where no test is running on the current task or
///   thread: a `Task.detached`, a `Thread`, a Dispatch queue or a C callback that a test started
///   (none of them inherits task-locals, so the test that started it cannot be known). The issue is
///   recorded for the run as a whole, as Swift Testing's own `Issue.record` does there, and fails it;
/// - ``xcTest`` otherwise, when the process is running XCTest tests and `XCTFail` was found;
/// - nil otherwise: not a test process, or a test framework that could not be reached. Issues then
///   get the behaviour they get in an application.
package enum RunningTestFramework: Equatable, Sendable {
  case swiftTesting
  case swiftTestingRun
  case xcTest

  /// The framework running the current test, or nil.
  package static var current: Self? {
    guard isTesting else { return nil }
    return resolve(
      canRecordSwiftTestingIssues: SwiftTestingRuntime.canRecordIssues,
      swiftTestingTestIsRunning: { SwiftTestingRuntime.currentTest() != nil },
      isSwiftTestingRun: ProcessEnvironment.isSwiftTestingRun,
      canFailXCTestTests: ProcessEnvironment.isXCTestRun && XCTestRuntime.isAvailable)
  }

  /// The framework for a test process in the given state (`current` reads it from the process).
  package static func resolve(
    canRecordSwiftTestingIssues: Bool,
    swiftTestingTestIsRunning: () -> Bool,
    isSwiftTestingRun: Bool,
    canFailXCTestTests: Bool
  ) -> Self? {
    if canRecordSwiftTestingIssues {
      if swiftTestingTestIsRunning() { return .swiftTesting }
      if isSwiftTestingRun { return .swiftTestingRun }
    }
    return canFailXCTestTests ? .xcTest : nil
  }

  /// What an issue recorded for the run (``swiftTestingRun``) says after its own message: why it
  /// fails the run and not a test.
  package static let noTestNote = """
    No Swift Testing test was running on the task or thread that reported this issue (a \
    Task.detached, a Thread, a Dispatch queue or a callback started by a test does not know its \
    test), so it fails the test run as a whole. Report it from the test's task (a Task { } inherits \
    the test; Task.detached does not) to have it fail that test.
    """
}
