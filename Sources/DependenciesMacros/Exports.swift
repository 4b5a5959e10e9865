// `import DependenciesMacros` gives what the classic module's import gives: IssueReporting, whose
// `reportIssue` the expansions call (qualified as `IssueReporting.reportIssue`), and
// XCTestDynamicOverlay.
@_exported import IssueReporting
@_exported import XCTestDynamicOverlay
