import Dependencies
import Foundation

/// A stateful dependency: every read of `next()` returns one more than the last.
public final class Counter: @unchecked Sendable {
  // @unchecked: `value` is only touched with `lock` held.
  private let lock = NSLock()
  private var value = 0
  public init() {}
  public func next() -> Int {
    lock.lock()
    defer { lock.unlock() }
    value += 1
    return value
  }
}

extension Counter: TestDependencyKey {
  // A fresh counter per cache of default values, so each test's counter starts at zero.
  public static var testValue: Counter { Counter() }
}

extension DependencyValues {
  public var counter: Counter {
    get { self[Counter.self] }
    set { self[Counter.self] = newValue }
  }
}

/// A plain value dependency, set per test with `prepareDependencies`.
public enum GreetingKey: DependencyKey {
  public static let liveValue = "Hello"
  public static let testValue = "Hello from a test"
}

extension DependencyValues {
  public var greeting: String {
    get { self[GreetingKey.self] }
    set { self[GreetingKey.self] = newValue }
  }
}
