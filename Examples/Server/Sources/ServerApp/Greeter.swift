import Dependencies

/// Makes greetings: a client of closures, as dependencies usually are.
public struct Greeter: Sendable {
  /// The greeting for `user`, and the id of the request it was made for.
  public var greet: @Sendable (_ user: String) async -> Greeting

  public init(greet: @escaping @Sendable (_ user: String) async -> Greeting) {
    self.greet = greet
  }
}

/// A greeting, with the id of the request the greeter saw it was serving.
public struct Greeting: Sendable, Equatable {
  public var text: String
  public var requestID: String

  public init(text: String, requestID: String) {
    self.text = text
    self.requestID = requestID
  }
}

// snippet: greeter
extension Greeter: DependencyKey {
  /// Looks the user up in the directory, then greets them. It reads its dependencies when it is
  /// called, so it sees the request it serves, also after the lookup's suspension.
  public static let liveValue = Greeter { user in
    @Dependency(\.userDirectory) var directory
    @Dependency(\.settings) var settings
    @Dependency(\.requestContext) var request
    let name = await directory.displayName(for: user)
    return Greeting(text: "\(settings.greetingWord), \(name)!", requestID: request.id)
  }

  /// The same in tests: the greeter only reads other dependencies, which a test sets.
  public static var testValue: Greeter { liveValue }
}

extension DependencyValues {
  public var greeter: Greeter {
    get { self[Greeter.self] }
    set { self[Greeter.self] = newValue }
  }
}
// end snippet: greeter
