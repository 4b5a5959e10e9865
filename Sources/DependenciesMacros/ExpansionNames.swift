import Dependencies
import IssueReporting

// The names the macros' expansions write. An expansion lands in the user's file, where a module
// may be known by another name (SwiftPM's `moduleAliases` renames this package's IssueReporting
// when the classic satellites are in the graph too, and could rename Dependencies or
// DependenciesMacros), and where a declaration of the user's may shadow a short name
// (`Unimplemented`, `DependencyKey`, `reportIssue`). So the expansions name no module: they use
// these, declared by the module that declares the macros (which every file that uses a macro
// imports, whatever it is called), under names no user writes. Used only by expansions; not API.

/// Reports a call to an unimplemented endpoint: `reportIssue` of IssueReporting, with the
/// caller's location.
///
/// `@DependencyEndpoint`'s unimplemented default calls it where the classic expansion calls
/// `IssueReporting.reportIssue`, with the same message, `Unimplemented: 'Client.endpoint'`. The
/// client's name comes from `\(Self.self)` in the expansion, which names a private client as
/// `(Client in _<discriminator>)` in optimised code; it is reported as `Client` in any build, as
/// the library's own reports name types (`ReportedTypeName`).
///
/// - Parameters:
///   - message: The issue's message.
///   - fileID: The source `#fileID` associated with the issue.
///   - filePath: The source `#filePath` associated with the issue.
///   - line: The source `#line` associated with the issue.
///   - column: The source `#column` associated with the issue.
@_documentation(visibility: private)
public func __dependenciesMacrosReportIssue(
  _ message: @autoclosure () -> String?,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) {
  reportIssue(
    message().map(ReportedTypeName.removingAnonymousContexts(from:)), fileID: fileID,
    filePath: filePath, line: line, column: column)
}

/// ``Unimplemented``, the error an unimplemented throwing endpoint throws, for expansions.
@_documentation(visibility: private)
public typealias __DependenciesMacrosUnimplemented = Unimplemented

/// Dependencies' `DependencyKey`, which an entry's key with a live value conforms to, for
/// expansions.
@_documentation(visibility: private)
public typealias __DependenciesMacrosDependencyKey = DependencyKey

/// Dependencies' `TestDependencyKey`, which an entry's key without a live value conforms to, for
/// expansions.
@_documentation(visibility: private)
public typealias __DependenciesMacrosTestDependencyKey = TestDependencyKey
