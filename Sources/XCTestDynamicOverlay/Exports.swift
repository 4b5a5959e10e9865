// `import XCTestDynamicOverlay` gives the issue-reporting API too (`reportIssue`, `unimplemented`,
// `isTesting`, `withErrorReporting`), as the classic module of that name does: it grew into
// IssueReporting, and code written for it still imports it by this name.
@_exported import IssueReporting
