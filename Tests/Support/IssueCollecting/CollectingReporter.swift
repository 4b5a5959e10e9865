// The issue collector the test targets of IssueReporting, Clocks and Dependencies share: a
// reporter that keeps every issue reported to it, and helpers that run code with it installed.

import Foundation
import IssueReporting

/// An issue reporter that collects the issues reported to it, for asserting that an issue was
/// reported.
public final class CollectingReporter: IssueReporter, @unchecked Sendable {
  /// One reported issue.
  public struct Report {
    /// The message; for a caught error, "Caught error: <error>" and the message, if any.
    public var message: String
    public var severity: IssueSeverity
    /// The caught error, for an error report.
    public var error: (any Error)?
    public var fileID: String
    public var filePath: String
    public var line: UInt
    public var column: UInt
  }

  // @unchecked: `collected` is only touched with `lock` held.
  public init() {}

  private let lock = NSLock()
  private var collected: [Report] = []

  public func reportIssue(
    _ message: @autoclosure () -> String?,
    severity: IssueSeverity,
    fileID: StaticString,
    filePath: StaticString,
    line: UInt,
    column: UInt
  ) {
    append(
      Report(
        message: message() ?? "", severity: severity, fileID: "\(fileID)",
        filePath: "\(filePath)", line: line, column: column))
  }

  public func reportIssue(
    _ error: any Error,
    _ message: @autoclosure () -> String?,
    fileID: StaticString,
    filePath: StaticString,
    line: UInt,
    column: UInt
  ) {
    append(
      Report(
        message: "Caught error: \(error)\(message().map { ": \($0)" } ?? "")", severity: .error,
        error: error, fileID: "\(fileID)", filePath: "\(filePath)", line: line, column: column))
  }

  private func append(_ report: Report) {
    lock.lock()
    collected.append(report)
    lock.unlock()
  }

  /// Every report, in order.
  public var reports: [Report] {
    lock.lock()
    defer { lock.unlock() }
    return collected
  }

  public var messages: [String] { reports.map(\.message) }

  /// Where each issue was reported.
  public var sites: [Report] { reports }
}

/// Runs the asynchronous `body` and collects the issues it reports.
public func collectingIssues<R>(
  isolation: isolated (any Actor)? = #isolation,
  _ body: () async -> R
) async -> (R, CollectingReporter) {
  let reporter = CollectingReporter()
  let result = await withIssueReporters([reporter], isolation: isolation) { await body() }
  return (result, reporter)
}

/// Runs `body` and collects the issues it reports.
public func collectingIssues<R>(_ body: () throws -> R) rethrows -> (R, CollectingReporter) {
  let reporter = CollectingReporter()
  let result = try withIssueReporters([reporter]) { try body() }
  return (result, reporter)
}
