/// The stand-in's `IssueReportingTestSupport`, not this library's.
public let standInIssueReportingTestSupport = true
