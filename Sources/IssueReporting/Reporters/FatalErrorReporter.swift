extension IssueReporter where Self == _FatalErrorReporter {
  /// A reporter that stops the program: it calls `fatalError` with the issue's message ("Issue
  /// reported" when there is none) at the issue's file and line.
  ///
  /// ```swift
  /// IssueReporters.current = [.fatalError]
  /// ```
  public static var fatalError: Self { Self() }
}

/// The reporter that stops the program when an issue is reported.
///
/// Use ``IssueReporter/fatalError`` to get one.
public struct _FatalErrorReporter: IssueReporter {
  init() {}

  /// Calls `fatalError` with the message.
  public func reportIssue(
    _ message: @autoclosure () -> String?,
    severity: IssueSeverity,
    fileID: StaticString,
    filePath: StaticString,
    line: UInt,
    column: UInt
  ) {
    var message = message() ?? ""
    if message.isEmpty {
      message = "Issue reported"
    }
    Swift.fatalError(message, file: filePath, line: line)
  }
}
