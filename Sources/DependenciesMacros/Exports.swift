// `import DependenciesMacros` gives what the classic module's import gives: IssueReporting and
// XCTestDynamicOverlay. (The expansions do not rely on these: see ExpansionNames.swift.)
@_exported import IssueReporting
@_exported import XCTestDynamicOverlay
