/// The stand-in's `IssueReporting`, not this library's.
public let standInIssueReporting = true
