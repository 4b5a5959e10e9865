/// A type that receives the issues reported with `reportIssue`.
///
/// The reporters in ``IssueReporters/current`` receive every issue, in order. The default one,
/// ``IssueReporter/default``, fails the running test in a test and prints a runtime warning in an
/// application; ``IssueReporter/fatalError`` and ``IssueReporter/breakpoint`` stop the program.
/// Write your own to log issues, or to collect them in a test:
///
/// ```swift
/// final class CollectingReporter: IssueReporter {
///   let messages = Mutex<[String]>([])
///
///   func reportIssue(
///     _ message: @autoclosure () -> String?,
///     severity: IssueSeverity,
///     fileID: StaticString,
///     filePath: StaticString,
///     line: UInt,
///     column: UInt
///   ) {
///     messages.withLock { $0.append(message() ?? "") }
///   }
/// }
/// ```
///
/// In a test, install it for the scope of an operation:
///
/// ```swift
/// @Test func reportsAMissingUser() {
///   let reporter = CollectingReporter()
///   withIssueReporters([reporter]) {
///     _ = model.user(id: 42)
///   }
///   #expect(reporter.messages.withLock { $0 } == ["No user with id 42."])
/// }
/// ```
///
/// Only ``reportIssue(_:severity:fileID:filePath:line:column:)`` needs an implementation: a caught
/// error is reported as "Caught error: …" with `.error` severity, and issues expected by
/// `withExpectedIssue` outside a test are ignored, unless the reporter implements those
/// requirements too.
public protocol IssueReporter: Sendable {
  /// Called when an issue is reported.
  ///
  /// ```swift
  /// func reportIssue(
  ///   _ message: @autoclosure () -> String?,
  ///   severity: IssueSeverity,
  ///   fileID: StaticString,
  ///   filePath: StaticString,
  ///   line: UInt,
  ///   column: UInt
  /// ) {
  ///   logger.log("\(fileID):\(line): \(message() ?? "Issue reported")")
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - message: A message describing the issue, or nil when none was given.
  ///   - severity: The severity of the issue.
  ///   - fileID: The source `#fileID` associated with the issue.
  ///   - filePath: The source `#filePath` associated with the issue.
  ///   - line: The source `#line` associated with the issue.
  ///   - column: The source `#column` associated with the issue.
  func reportIssue(
    _ message: @autoclosure () -> String?,
    severity: IssueSeverity,
    fileID: StaticString,
    filePath: StaticString,
    line: UInt,
    column: UInt
  )

  /// Called when an error is caught and reported, by `reportIssue(_:_:fileID:filePath:line:column:)`
  /// or `withErrorReporting`.
  ///
  /// The default implementation reports "Caught error: <error>", followed by ": <message>" when
  /// there is one, with `.error` severity.
  ///
  /// ```swift
  /// func reportIssue(
  ///   _ error: any Error,
  ///   _ message: @autoclosure () -> String?,
  ///   fileID: StaticString,
  ///   filePath: StaticString,
  ///   line: UInt,
  ///   column: UInt
  /// ) {
  ///   crashReporter.record(error)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - error: The error.
  ///   - message: A message describing the issue, or nil.
  ///   - fileID: The source `#fileID` associated with the issue.
  ///   - filePath: The source `#filePath` associated with the issue.
  ///   - line: The source `#line` associated with the issue.
  ///   - column: The source `#column` associated with the issue.
  func reportIssue(
    _ error: any Error,
    _ message: @autoclosure () -> String?,
    fileID: StaticString,
    filePath: StaticString,
    line: UInt,
    column: UInt
  )

  /// Called, instead of ``reportIssue(_:severity:fileID:filePath:line:column:)``, when an issue is
  /// reported inside `withExpectedIssue` outside a Swift Testing test.
  ///
  /// The default implementation ignores the issue.
  ///
  /// ```swift
  /// func expectIssue(
  ///   _ message: @autoclosure () -> String?,
  ///   fileID: StaticString,
  ///   filePath: StaticString,
  ///   line: UInt,
  ///   column: UInt
  /// ) {
  ///   logger.info("Expected: \(message() ?? "")")
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - message: A message describing the issue, or nil.
  ///   - fileID: The source `#fileID` associated with the issue.
  ///   - filePath: The source `#filePath` associated with the issue.
  ///   - line: The source `#line` associated with the issue.
  ///   - column: The source `#column` associated with the issue.
  func expectIssue(
    _ message: @autoclosure () -> String?,
    fileID: StaticString,
    filePath: StaticString,
    line: UInt,
    column: UInt
  )

