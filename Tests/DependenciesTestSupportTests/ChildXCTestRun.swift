import ChildTestRun
import Testing
import XCTest

/// XCTest classes whose methods must run one after the other in one process (a method checks what
/// an earlier one left behind): a Swift Testing test runs such a class in a child XCTest run of its
/// own, and the class skips its methods in any other run. A run that gives each XCTest method a
/// process of its own (`swift test --parallel`) could not run them otherwise.
enum ChildXCTestRun {
  /// The child run of `testClass`: its qualified name.
  private static func name(of testClass: AnyClass) -> String { String(reflecting: testClass) }

  /// For `setUpWithError()` of such a class: skips the method outside the class's child run.
  static func skipOutsideItsRun(_ testCase: XCTestCase) throws {
    try XCTSkipUnless(
      ChildTestRun.isChild(name(of: type(of: testCase))),
      "runs only in the child XCTest run its Swift Testing test starts (ChildXCTestRun)")
  }

  /// Runs every method of `testClass`, in XCTest's order, in a child process, and expects all
  /// `count` of them to pass (none skipped).
  static func expectEveryMethodPasses(
    of testClass: XCTestCase.Type, count: Int, sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    let run = try await ChildTestRun.runXCTest(name(of: testClass), tests: [name(of: testClass)])
    #expect(run.status == 0, "\(run)", sourceLocation: sourceLocation)
    #expect(
      run.output.contains("Executed \(count) tests, with 0 failures"), "\(run)",
      sourceLocation: sourceLocation)
  }
}
