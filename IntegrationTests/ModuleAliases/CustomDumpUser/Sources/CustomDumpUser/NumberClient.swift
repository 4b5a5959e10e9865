import Dependencies
import DependenciesMacros

/// A dependency client written as the classic documentation writes one.
@DependencyClient
public struct NumberClient: Sendable {
  /// A fact about `number`.
  public var fact: @Sendable (_ number: Int) async throws -> String
  /// Whether `number` is a favourite.
  public var isFavorite: @Sendable (_ number: Int) -> Bool = { _ in false }
  /// Forgets the favourites.
  public var reset: @Sendable () -> Void
}

extension NumberClient: TestDependencyKey {
  public static let testValue = NumberClient()
}

extension DependencyValues {
  /// The number client; unimplemented in tests.
  public var numberClient: NumberClient {
    get { self[NumberClient.self] }
    set { self[NumberClient.self] = newValue }
  }

  /// The prefix of a described number: "live" in an application, "test" in a test.
  @DependencyEntry(liveValue: "live") public var descriptionPrefix: String = "test"
}
