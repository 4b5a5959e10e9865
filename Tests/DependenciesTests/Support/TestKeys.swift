import Dependencies
import Foundation

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

/// An issue reporter that collects the issues reported to it, for asserting that an issue was
/// reported.
final class CollectingReporter: IssueReporter, @unchecked Sendable {
  /// One reported issue.
  struct Report {
    /// The message; for a caught error, "Caught error: <error>" and the message, if any.
    var message: String
    var severity: IssueSeverity
    /// The caught error, for an error report.
    var error: (any Error)?
    var fileID: String
    var filePath: String
    var line: UInt
    var column: UInt
  }

  // @unchecked: `collected` is only touched with `lock` held.
  private let lock = NSLock()
  private var collected: [Report] = []

  func reportIssue(
    _ message: @autoclosure () -> String?,
    severity: IssueSeverity,
    fileID: StaticString,
    filePath: StaticString,
    line: UInt,
    column: UInt
  ) {
    append(
      Report(
        message: message() ?? "", severity: severity, fileID: "\(fileID)",
        filePath: "\(filePath)", line: line, column: column))
  }

  func reportIssue(
    _ error: any Error,
    _ message: @autoclosure () -> String?,
    fileID: StaticString,
    filePath: StaticString,
    line: UInt,
    column: UInt
  ) {
    append(
      Report(
        message: "Caught error: \(error)\(message().map { ": \($0)" } ?? "")", severity: .error,
        error: error, fileID: "\(fileID)", filePath: "\(filePath)", line: line, column: column))
  }

  private func append(_ report: Report) {
    lock.lock()
    collected.append(report)
    lock.unlock()
  }

  /// Every report, in order.
  var reports: [Report] {
    lock.lock()
    defer { lock.unlock() }
    return collected
  }

  var messages: [String] { reports.map(\.message) }

  /// Where each issue was reported.
  var sites: [Report] { reports }
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
