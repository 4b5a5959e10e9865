import IssueReporting
import XCTest

// DependenciesTestObserver: the classic package's Linux product that gives each XCTest test method
// fresh cached dependency values. Here DependenciesTestSupport, which this module links, does that
// already (see DependenciesTestSupportLoader): a test target that lists this product gets the same
// isolation, with or without the other.

/// Registers an XCTest observer that calls `testCaseWillStart` before each XCTest test method, when
/// the process runs tests (`isTesting`); does nothing otherwise.
///
/// ```swift
/// registerTestObserver { print("a test method starts") }
/// ```
///
/// The classic library calls it itself, to reset its cache; nothing here needs it, and it is kept for
/// code that calls it. Each call adds another observer.
///
/// - Parameter testCaseWillStart: The function to call before each test method.
public func registerTestObserver(_ testCaseWillStart: @convention(c) () -> Void) {
  guard isTesting else { return }
  XCTestObservationCenter.shared.addTestObserver(TestMethodStartObserver(testCaseWillStart))
}

/// Calls a C function before each XCTest test method.
private final class TestMethodStartObserver: NSObject, XCTestObservation {
  private let testCaseWillStart: @convention(c) () -> Void

  init(_ testCaseWillStart: @convention(c) () -> Void) {
    self.testCaseWillStart = testCaseWillStart
  }

  func testCaseWillStart(_ testCase: XCTestCase) {
    testCaseWillStart()
  }
}
