import Dependencies
import XCTest

// The test target links only Dependencies: issues reach the running XCTest test anyway, through
// `XCTFail` at the reported line. XCTest on Linux has no `XCTExpectFailure`; this case expects
// failures by overriding `recordFailure`, through which every XCTest failure passes.

final class XCTestIssueTests: XCTestCase {
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
  private func failures(recordedBy body: () -> Void) -> [(
    file: String, line: Int, description: String
  )] {
    recordedFailures = []
    defer { recordedFailures = nil }
    body()
    return recordedFailures ?? []
  }

  func testAReportedIssueFailsTheTestAtItsLine() {
    let line = #line + 1
    let failures = failures { reportIssue("Something went wrong") }
    XCTAssertEqual(failures.count, 1)
    XCTAssertEqual(failures.first?.file, #filePath)
    XCTAssertEqual(failures.first?.line, line)
    XCTAssertEqual(failures.first?.description, "failed - Something went wrong")
  }

  func testAnUnimplementedEndpointFailsTheTest() {
    @Dependency(\.greeting) var greeting
    let failures = failures { _ = greeting.greet("Blob") }
    XCTAssertEqual(failures.count, 1)
    XCTAssertTrue(
      failures.first?.description.contains("Unimplemented: GreetingClient.greet …") == true)
  }

  func testWithExpectedIssueDoesNotFail() {
    let failures = failures {
      withExpectedIssue { reportIssue("Expected") }
    }
    XCTAssertTrue(failures.isEmpty)
  }
}
