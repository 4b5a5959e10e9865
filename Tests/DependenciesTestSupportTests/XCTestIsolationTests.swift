import ChildTestRun
import DependenciesTestSupport
import Dependencies_Test_Support
import Testing
import XCTest

final class XCTestIsolationTests: DependenciesTestCase {
  /// While not nil, the failures XCTest records in this test, instead of failing it: XCTest's
  /// expected-failure mechanism on Linux, where `XCTExpectFailure` does not exist.
  private var recordedFailures: [(file: String, line: Int, description: String)]?

  override func recordFailure(
    withDescription description: String, inFile filePath: String, atLine lineNumber: Int,
    expected: Bool
  ) {
    guard recordedFailures != nil else {
      return super.recordFailure(
        withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
    }
    recordedFailures?.append((filePath, lineNumber, description))
  }

  /// Runs `body`, returning the failures it records in this test instead of failing it.
  private func failures(
    recordedBy body: () -> Void
  ) -> [(file: String, line: Int, description: String)] {
    recordedFailures = []
    defer { recordedFailures = nil }
    body()
    return recordedFailures ?? []
  }

  func testRunsInTheTestContext() {
    @Dependency(\.context) var context
    XCTAssertEqual(context, .test)
  }

  func testWithDependenciesWorksAsInAppCode() {
    withDependencies {
      $0.greeting = "override"
    } operation: {
      @Dependency(\.greeting) var greeting
      XCTAssertEqual(greeting, "override")
    }
  }

  func testStrictKeyReadRecordsAFailureAtTheReadSite() {
    let line = #line + 1
    @Dependency(\.mustOverride) var value
    let failures = failures { _ = value }
    XCTAssertEqual(failures.count, 1)
    XCTAssertEqual(failures.first?.file, #filePath)
    XCTAssertEqual(failures.first?.line, line)
    XCTAssertTrue(failures.first?.description.contains("MustOverrideKey") == true)
  }

  func testStrictKeyReadIsAnExpectedIssue() {
    withExpectedIssue {
      @Dependency(\.mustOverride) var value
      _ = value
    }
  }
}

final class ModuleSpellingTests: XCTestCase {
  func testBothModuleNamesExposeTheSameAPI() {
    // `Dependencies_Test_Support` re-exports `DependenciesTestSupport` (and so `Dependencies`).
    let isolated: DependencyValues = withDependencies {
      $0 = DependencyValues()
    } operation: {
      DependencyValues._current
    }
    XCTAssertEqual(isolated.context, .test)
  }
}

/// Each test method of a `DependenciesTestCase` starts with fresh cached values: a stateful value
/// that one method used starts over in the next. Both methods run one after the other in a child
/// XCTest run of their own, so that the second follows the first in its process, which a run that
/// gives each XCTest method a process of its own (`swift test --parallel`) does not do.
@Suite(.enabled(if: ChildTestRun.isSupported, "child runs need /proc/self/exe (Linux)"))
struct XCTestFreshValuesTests {
  @Test func aStatefulValueStartsFreshInEachMethod() async throws {
    try await ChildXCTestRun.expectEveryMethodPasses(of: XCTestFreshValuesChild.self, count: 2)
  }
}

/// The methods `XCTestFreshValuesTests` runs, one after the other, in a child process; skipped in
/// any other run. Each counts once and expects 1: the second fails if it sees the first's counter.
final class XCTestFreshValuesChild: DependenciesTestCase {
  override func setUpWithError() throws { try ChildXCTestRun.skipOutsideItsRun(self) }

  func testStatefulValueStartsFreshA() {
    @Dependency(\.stepCounter) var counter
    XCTAssertEqual(counter.next(), 1)
  }

  func testStatefulValueStartsFreshB() {
    @Dependency(\.stepCounter) var counter
    XCTAssertEqual(counter.next(), 1)
  }
}
