import Dependencies

/// A dependency whose default is an object: one per cache of default values, so every read in
/// a cache returns the same instance, whichever way it reads (`\.greeter` or `Greeter.self`).
public final class Greeter: Sendable {
  public let salutation: String

  public init(salutation: String) {
    self.salutation = salutation
  }

  public func greet(_ name: String) -> String { "\(salutation), \(name)" }
}

extension Greeter: DependencyKey {
  public static var liveValue: Greeter { Greeter(salutation: "Hello") }
  public static var testValue: Greeter { Greeter(salutation: "Hello from a test") }
}

extension DependencyValues {
  public var greeter: Greeter {
    get { self[Greeter.self] }
    set { self[Greeter.self] = newValue }
  }
}
