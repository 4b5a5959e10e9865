import DependenciesTestSupport
import Dependencies_Test_Support
import XCTest

final class XCTestIsolationTests: DependenciesTestCase {
  private var recordedFailures: [String] = []

  override func recordDependencyFailure(_ message: String, at site: IssueSite) {
    // The expected-failure mechanism: a strict-key read below must land here.
    recordedFailures.append("\(site.fileID):\(site.line) \(message)")
  }

  func testRunsInTheTestContext() {
    @Dependency(\.context) var context
    XCTAssertEqual(context, .test)
  }

  func testStatefulValueStartsFreshA() {
    @Dependency(\.stepCounter) var counter
    XCTAssertEqual(counter.next(), 1)
  }

  func testStatefulValueStartsFreshB() {
    @Dependency(\.stepCounter) var counter
    XCTAssertEqual(counter.next(), 1)
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
    @Dependency(\.mustOverride) var value
    _ = value
    XCTAssertEqual(recordedFailures.count, 1)
    XCTAssertTrue(recordedFailures.first?.contains("XCTestIsolationTests.swift") == true)
    XCTAssertTrue(recordedFailures.first?.contains("MustOverrideKey") == true)
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
