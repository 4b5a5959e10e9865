import Dependencies
import InvoiceNumbersCore
import XCTest

// snippet: xctest
// No base class: because the test target links DependenciesTestSupport, each test method starts
// with a fresh cache of default values, so the counter starts from 1 in both.
final class InvoiceCounterXCTests: XCTestCase {
  func testCountsFromOne() {
    @Dependency(\.invoiceCounter) var counter
    XCTAssertEqual(counter.next(), 1)
    XCTAssertEqual(counter.next(), 2)
  }

  func testCountsFromOneAgain() {
    @Dependency(\.invoiceCounter) var counter
    XCTAssertEqual(counter.next(), 1)
  }
}
// end snippet: xctest
