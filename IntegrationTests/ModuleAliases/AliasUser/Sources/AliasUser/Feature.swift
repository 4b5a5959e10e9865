import Dependencies

// This file imports only Dependencies: the names it re-exports are this library's (under their
// aliases), and nothing else declares them here, so they need no module name.

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

/// Reads the greeting inside a scope that overrides it.
public func greeting(overriddenWith value: String) -> String {
  withDependencies {
    $0.greeting = value
  } operation: {
    currentGreeting()
  }
}

/// This library's `isTesting`, re-exported by Dependencies: `true` in a test.
public var dependenciesIsTesting: Bool { isTesting }

/// This library's `LockIsolated` and `unimplemented`, unqualified.
public func countedUnimplementedCalls() -> Int {
  let calls = LockIsolated(0)
  let endpoint: @Sendable () -> Int = unimplemented("endpoint", placeholder: 0)
  withExpectedIssue {
    calls.withValue { $0 += endpoint() + 1 }
  }
  return calls.value
}
