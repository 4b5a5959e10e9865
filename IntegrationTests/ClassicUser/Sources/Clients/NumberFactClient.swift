import Dependencies

/// A client written for the classic library's first `unimplemented`: its test value gives no
/// placeholders, and each endpoint returns a value made up from its result type after reporting.
public struct NumberFactClient: Sendable {
  public enum Mood: String, CaseIterable, Sendable { case curious, bored }
  public struct Level: RawRepresentable, Sendable, Equatable {
    public var rawValue: Int
    public init?(rawValue: Int) { self.rawValue = rawValue }
  }

  public var fact: @Sendable (Int) -> String
  public var count: @Sendable () -> Int
  public var isFavorite: @Sendable (Int) -> Bool
  public var favorites: @Sendable () -> [Int]
  public var mood: @Sendable () -> Mood
  public var level: @Sendable () -> Level
  public var lastFact: @Sendable () -> String?
  public var asyncFact: @Sendable (Int) async -> String
  public var updates: @Sendable () -> AsyncStream<Int>
  public var save: @Sendable (String) async throws -> Void
}

extension NumberFactClient: TestDependencyKey {
  public static let testValue = NumberFactClient(
    fact: unimplemented("NumberFactClient.fact"),
    count: unimplemented("NumberFactClient.count"),
    isFavorite: unimplemented("NumberFactClient.isFavorite"),
    favorites: unimplemented("NumberFactClient.favorites"),
    mood: unimplemented("NumberFactClient.mood"),
    level: unimplemented("NumberFactClient.level"),
    lastFact: unimplemented("NumberFactClient.lastFact"),
    asyncFact: unimplemented("NumberFactClient.asyncFact"),
    updates: unimplemented("NumberFactClient.updates"),
    save: unimplemented("NumberFactClient.save")
  )
}

extension DependencyValues {
  public var numberFact: NumberFactClient {
    get { self[NumberFactClient.self] }
    set { self[NumberFactClient.self] = newValue }
  }
}
