import DependenciesTestSupport
import Foundation

/// A stateful test value: each cache of default values builds a new one, so it restarts per test.
final class StepCounter: @unchecked Sendable {
  // @unchecked: `value` is only touched with `lock` held.
  private let lock = NSLock()
  private var value = 0
  func next() -> Int {
    lock.lock()
    defer { lock.unlock() }
    value += 1
    return value
  }
}

enum StepCounterKey: TestDependencyKey {
  static var testValue: StepCounter { StepCounter() }
}

enum GreetingKey: DependencyKey {
  static let liveValue = "live greeting"
  static let testValue = "test greeting"
}

struct Settings: TestDependencyKey, Sendable, Equatable {
  var isDarkMode = false
  static let testValue = Settings()
}

enum MustOverrideKey: StrictDependencyKey {
  static let liveValue = "live"
}

extension DependencyValues {
  var stepCounter: StepCounter {
    get { self[StepCounterKey.self] }
    set { self[StepCounterKey.self] = newValue }
  }
  var greeting: String {
    get { self[GreetingKey.self] }
    set { self[GreetingKey.self] = newValue }
  }
  var mustOverride: String {
    get { self[MustOverrideKey.self] }
    set { self[MustOverrideKey.self] = newValue }
  }
}
