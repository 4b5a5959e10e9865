import Foundation
import IssueReporting

/// An issue reporter that collects messages, for asserting that an issue was reported.
final class CollectingReporter: IssueReporter, @unchecked Sendable {
  // @unchecked: `collected` is only touched with `lock` held.
  private let lock = NSLock()
  private var collected: [(String, IssueSite)] = []

  func reportIssue(_ message: String, at site: IssueSite) {
    lock.lock()
    collected.append((message, site))
    lock.unlock()
  }

  var messages: [String] {
    lock.lock()
    defer { lock.unlock() }
    return collected.map(\.0)
  }

  var sites: [IssueSite] {
    lock.lock()
    defer { lock.unlock() }
    return collected.map(\.1)
  }
}

/// Runs the asynchronous `body` and collects the issues it reports.
func collectingIssues<R>(
  isolation: isolated (any Actor)? = #isolation,
  _ body: () async -> R
) async -> (R, CollectingReporter) {
  let reporter = CollectingReporter()
  let result = await IssueReporters.$override.withValue(
    reporter,
    operation: {
      _ = isolation
      return await body()
    },
    isolation: isolation)
  return (result, reporter)
}

/// Runs `body` and collects the issues it reports.
func collectingIssues<R>(_ body: () throws -> R) rethrows -> (R, CollectingReporter) {
  let reporter = CollectingReporter()
  let result = try IssueReporters.$override.withValue(reporter) { try body() }
  return (result, reporter)
}
