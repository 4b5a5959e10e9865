import Dependencies
import Foundation
import IssueCollecting

/// A plain key with distinct live, preview and test values.
enum ChainKey: DependencyKey {
  static let liveValue = "live"
  static let previewValue = "preview"
  static let testValue = "test"
}

/// A key with only a live value: preview and test fall back to it.
enum LiveOnlyKey: Dependency.Key {
  static let liveValue = "live-only"
}

/// A key with a live and a preview value: test falls back to preview.
enum LiveAndPreviewKey: Dependency.Key {
  static let liveValue = "live"
  static let previewValue = "preview"
}

/// A key with a test value only.
enum TestOnlyKey: TestDependencyKey {
  static let testValue = "test-only"
}

/// A strict key.
enum StrictKey: StrictDependencyKey {
  static let liveValue = 1
  static let testValue = -1
}

/// A key used for request isolation tests.
enum RequestIDKey: Dependency.Key {
  static let liveValue = -1
}

/// Counts how often a default was computed.
final class Counter: @unchecked Sendable {
  // @unchecked: `value` is only touched with `lock` held.
  private let lock = NSLock()
  private var value = 0
  func increment() -> Int {
    lock.lock()
    defer { lock.unlock() }
    value += 1
    return value
  }
  var count: Int {
    lock.lock()
    defer { lock.unlock() }
    return value
  }
}

/// A key whose default records each computation.
enum CountedKey: Dependency.Key {
  static let computations = Counter()
  static var liveValue: Int { computations.increment() }
}

/// A client struct of closures, as real code declares dependencies.
struct GreetingClient: Sendable {
  var greet: @Sendable (String) -> String
}

extension GreetingClient: DependencyKey {
  static let liveValue = GreetingClient { "Hello, \($0)!" }
  static let testValue = GreetingClient { "Test, \($0)" }
}

extension DependencyValues {
  var chain: String {
    get { self[ChainKey.self] }
    set { self[ChainKey.self] = newValue }
  }
  var liveOnly: String {
    get { self[LiveOnlyKey.self] }
    set { self[LiveOnlyKey.self] = newValue }
  }
  var liveAndPreview: String {
    get { self[LiveAndPreviewKey.self] }
    set { self[LiveAndPreviewKey.self] = newValue }
  }
  var testOnly: String {
    get { self[TestOnlyKey.self] }
    set { self[TestOnlyKey.self] = newValue }
  }
  var strict: Int {
    get { self[StrictKey.self] }
    set { self[StrictKey.self] = newValue }
  }
  var requestID: Int {
    get { self[RequestIDKey.self] }
    set { self[RequestIDKey.self] = newValue }
  }
  var greeting: GreetingClient {
    get { self[GreetingClient.self] }
    set { self[GreetingClient.self] = newValue }
  }
}

/// Runs `body` isolated like a test under the test-support trait: test context, fresh cache.
func isolated<R>(_ body: () throws -> R) rethrows -> R {
  try withDependencies {
    $0 = DependencyValues()
  } operation: {
    try body()
  }
}

/// Runs `body` isolated and collects the issues it reports.
func collectingIssues<R>(_ body: () throws -> R) rethrows -> (R, CollectingReporter) {
  let reporter = CollectingReporter()
  let result = try withIssueReporters([reporter]) { try isolated(body) }
  return (result, reporter)
}

/// A counter whose every instance starts from one: a stateful test value, new in every test cache.
final class IterationCounter: Sendable {
  private let count = LockIsolated(0)
  func next() -> Int {
    count.withValue {
      $0 += 1
      return $0
    }
  }
}

enum IterationCounterKey: TestDependencyKey {
  static var testValue: IterationCounter { IterationCounter() }
}

/// Runs `body` isolated, in `context`, and collects the issues it reports.
func collectingIssues<R>(in context: DependencyContext, _ body: () -> R) -> (R, CollectingReporter)
{
  collectingIssues {
    withDependencies {
      $0.context = context
    } operation: {
      body()
    }
  }
}