  /// Called, instead of ``reportIssue(_:_:fileID:filePath:line:column:)``, when an error is reported
  /// (or thrown) inside `withExpectedIssue` outside a Swift Testing test.
  ///
  /// The default implementation calls ``expectIssue(_:fileID:filePath:line:column:)`` with
  /// "Caught error: <error>", followed by ": <message>" when there is one.
  ///
  /// ```swift
  /// func expectIssue(
  ///   _ error: any Error,
  ///   _ message: @autoclosure () -> String?,
  ///   fileID: StaticString,
  ///   filePath: StaticString,
  ///   line: UInt,
  ///   column: UInt
  /// ) {
  ///   logger.info("Expected error: \(error)")
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - error: The error.
  ///   - message: A message describing the issue, or nil.
  ///   - fileID: The source `#fileID` associated with the issue.
  ///   - filePath: The source `#filePath` associated with the issue.
  ///   - line: The source `#line` associated with the issue.
  ///   - column: The source `#column` associated with the issue.
  func expectIssue(
    _ error: any Error,
    _ message: @autoclosure () -> String?,
    fileID: StaticString,
    filePath: StaticString,
    line: UInt,
    column: UInt
  )

  /// Called when an issue is reported, without its severity.
  ///
  /// > Important: Deprecated by the classic library in favour of
  /// > ``reportIssue(_:severity:fileID:filePath:line:column:)``; a reporter that implements only
  /// > this requirement still receives every issue.
  ///
  /// - Parameters:
  ///   - message: A message describing the issue, or nil.
  ///   - fileID: The source `#fileID` associated with the issue.
  ///   - filePath: The source `#filePath` associated with the issue.
  ///   - line: The source `#line` associated with the issue.
  ///   - column: The source `#column` associated with the issue.
  func reportIssue(
    _ message: @autoclosure () -> String?,
    fileID: StaticString,
    filePath: StaticString,
    line: UInt,
    column: UInt
  )
}

extension IssueReporter {
  /// Reports the issue with `.error` severity, through
  /// ``reportIssue(_:severity:fileID:filePath:line:column:)``.
  ///
  /// ```swift
  /// reporter.reportIssue("Oops", fileID: #fileID, filePath: #filePath, line: #line, column: #column)
  /// ```
  public func reportIssue(
    _ message: @autoclosure () -> String?,
    fileID: StaticString,
    filePath: StaticString,
    line: UInt,
    column: UInt
  ) {
    reportIssue(
      message(), severity: .error, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Reports "Caught error: <error>", followed by ": <message>" when there is one, with `.error`
  /// severity.
  ///
  /// ```swift
  /// reporter.reportIssue(
  ///   error, "Saving failed", fileID: #fileID, filePath: #filePath, line: #line, column: #column)
  /// ```
  public func reportIssue(
    _ error: any Error,
    _ message: @autoclosure () -> String?,
    fileID: StaticString,
    filePath: StaticString,
    line: UInt,
    column: UInt
  ) {
    reportIssue(
      caughtErrorMessage(error, message()), severity: .error, fileID: fileID,
      filePath: filePath, line: line, column: column)
  }

  /// Ignores the expected issue.
  ///
  /// ```swift
  /// reporter.expectIssue("Oops", fileID: #fileID, filePath: #filePath, line: #line, column: #column)
  /// ```
  public func expectIssue(
    _ message: @autoclosure () -> String?,
    fileID: StaticString,
    filePath: StaticString,
    line: UInt,
    column: UInt
  ) {}

  /// Calls ``expectIssue(_:fileID:filePath:line:column:)`` with "Caught error: <error>", followed by
  /// ": <message>" when there is one.
  ///
  /// ```swift
  /// reporter.expectIssue(
  ///   error, nil, fileID: #fileID, filePath: #filePath, line: #line, column: #column)
  /// ```
  public func expectIssue(
    _ error: any Error,
    _ message: @autoclosure () -> String?,
    fileID: StaticString,
    filePath: StaticString,
    line: UInt,
    column: UInt
  ) {
    expectIssue(
      caughtErrorMessage(error, message()), fileID: fileID, filePath: filePath, line: line,
      column: column)
  }

  /// Forwards to ``reportIssue(_:fileID:filePath:line:column:)``, dropping the severity: for
  /// reporters written before severities existed.
  ///
  /// ```swift
  /// struct LegacyReporter: IssueReporter {
  ///   func reportIssue(
  ///     _ message: @autoclosure () -> String?,
  ///     fileID: StaticString,
  ///     filePath: StaticString,
  ///     line: UInt,
  ///     column: UInt
  ///   ) {
  ///     print(message() ?? "")
  ///   }
  /// }
  /// ```
  @available(
    *, deprecated,
    message: "Implement 'reportIssue(_:severity:fileID:filePath:line:column:)' instead."
  )
  public func reportIssue(
    _ message: @autoclosure () -> String?,
    severity: IssueSeverity,
    fileID: StaticString,
    filePath: StaticString,
    line: UInt,
    column: UInt
  ) {
    reportIssue(message(), fileID: fileID, filePath: filePath, line: line, column: column)
  }
}

/// "Caught error: <error>", followed by ": <message>" when there is one: how every reporter words a
/// caught error.
package func caughtErrorMessage(_ error: any Error, _ message: String?) -> String {
  "Caught error: \(error)\(message.map { ": \($0)" } ?? "")"
}
