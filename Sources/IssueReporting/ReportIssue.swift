/// Reports an issue: in a test, the running test fails; in an application, a runtime warning is
/// printed.
///
/// ```swift
/// guard let user = users[id] else {
///   reportIssue("No user with id \(id).")
///   return nil
/// }
/// ```
///
/// The issue goes to each reporter of ``IssueReporters/current`` (by default ``IssueReporter/default``,
/// which finds the running test at run time: a Swift Testing issue when a Swift Testing test is
/// running on this task, `XCTFail` when an XCTest test is; see <doc:ReportingIssuesInTests>). A test
/// can expect it:
///
/// ```swift
/// @Test func missingUser() {
///   withKnownIssue {
///     _ = model.user(id: 42)
///   } matching: { issue in
///     issue.description == "Issue recorded (error): No user with id 42."
///   }
/// }
/// ```
///
/// With no message (`reportIssue()`), the issue carries no comment: Swift Testing describes it as
/// "Issue recorded". Inside `withIssueContext`, the context's location replaces the call's; inside
/// `withExpectedIssue` outside a Swift Testing test, the reporters' `expectIssue` receives the issue
/// instead.
///
/// - Parameters:
///   - message: A message describing the issue; nil by default.
///   - severity: The severity of the issue: `.error` (the default) fails the test, `.warning` is
///     recorded as a warning in Swift Testing.
///   - fileID: The source `#fileID` associated with the issue.
///   - filePath: The source `#filePath` associated with the issue.
///   - line: The source `#line` associated with the issue.
///   - column: The source `#column` associated with the issue.
public func reportIssue(
  _ message: @autoclosure () -> String? = nil,
  severity: IssueSeverity = .error,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) {
  let reporters = IssueReporters.current
  guard !reporters.isEmpty else { return }
  let location = IssueContext.location(
    fileID: fileID, filePath: filePath, line: line, column: column)
  if let observer = ExpectedIssueObserver.current {
    observer.recordExpectedIssue()
    for reporter in reporters {
      reporter.expectIssue(
        message(), fileID: location.fileID, filePath: location.filePath, line: location.line,
        column: location.column)
    }
  } else {
    for reporter in reporters {
      reporter.reportIssue(
        message(), severity: severity, fileID: location.fileID, filePath: location.filePath,
        line: location.line, column: location.column)
    }
  }
}

/// Reports a caught error as an issue: in a test, the running test fails with the error itself; in
/// an application, a runtime warning is printed.
///
/// ```swift
/// do {
///   try await client.save(draft)
/// } catch {
///   reportIssue(error, "Saving the draft failed")
/// }
/// ```
///
/// In a Swift Testing test the error is recorded as the issue's `error`, described as
/// "Caught error: <error>", followed by ": <message>" when there is one:
///
/// ```swift
/// @Test func saveFailure() async {
///   await withKnownIssue {
///     await model.saveButtonTapped()
///   } matching: { issue in
///     issue.error is DatabaseError
///   }
/// }
/// ```
///
/// - Parameters:
///   - error: The error that caused the issue.
///   - message: A message describing the issue; nil by default.
///   - fileID: The source `#fileID` associated with the issue.
///   - filePath: The source `#filePath` associated with the issue.
///   - line: The source `#line` associated with the issue.
///   - column: The source `#column` associated with the issue.
public func reportIssue(
  _ error: any Error,
  _ message: @autoclosure () -> String? = nil,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) {
  let reporters = IssueReporters.current
  guard !reporters.isEmpty else { return }
  let location = IssueContext.location(
    fileID: fileID, filePath: filePath, line: line, column: column)
  if let observer = ExpectedIssueObserver.current {
    observer.recordExpectedIssue()
    for reporter in reporters {
      reporter.expectIssue(
        error, message(), fileID: location.fileID, filePath: location.filePath,
        line: location.line, column: location.column)
    }
  } else {
    for reporter in reporters {
      reporter.reportIssue(
        error, message(), fileID: location.fileID, filePath: location.filePath,
        line: location.line, column: location.column)
    }
  }
}
