internal import Foundation

/// Counts the issues reported inside `withExpectedIssue` where no test framework handles expected
/// issues (outside a Swift Testing test): while one is in effect, `reportIssue` hands each issue to
/// the reporters' `expectIssue` instead of failing, and counts it.
final class ExpectedIssueObserver: @unchecked Sendable {
  // @unchecked: `_count` is only touched with `lock` held.
  @TaskLocal static var current: ExpectedIssueObserver?

  private let lock = NSLock()
  private var _count = 0

  /// The number of issues reported so far.
  var count: Int { lock.withLock { _count } }

  func recordExpectedIssue() {
    lock.withLock { _count += 1 }
  }
}
