extension IssueReporter where Self == _DefaultReporter {
  /// The default reporter: fails the running test in a test, and prints a runtime warning in an
  /// application.
  ///
  /// In a Swift Testing test it records an issue (with the reported severity, and with a caught
  /// error as the issue's `error`); in a Swift Testing run where no test is running on the current
  /// task or thread (a `Task.detached`, a `Thread`), it records the issue for the run, which fails,
  /// and prints it too; in an XCTest test it calls `XCTFail` at the reported file and line. The
  /// running test is found at run time, without linking a test framework (see
  /// <doc:ReportingIssuesInTests>). Anywhere else it prints `<fileID>:<line>: <message>` to standard
  /// error. Expected issues (`withExpectedIssue` outside a Swift Testing test) are printed to
  /// standard output instead.
  ///
  /// ```swift
  /// IssueReporters.current = [.default]
  /// ```
  public static var `default`: Self { Self() }

  /// The default reporter, by its former name.
  ///
  /// ```swift
  /// IssueReporters.current = [.default]  // instead of [.runtimeWarning]
  /// ```
  @available(*, deprecated, renamed: "default")
  public static var runtimeWarning: Self { Self() }
}

/// The reporter that fails the running test, or prints a runtime warning outside tests.
///
/// Use ``IssueReporter/default`` to get one.
public struct _DefaultReporter: IssueReporter {
  init() {}

  /// Records the issue in the running test, or prints it to standard error outside tests.
  public func reportIssue(
    _ message: @autoclosure () -> String?,
    severity: IssueSeverity,
    fileID: StaticString,
    filePath: StaticString,
    line: UInt,
    column: UInt
  ) {
    let message = message()
    switch RunningTestFramework.current {
    case .swiftTesting?:
      let recorded = SwiftTestingRuntime.recordIssue(
        message, severity: severity, fileID: "\(fileID)", filePath: "\(filePath)",
        line: Int(line), column: Int(column))
      if recorded { return }
    case .swiftTestingRun?:
      // No test to fail: Swift Testing records the issue for the run, which it fails. Printed too,
      // for an issue reported after the run has ended (Swift Testing then has nowhere to record it).
      let note = RunningTestFramework.noTestNote
      SwiftTestingRuntime.recordIssue(
        message.map { "\($0)\n\n\(note)" } ?? note, severity: severity, fileID: "\(fileID)",
        filePath: "\(filePath)", line: Int(line), column: Int(column))
      runtimeWarning(noTestMessage(message), fileID: fileID, line: line)
      return
    case .xcTest?:
      // XCTest has no warnings: as with the classic library, a warning fails the test too.
      if XCTestRuntime.fail(message ?? "", file: filePath, line: line) { return }
    case nil:
      break
    }
    runtimeWarning(message, fileID: fileID, line: line)
  }

  /// Records the error in the running test (in Swift Testing, as the issue's `error`), or prints
  /// "Caught error: …" to standard error outside tests.
  public func reportIssue(
    _ error: any Error,
    _ message: @autoclosure () -> String?,
    fileID: StaticString,
    filePath: StaticString,
    line: UInt,
    column: UInt
  ) {
    let message = message()
    switch RunningTestFramework.current {
    case .swiftTesting?:
      let recorded = SwiftTestingRuntime.recordError(
        error, message, fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line),
        column: Int(column))
      if recorded { return }
    case .swiftTestingRun?:
      let note = RunningTestFramework.noTestNote
      SwiftTestingRuntime.recordError(
        error, message.map { "\($0)\n\n\(note)" } ?? note, fileID: "\(fileID)",
        filePath: "\(filePath)", line: Int(line), column: Int(column))
      runtimeWarning(noTestMessage(caughtErrorMessage(error, message)), fileID: fileID, line: line)
      return
    case .xcTest?:
      if XCTestRuntime.fail(caughtErrorMessage(error, message), file: filePath, line: line) {
        return
      }
    case nil:
      break
    }
    runtimeWarning(caughtErrorMessage(error, message), fileID: fileID, line: line)
  }

  /// Prints the expected issue to standard output, as `<fileID>:<line>: <message>`.
  public func expectIssue(
    _ message: @autoclosure () -> String?,
    fileID: StaticString,
    filePath: StaticString,
    line: UInt,
    column: UInt
  ) {
    print("\(fileID):\(line): \(message() ?? "")")
  }

  /// The standard-error line of an issue recorded for a Swift Testing run: the message, and why no
  /// test has it.
  private func noTestMessage(_ message: String?) -> String {
    "\(message ?? "Issue reported") (recorded for the Swift Testing run: no test was running on "
      + "this task or thread)"
  }

  /// A runtime warning, as the classic library emits it on Linux: `<fileID>:<line>: <message>` on
  /// standard error.
  private func runtimeWarning(_ message: String?, fileID: StaticString, line: UInt) {
    ProcessEnvironment.writeToStandardError("\(fileID):\(line): \(message ?? "")\n")
  }
}
