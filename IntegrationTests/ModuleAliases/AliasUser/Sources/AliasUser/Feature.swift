import Clocks
import ConcurrencyExtras
import Dependencies
import IssueReporting

/// A dependency read through this library while the other satellites are in the graph.
public enum GreetingKey: DependencyKey {
  public static let liveValue = "live greeting"
  public static let testValue = "test greeting"
}

extension DependencyValues {
  public var greeting: String {
    get { self[GreetingKey.self] }
    set { self[GreetingKey.self] = newValue }
  }
}

/// Reads the greeting in the current scope.
public func currentGreeting() -> String {
  @Dependency(\.greeting) var greeting
  return greeting
}

/// What `import IssueReporting`, `ConcurrencyExtras` and `Clocks` mean here: the other package's.
public var importedSatellites: [String] {
  [IssueReporting.standInModule, ConcurrencyExtras.standInModule, Clocks.standInModule]
}

/// Reads the greeting inside a scope that overrides it.
public func greeting(overriddenWith value: String) -> String {
  withDependencies {
    $0.greeting = value
  } operation: {
    currentGreeting()
  }
}
