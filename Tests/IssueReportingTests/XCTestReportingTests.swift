import IssueReporting
import XCTest

/// Under XCTest, issues fail the running test through `XCTFail`, found at run time, at the report's
/// own file and line.
final class XCTestReportingTests: XCTestCase {
  private struct Failure: Error {}

  /// While not nil, the failures XCTest records in this test, instead of failing it (XCTest on
  /// Linux has no `XCTExpectFailure`).
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
    recordedBy body: () async throws -> Void
  ) async rethrows -> [(file: String, line: Int, description: String)] {
    recordedFailures = []
    defer { recordedFailures = nil }
    try await body()
    return recordedFailures ?? []
  }

  func testIsTesting() {
    XCTAssertTrue(isTesting)
  }

  func testTheContextIsXCTest() {
    guard case .xcTest? = TestContext.current else {
      return XCTFail("Expected .xcTest, got \(String(describing: TestContext.current))")
    }
  }

  func testAnIssueFailsTheTestAtTheCallersLine() async {
    let line = #line + 1
    let failures = await failures { reportIssue("Something went wrong") }
    XCTAssertEqual(failures.count, 1)
    XCTAssertEqual(failures.first?.file, #filePath)
    XCTAssertEqual(failures.first?.line, line)
    XCTAssertEqual(failures.first?.description, "failed - Something went wrong")
  }

  func testNoMessage() async {
    let failures = await failures { reportIssue() }
    XCTAssertEqual(failures.map(\.description), ["failed - "])
  }

  func testAnErrorIsDescribed() async {
    let failures = await failures {
      reportIssue(Failure())
      reportIssue(Failure(), "while saving")
      withErrorReporting("loading") { throw Failure() }
    }
    XCTAssertEqual(
      failures.map(\.description),
      [
        "failed - Caught error: Failure()", "failed - Caught error: Failure(): while saving",
        "failed - Caught error: Failure(): loading",
      ])
  }

  func testAWarningFailsTooAsXCTestHasNoWarnings() async {
    let failures = await failures { reportIssue("careful", severity: .warning) }
    XCTAssertEqual(failures.map(\.description), ["failed - careful"])
  }

  func testFromAnAsyncChildTask() async {
    let failures = await failures {
      await withTaskGroup(of: Void.self) { group in
        group.addTask { reportIssue("From a child task") }
      }
    }
    XCTAssertEqual(failures.map(\.description), ["failed - From a child task"])
  }

  func testAnUnimplementedEndpointFailsAtItsDefinition() async {
    let line = #line + 1
    let endpoint: @Sendable (Int) -> Int = unimplemented("Client.endpoint", placeholder: 0)
    let failures = await failures { _ = endpoint(1) }
    XCTAssertEqual(failures.first?.line, line)
    XCTAssertEqual(failures.first?.file, #filePath)
    XCTAssertTrue(
      failures.first?.description.hasPrefix("failed - Unimplemented: Client.endpoint …") == true)
  }

  func testTheIssueContextsLocation() async {
    let failures = await failures {
      withIssueContext(fileID: "A/B.swift", filePath: "/A/B.swift", line: 12, column: 1) {
        reportIssue("In context")
      }
    }
    XCTAssertEqual(failures.first?.file, "/A/B.swift")
    XCTAssertEqual(failures.first?.line, 12)
  }

  func testExpectedIssuesDoNotFail() async {
    let failures = await failures {
      withExpectedIssue { reportIssue("Expected") }
      withExpectedIssue { throw Failure() }
      withExpectedIssue(isIntermittent: true) {}
      await withExpectedIssue {
        await Task.yield()
        reportIssue("Expected asynchronously")
      }
    }
    XCTAssertTrue(failures.isEmpty, "\(failures)")
  }

  func testAMissingExpectedIssueFails() async {
    let line = #line + 2
    let failures = await failures {
      withExpectedIssue("sync") {}
      await withExpectedIssue("async") { await Task.yield() }
    }
    XCTAssertEqual(
      failures.map(\.description),
      [
        "failed - Known issue was not recorded: sync",
        "failed - Known issue was not recorded: async",
      ]
    )
    XCTAssertEqual(failures.first?.line, line)
  }

  func testNoReporters() async {
    let failures = await failures {
      withIssueReporters([]) { reportIssue("Ignored") }
    }
    XCTAssertTrue(failures.isEmpty)
  }
}
