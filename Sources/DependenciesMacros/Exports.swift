// `import DependenciesMacros` gives what the classic module's import gives: IssueReporting, whose
// `reportIssue` the expansions call (qualified as `IssueReporting.reportIssue`).
@_exported import IssueReporting

// TODO(XCTestDynamicOverlay): the classic module also re-exports XCTestDynamicOverlay. Another
// branch adds that module to this package; when it lands, add here:
//   @_exported import XCTestDynamicOverlay
// and list it in this target's dependencies in Package.swift.
