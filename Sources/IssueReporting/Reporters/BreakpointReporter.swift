#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension IssueReporter where Self == _BreakpointReporter {
  /// A reporter that pauses the program when a debugger is attached.
  ///
  /// It prints `<fileID>:<line>: <message>` ("Issue reported" when there is no message) to standard
  /// error, then, when a debugger is attached, raises `SIGTRAP` so that the debugger stops at the
  /// report.
  ///
  /// ```swift
  /// IssueReporters.current = [.breakpoint]
  /// ```
  public static var breakpoint: Self { Self() }
}

/// The reporter that pauses the program when a debugger is attached.
///
/// Use ``IssueReporter/breakpoint`` to get one.
public struct _BreakpointReporter: IssueReporter {
  init() {}

  /// Prints the issue, then raises `SIGTRAP` when a debugger is attached.
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
    ProcessEnvironment.writeToStandardError("\(fileID):\(line): \(message)\n")
    guard ProcessEnvironment.isDebuggerAttached else { return }
    ProcessEnvironment.writeToStandardError(
      """

      Caught debug breakpoint. Type "continue" ("c") to resume execution.

      """)
    raise(SIGTRAP)
  }
}
