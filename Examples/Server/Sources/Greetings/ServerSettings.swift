/// What the server is configured with.
public struct ServerSettings: Sendable {
  /// The word each greeting starts with.
  public var greetingWord: String
  /// Where the server runs, logged at start-up.
  public var region: String

  public init(greetingWord: String = "Hello", region: String = "local") {
    self.greetingWord = greetingWord
    self.region = region
  }
}
