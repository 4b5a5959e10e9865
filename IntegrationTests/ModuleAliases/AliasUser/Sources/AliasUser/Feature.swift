import Dependencies
import DependenciesMacros

// This file imports only Dependencies and DependenciesMacros: the names they re-export are this
// library's (under their aliases), and nothing else declares them here, so they need no module
// name.

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

/// A client of the macros: their expansions must not name the modules the aliases rename.
@DependencyClient
public struct GreetingClient: Sendable {
  public var greet: @Sendable (_ name: String) async throws -> String
  public var isFriendly: @Sendable () -> Bool = { true }
  public var reset: @Sendable () -> Void
}

extension DependencyValues {
  @DependencyEntry public var greetingClient = GreetingClient()
  @DependencyEntry(liveValue: "live salutation") public var salutation: String = "test salutation"
}

/// Greets `name` with the client in the current scope.
public func greet(_ name: String) async throws -> String {
  @Dependency(\.greetingClient) var client
  return try await client.greet(name: name)
}

/// The salutation in the current scope, and in a live context.
public var salutations: (current: String, live: String) {
  @Dependency(\.salutation) var current
  let live = withDependencies {
    $0.context = .live
  } operation: {
    @Dependency(\.salutation) var salutation
    return salutation
  }
  return (current, live)
}
