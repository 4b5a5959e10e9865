import Dependencies
import Foundation

/// A client struct of closures, declared the way classic swift-dependencies users declare them.
public struct NumberFactClient: Sendable {
  public var fetch: @Sendable (Int) async throws -> String

  public init(fetch: @escaping @Sendable (Int) async throws -> String) {
    self.fetch = fetch
  }
}

extension NumberFactClient: DependencyKey {
  public static let liveValue = NumberFactClient { number in "\(number) is a good number." }
  public static let testValue = NumberFactClient(fetch: unimplemented("NumberFactClient.fetch"))
}

extension DependencyValues {
  public var numberFact: NumberFactClient {
    get { self[NumberFactClient.self] }
    set { self[NumberFactClient.self] = newValue }
  }
}

/// A feature model as classic users write one.
@MainActor
public final class CounterModel {
  public var count = 0
  public var facts: [Fact] = []
  public var isTimerRunning = false

  @Dependency(\.continuousClock) var clock
  @Dependency(\.date.now) var now
  @Dependency(\.numberFact) var numberFact
  @Dependency(\.uuid) var uuid

  public struct Fact: Equatable, Sendable {
    public var id: UUID
    public var text: String
    public var date: Date

    public init(id: UUID, text: String, date: Date) {
      self.id = id
      self.text = text
      self.date = date
    }
  }

  public init() {}

  public func incrementButtonTapped() { count += 1 }

  public func factButtonTapped() async throws {
    let text = try await numberFact.fetch(count)
    facts.append(Fact(id: uuid(), text: text, date: now))
  }

  public func timerTicks(_ ticks: Int) async throws {
    isTimerRunning = true
    defer { isTimerRunning = false }
    for _ in 0..<ticks {
      try await clock.sleep(for: .seconds(1))
      count += 1
    }
  }

  /// A child feature that sees the parent's dependencies.
  public func makeChild() -> ChildModel {
    withDependencies(from: self) { ChildModel() }
  }
}

@MainActor
public final class ChildModel {
  @Dependency(\.numberFact) var numberFact
  public init() {}
  public func fact(for number: Int) async throws -> String { try await numberFact.fetch(number) }
}
