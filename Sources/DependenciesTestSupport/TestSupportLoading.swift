import Dependencies
internal import XCTest

/// Called once when a test binary that links this module is loaded (see
/// `DependenciesTestSupportLoader/loader.c`): installs the XCTest observer that gives each test method
/// fresh cached values. (Issues need nothing installed: IssueReporting finds the running test at run
/// time.)
@_cdecl("swift_dependencies_test_support_did_load")
func testSupportDidLoad() {
  XCTestObservationCenter.shared.addTestObserver(FreshCachePerTestObserver())
  _TestCaches._xctestObserverDidInstall()
}

/// Starts a fresh cache of default values before each XCTest test method, and shuts down the values
/// of the method's cache that need it (`ShutdownableDependency`) after it.
final class FreshCachePerTestObserver: NSObject, XCTestObservation {
  func testCaseWillStart(_ testCase: XCTestCase) {
    _TestCaches._xctestCaseWillStart()
  }

  func testCaseDidFinish(_ testCase: XCTestCase) {
    _TestCaches._xctestCaseDidFinish()
  }
}
