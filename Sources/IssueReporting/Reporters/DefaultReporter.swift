extension IssueReporter where Self == _DefaultReporter {
  /// The default reporter: fails the running test in a test, and prints a runtime warning in an
  /// application.
  ///
  /// In a Swift Testing test it records an issue (with the reported severity, and with a caught
  /// error as the issue's `error`); in an XCTest test it calls `XCTFail` at the reported file and
  /// line. The running test is found at run time, without linking a test framework (see
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

  /// A runtime warning, as the classic library emits it on Linux: `<fileID>:<line>: <message>` on
  /// standard error.
  private func runtimeWarning(_ message: String?, fileID: StaticString, line: UInt) {
    ProcessEnvironment.writeToStandardError("\(fileID):\(line): \(message ?? "")\n")
  }
}
