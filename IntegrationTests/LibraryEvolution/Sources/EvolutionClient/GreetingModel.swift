import Dependencies

/// A feature model: reads each dependency through a key path and through its key type. Created
/// inside `withDependencies`, it keeps seeing that scope's overrides.
public final class GreetingModel {
  @Dependency(\.greeter) public var greeter
  @Dependency(Greeter.self) public var greeterByType
  @Dependency(\.requestID) public var requestID
  @Dependency(RequestIDKey.self) public var requestIDByType
  @Dependency(\.counter) var counter

  public init() {}

  /// The greeting for `name`, tagged with the request it answers.
  public func greeting(for name: String) -> String {
    "\(greeter.greet(name)) (request \(requestID))"
  }

  /// The number after `number`, as the counter client counts.
  public func number(after number: Int) -> Int {
    counter.next(after: number)
  }
}
