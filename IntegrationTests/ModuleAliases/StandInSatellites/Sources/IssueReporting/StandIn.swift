/// Names the module this is: the stand-in for the classic satellite, not this library's `IssueReporting`.
public let standInModule = "stand-in IssueReporting"
