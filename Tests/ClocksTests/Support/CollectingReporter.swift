import Clocks
import Foundation
import IssueReporting

/// An issue reporter that collects the issues reported to it, for asserting that an issue was
/// reported.
final class CollectingReporter: IssueReporter, @unchecked Sendable {
  /// One reported issue.
  struct Report {
    /// The message; for a caught error, "Caught error: <error>" and the message, if any.
    var message: String
    var severity: IssueSeverity
    /// The caught error, for an error report.
    var error: (any Error)?
    var fileID: String
    var filePath: String
    var line: UInt
    var column: UInt
  }

  // @unchecked: `collected` is only touched with `lock` held.
  private let lock = NSLock()
  private var collected: [Report] = []

  func reportIssue(
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

  func reportIssue(
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
  var reports: [Report] {
    lock.lock()
    defer { lock.unlock() }
    return collected
  }

  var messages: [String] { reports.map(\.message) }

  /// Where each issue was reported.
  var sites: [Report] { reports }
}

/// Runs the asynchronous `body` and collects the issues it reports.
func collectingIssues<R>(
  isolation: isolated (any Actor)? = #isolation,
  _ body: () async -> R
) async -> (R, CollectingReporter) {
  let reporter = CollectingReporter()
  let result = await withIssueReporters([reporter], isolation: isolation) { await body() }
  return (result, reporter)
}

/// Waits, without relying on timing, until `count` tasks are sleeping on `clock`.
func waitForSleepers(_ clock: TestClock<Duration>, count: Int) async {
  await clock._waitForSleepers(count: count)
}

/// Runs `body` and collects the issues it reports.
func collectingIssues<R>(_ body: () throws -> R) rethrows -> (R, CollectingReporter) {
  let reporter = CollectingReporter()
  let result = try withIssueReporters([reporter]) { try body() }
  return (result, reporter)
}

extension Result where Failure == any Error {
  /// The result of the asynchronous `body`: what it returns, or the error it throws.
  init(catching body: () async throws -> Success) async {
    do {
      self = .success(try await body())
    } catch {
      self = .failure(error)
    }
  }
}
