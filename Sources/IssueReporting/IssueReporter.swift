import Foundation

/// Receives the issues the library reports: misuse such as a strict key read without an override,
/// a missing live value, or a call to an unimplemented endpoint.
///
/// In a test, the test-support module installs a reporter that fails the running test (a Swift
/// Testing `Issue`, or `XCTFail`) at the place of the read. Without one, issues are written to
/// standard error.
///
/// ```swift
/// struct CollectingReporter: IssueReporter {
///   let messages: LockIsolated<[String]>
///   func reportIssue(_ message: String, at site: IssueSite) {
///     messages.withValue { $0.append(message) }
///   }
/// }
/// ```
public protocol IssueReporter: Sendable {
  /// Records one issue.
  func reportIssue(_ message: String, at site: IssueSite)
}

/// Where an issue was reported from.
public struct IssueSite: Sendable, Hashable, CustomStringConvertible {
  /// The `#fileID` of the report.
  public var fileID: String
  /// The `#filePath` of the report.
  public var filePath: String
  /// The line of the report.
  public var line: UInt
  /// The column of the report.
  public var column: UInt

  /// Creates a site.
  public init(fileID: String, filePath: String, line: UInt, column: UInt) {
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
  }

  /// The file ID and line, as `Module/File.swift:12`.
  public var description: String { "\(fileID):\(line)" }
}

/// The issue reporters in effect.
public enum IssueReporters {
  /// Reporters that replace the installed one for the current task and its children.
  ///
  /// ```swift
  /// IssueReporters.$override.withValue(CollectingReporter(messages: messages)) {
  ///   // issues reported here go to the collecting reporter
  /// }
  /// ```
  @TaskLocal public static var override: (any IssueReporter)?

  private static let lock = NSLock()
  nonisolated(unsafe) private static var _installed: (any IssueReporter)?

  /// The process-wide reporter, installed by the test-support module when it is loaded. `nil` means
  /// issues go to standard error.
  public static var installed: (any IssueReporter)? {
    get { lock.withLock { _installed } }
    set { lock.withLock { _installed = newValue } }
  }

  /// The reporter an issue reported now goes to.
  static var current: any IssueReporter {
    override ?? installed ?? StandardErrorReporter()
  }
}

/// Writes each issue to standard error: the fallback in live runs and in tests that did not load
/// the test-support module.
public struct StandardErrorReporter: IssueReporter {
  /// Creates the reporter.
  public init() {}

  /// Writes `⚠️ swift-dependencies issue at <site>: <message>` to standard error.
  public func reportIssue(_ message: String, at site: IssueSite) {
    ProcessEnvironment.writeToStandardError("⚠️ swift-dependencies issue at \(site): \(message)\n")
  }
}

/// Reports an issue: in a test, fails the test; in a live run, logs it to standard error.
///
/// ```swift
/// guard let user = users[id] else {
///   reportIssue("No user with id \(id).")
///   return nil
/// }
/// ```
public func reportIssue(
  _ message: @autoclosure () -> String = "",
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) {
  IssueReporters.current.reportIssue(
    message(),
    at: IssueSite(
      fileID: "\(fileID)", filePath: "\(filePath)", line: line, column: column))
}
