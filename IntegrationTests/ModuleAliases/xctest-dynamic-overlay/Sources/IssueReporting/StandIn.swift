/// Names the module this is: the stand-in for the classic satellite, not this library's `IssueReporting`.
public let standInModule = "stand-in IssueReporting"

/// The classic module's `isTesting`, which this library's IssueReporting declares too. The
/// stand-in's is always `false`, so that a test can tell which one a name means.
public let isTesting = false

/// The classic module's `reportIssue`, which this library's IssueReporting declares too.
public func reportIssue(_ message: String) -> String { "stand-in reported \(message)" }
