/// What `_SwiftTestingBridge` reads from Swift Testing to tell which test case is running: the one
/// seam between the bridge and the Testing library.
///
/// In a test process the facts come from IssueReporting's `SwiftTestingRuntime` (`runtime`): the
/// running `Test` and `Test.Case` values, which the bridge then reflects, and which of the lookups
/// that find them this toolchain's Testing lacks. A test gives facts of its own, with values laid out
/// otherwise, to show what the bridge does when Testing is not what it expects.
package struct _SwiftTestingFacts: Sendable {
  /// Whether this process is a Swift Testing run. Outside one (an XCTest run, which may not load
  /// Testing at all), a missing lookup is not a fault: no Swift Testing test can be running.
  package var isSwiftTestingRun: Bool

  /// What the lookup of the running `Test` (`Test.current`) needs and Testing lacks: type names and
  /// symbols, empty when everything was found.
  package var missingForCurrentTest: [String]

  /// What the lookup of the running `Test.Case` (`Test.Case.current`) needs and Testing lacks,
  /// empty when everything was found.
  package var missingForCurrentTestCase: [String]

  /// The `Test` running on the current task, or nil outside a test.
  package var currentTest: @Sendable () -> Any?

  /// The `Test.Case` running on the current task, or nil outside one (a suite-level trait's scope
  /// runs with a test and no case).
  package var currentTestCase: @Sendable () -> Any?

  /// Facts given by a test.
  ///
  /// ```swift
  /// let facts = _SwiftTestingFacts(
  ///   isSwiftTestingRun: true, missingForCurrentTest: [], missingForCurrentTestCase: [],
  ///   currentTest: { FakeTest(id: "a") },
  ///   currentTestCase: { CaseWithoutKind(kind: .nonParameterized) })
  /// ```
  package init(
    isSwiftTestingRun: Bool,
    missingForCurrentTest: [String],
    missingForCurrentTestCase: [String],
    currentTest: @escaping @Sendable () -> Any?,
    currentTestCase: @escaping @Sendable () -> Any?
  ) {
    self.isSwiftTestingRun = isSwiftTestingRun
    self.missingForCurrentTest = missingForCurrentTest
    self.missingForCurrentTestCase = missingForCurrentTestCase
    self.currentTest = currentTest
    self.currentTestCase = currentTestCase
  }

  /// This process's facts, from `SwiftTestingRuntime` (its lookups resolved once).
  package static let runtime = _SwiftTestingFacts(
    isSwiftTestingRun: ProcessEnvironment.isSwiftTestingRun,
    missingForCurrentTest: SwiftTestingRuntime.missingForCurrentTest,
    missingForCurrentTestCase: SwiftTestingRuntime.missingForCurrentTestCase,
    currentTest: { SwiftTestingRuntime.currentTest() },
    currentTestCase: { SwiftTestingRuntime.currentTestCase() })
}
