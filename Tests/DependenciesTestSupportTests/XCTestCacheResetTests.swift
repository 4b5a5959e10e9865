@_spi(Internals) import Dependencies
import DependenciesTestSupport
import XCTest

/// `cachedValues.resetCache()` in an XCTest method isolated by the test-support observer (no base
/// class, as the classic library's `CacheTests` runs): the method gets a fresh cache, and the
/// values of its old one are released at once.
final class XCTestCacheResetTests: XCTestCase {
  func testResetCacheReleasesTheValuesOfTheMethod() {
    @Dependency(\.stepCounter) var counter
    weak let first: StepCounter? = counter
    XCTAssertEqual(counter.next(), 1)
    XCTAssertEqual(counter.next(), 2)
    DependencyValues._current.cachedValues.resetCache()
    XCTAssertNil(first)
    XCTAssertEqual(counter.next(), 1)
  }
}
