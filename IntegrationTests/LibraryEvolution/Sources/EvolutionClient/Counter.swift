import Dependencies
import DependenciesMacros

/// A client declared with `@DependencyClient`: its expansion calls into DependenciesMacros.
@DependencyClient
public struct Counter: Sendable {
  public var next: @Sendable (_ after: Int) -> Int = { _ in 0 }
  public var reset: @Sendable () throws -> Void
}

extension Counter: DependencyKey {
  public static let liveValue = Counter(next: { $0 + 1 }, reset: {})
  public static let testValue = Counter()
}

extension DependencyValues {
  public var counter: Counter {
    get { self[Counter.self] }
    set { self[Counter.self] = newValue }
  }
}
