/// Names the module this is: the stand-in for the classic satellite, not this library's `IssueReportingTestSupport`.
public let standInModule = "stand-in IssueReportingTestSupport"
