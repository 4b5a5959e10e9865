import Clocks
import ConcurrencyExtras
import Dependencies
import DependenciesMacros
import IssueReporting

// This file imports the other package's modules by their names and Dependencies: a name both
// declare (`isTesting`, `reportIssue`) is ambiguous unqualified, so it is named with its module.
// `IssueReporting` is the other package's; this library's is `DependenciesIssueReporting`, its alias.

/// What `import IssueReporting`, `ConcurrencyExtras` and `Clocks` mean here: the other package's.
public var importedSatellites: [String] {
  [IssueReporting.standInModule, ConcurrencyExtras.standInModule, Clocks.standInModule]
}

/// The other package's `isTesting` (always `false`) and this library's (`true` in a test).
public var bothIsTesting: (other: Bool, dependencies: Bool) {
  (IssueReporting.isTesting, DependenciesIssueReporting.isTesting)
}

/// The other package's `reportIssue`.
public func otherReport(_ message: String) -> String {
  IssueReporting.reportIssue(message)
}

/// A client declared where `IssueReporting` means the other package's module, whose
/// `reportIssue` reports nothing: its unimplemented endpoints must still report with this
/// library's.
@DependencyClient
public struct OtherPackageClient: Sendable {
  public var load: @Sendable () throws -> Int
  public var name: @Sendable () -> String? = { nil }
}
