import Dependencies
import Feature
import XCTest

// No base class: XCTest resets cached and prepared values before each test method.

final class XCTestIsolationTests: XCTestCase {
  func testFreshCachedValueAndPrepareA() {
    @Dependency(\.counter) var counter
    XCTAssertEqual(counter.next(), 1)
    prepareDependencies { $0.greeting = "A" }
    @Dependency(\.greeting) var greeting
    XCTAssertEqual(greeting, "A")
  }

  func testFreshCachedValueAndPrepareB() {
    @Dependency(\.counter) var counter
    XCTAssertEqual(counter.next(), 1)
    prepareDependencies { $0.greeting = "B" }
    @Dependency(\.greeting) var greeting
    XCTAssertEqual(greeting, "B")
  }
}
