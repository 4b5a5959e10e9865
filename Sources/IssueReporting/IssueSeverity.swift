/// The severity of an issue reported by `reportIssue`.
///
/// An error fails the running test; a warning is recorded as a warning, which Swift Testing shows
/// without failing the test (XCTest has no warnings: there it fails the test too).
///
/// ```swift
/// if response.isDeprecated {
///   reportIssue("The server flagged this endpoint as deprecated.", severity: .warning)
/// }
/// ```
///
/// A custom ``IssueReporter`` receives the severity of each issue:
///
/// ```swift
/// struct ErrorsOnlyReporter: IssueReporter {
///   func reportIssue(
///     _ message: @autoclosure () -> String?,
///     severity: IssueSeverity,
///     fileID: StaticString,
///     filePath: StaticString,
///     line: UInt,
///     column: UInt
///   ) {
///     guard severity == .error else { return }
///     print("\(fileID):\(line): \(message() ?? "")")
///   }
/// }
/// ```
public enum IssueSeverity: Sendable {
  /// An issue worth attention that does not fail the test (in Swift Testing).
  case warning
  /// An issue that fails the running test.
  case error
}
