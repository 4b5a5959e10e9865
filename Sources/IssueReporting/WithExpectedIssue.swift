/// Runs `body`, which is expected to report an issue: a generalised `withKnownIssue` that works in
/// Swift Testing, in XCTest and outside tests.
///
/// ```swift
/// @Test func missingUser() {
///   withExpectedIssue("The user does not exist") {
///     _ = model.user(id: 42)  // reports "No user with id 42."
///   }
/// }
/// ```
///
/// An error thrown by `body` counts as the expected issue. If `body` reports no issue (and throws
/// nothing), an issue "Known issue was not recorded" (followed by ": <message>" when there is one)
/// is reported in its place, unless `isIntermittent` is true.
///
/// - In a Swift Testing test, this is Swift Testing's `withKnownIssue`, found at run time: every
///   issue recorded in `body` is a known issue, whether reported with `reportIssue` or recorded with
///   `Issue.record` or `#expect`.
/// - Elsewhere (XCTest, and outside tests), the issues `body` reports with `reportIssue` are
///   handed to the reporters' `expectIssue` (the default reporter prints them) instead of failing.
///   Failures `body` records with XCTest's own assertions still fail the test: XCTest on Linux has
///   no `XCTExpectFailure`. (The classic library fails every XCTest test that calls this on
///   Linux.)
///
/// - Parameters:
///   - message: A description of the expected issue.
///   - isIntermittent: Whether the issue occurs only sometimes: if true and no issue is reported,
///     nothing else is reported either.
///   - fileID: The source `#fileID` associated with the expectation.
///   - filePath: The source `#filePath` associated with the expectation.
///   - line: The source `#line` associated with the expectation.
///   - column: The source `#column` associated with the expectation.
///   - body: The code expected to report an issue.
public func withExpectedIssue(
  _ message: String? = nil,
  isIntermittent: Bool = false,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column,
  _ body: () throws -> Void
) {
  if RunningTestFramework.current == .swiftTesting,
    SwiftTestingRuntime.withKnownIssue(
      message, isIntermittent: isIntermittent, fileID: "\(fileID)", filePath: "\(filePath)",
      line: Int(line), column: Int(column), body)
  {
    return
  }
  let expectation = ExpectedIssue(
    message: message, isIntermittent: isIntermittent, fileID: fileID, filePath: filePath,
    line: line, column: column)
  let observer = ExpectedIssueObserver()
  ExpectedIssueObserver.$current.withValue(observer) {
    do {
      try body()
      expectation.finish(observer)
    } catch {
      expectation.expect(error)
    }
  }
}

/// Runs the asynchronous `body`, which is expected to report an issue.
///
/// ```swift
/// @Test func missingUser() async {
///   await withExpectedIssue {
///     await model.load(userID: 42)  // reports "No user with id 42."
///   }
/// }
/// ```
///
/// Like the synchronous `withExpectedIssue`; in a Swift Testing test, this is the asynchronous
/// `withKnownIssue`. In XCTest the issues `body` reports with `reportIssue` are expected too (the
/// classic library reports that asynchronous expectations are unavailable in XCTest instead).
///
/// - Parameters:
///   - message: A description of the expected issue.
///   - isIntermittent: Whether the issue occurs only sometimes: if true and no issue is reported,
///     nothing else is reported either.
///   - isolation: The isolation `body` runs on; the caller's by default.
///   - fileID: The source `#fileID` associated with the expectation.
///   - filePath: The source `#filePath` associated with the expectation.
///   - line: The source `#line` associated with the expectation.
///   - column: The source `#column` associated with the expectation.
///   - body: The code expected to report an issue.
public func withExpectedIssue(
  _ message: String? = nil,
  isIntermittent: Bool = false,
  isolation: isolated (any Actor)? = #isolation,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column,
  _ body: _AsyncThrowingBody
) async {
  if RunningTestFramework.current == .swiftTesting,
    await SwiftTestingRuntime.withKnownIssue(
      message, isIntermittent: isIntermittent, isolation: isolation, fileID: "\(fileID)",
      filePath: "\(filePath)", line: Int(line), column: Int(column), body)
  {
    return
  }
  let expectation = ExpectedIssue(
    message: message, isIntermittent: isIntermittent, fileID: fileID, filePath: filePath,
    line: line, column: column)
  let observer = ExpectedIssueObserver()
  await ExpectedIssueObserver.$current.withValue(
    observer,
    operation: {
      do {
        try await body()
        expectation.finish(observer)
      } catch {
        expectation.expect(error)
      }
    },
    isolation: isolation)
}

/// A `withExpectedIssue` outside a Swift Testing test.
private struct ExpectedIssue {
  let message: String?
  let isIntermittent: Bool
  let fileID: StaticString
  let filePath: StaticString
  let line: UInt
  let column: UInt

  private var location: (fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
    IssueContext.location(fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// After `body` returned: reports that no issue was, when none was and one was due.
  func finish(_ observer: ExpectedIssueObserver) {
    guard observer.count == 0, !isIntermittent else { return }
    let location = location
    for reporter in IssueReporters.current {
      reporter.reportIssue(
        "Known issue was not recorded\(message.map { ": \($0)" } ?? "")", severity: .error,
        fileID: location.fileID, filePath: location.filePath, line: location.line,
        column: location.column)
    }
  }

  /// After `body` threw `error`: the expected issue.
  func expect(_ error: any Error) {
    let location = location
    for reporter in IssueReporters.current {
      reporter.expectIssue(
        error, message, fileID: location.fileID, filePath: location.filePath,
        line: location.line, column: location.column)
    }
  }
}
