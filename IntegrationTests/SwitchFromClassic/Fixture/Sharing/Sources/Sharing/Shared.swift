import CustomDump
import Dependencies
import IssueReporting

/// Shares `value`, reporting an issue when a test shares one: `isTesting` and `reportIssue`, which
/// this library's IssueReporting and the other package's both declare.
public func share(_ value: String) -> String {
  if isTesting {
    reportIssue("shared \(value) in a test")
  }
  return customDump(value)
}
