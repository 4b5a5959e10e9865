/// The test framework an issue reported now goes to, found at run time.
///
/// - ``swiftTesting`` when a Swift Testing test is running on the current task (`Test.current` is
///   not nil) and its issues can be recorded;
/// - ``xcTest`` otherwise, when the process is running XCTest tests and `XCTFail` was found;
/// - nil otherwise: not a test process, a Swift Testing run outside any test (a detached task, say),
///   or a test framework that could not be reached. Issues then get the behaviour they get in an
///   application.
package enum RunningTestFramework: Equatable, Sendable {
  case swiftTesting
  case xcTest

  /// The framework running the current test, or nil.
  package static var current: Self? {
    guard isTesting else { return nil }
    if SwiftTestingRuntime.canRecordIssues, SwiftTestingRuntime.currentTest() != nil {
      return .swiftTesting
    }
    if ProcessEnvironment.isXCTestRun, XCTestRuntime.isAvailable {
      return .xcTest
    }
    return nil
  }
}
