import Dependencies
import Foundation

/// What the shutdowns of one test did, in order: "begin X" and "end X" for each value X.
final class ShutdownLog: Sendable {
  private let events = LockIsolated<[String]>([])

  func append(_ event: String) { events.withValue { $0.append(event) } }
  var all: [String] { events.value }

  /// The names whose shutdown began, in order.
  var begun: [String] {
    all.filter { $0.hasPrefix("begin ") }.map { String($0.dropFirst("begin ".count)) }
  }

  /// Whether `first`'s shutdown ended before `second`'s began.
  func ended(_ first: String, before second: String) -> Bool {
    guard let end = all.firstIndex(of: "end \(first)"),
      let begin = all.firstIndex(of: "begin \(second)")
    else { return false }
    return end < begin
  }
}

enum ShutdownLogKey: TestDependencyKey {
  static var testValue: ShutdownLog { ShutdownLog() }
}

extension DependencyValues {
  /// The log of the test: set where a test starts its own cache, so that the values the cache
  /// computes (which read it) log there.
  var shutdownLog: ShutdownLog {
    get { self[ShutdownLogKey.self] }
    set { self[ShutdownLogKey.self] = newValue }
  }
}

/// A value that logs its shutdown, counts its calls, and does what its behaviour says.
final class Resource: ShutdownableDependency {
  enum Behaviour: Sendable {
    case complete
    case fail
    /// Waits until `release` opens, ignoring cancellation (a shutdown that hangs).
    case hang(release: Gate)
  }

  struct Failure: Error, CustomStringConvertible {
    var description: String { "the disk is full" }
  }

  let name: String
  let log: ShutdownLog
  let behaviour: Behaviour
  let calls = LockIsolated(0)
  let sawCancellation = LockIsolated(false)
  private let ended: AsyncStream<Void>
  private let endedContinuation: AsyncStream<Void>.Continuation

  init(_ name: String, log: ShutdownLog, behaviour: Behaviour = .complete) {
    self.name = name
    self.log = log
    self.behaviour = behaviour
    (ended, endedContinuation) = AsyncStream<Void>.makeStream()
  }

  /// Returns once a shutdown of this value has ended (at once if one has).
  func waitUntilShutdownEnds() async {
    for await _ in ended {}
  }

  func shutdown() async throws {
    calls.withValue { $0 += 1 }
    log.append("begin \(name)")
    defer {
      log.append("end \(name)")
      endedContinuation.finish()
    }
    // Give a shutdown that should wait for this one every chance to start early.
    for _ in 0..<20 { await Task.yield() }
    switch behaviour {
    case .complete:
      return
    case .fail:
      throw Failure()
    case .hang(let release):
      await release.wait()
      sawCancellation.setValue(Task.isCancelled)
    }
  }
}

/// Three levels: `ChainTop` reads `ChainMiddle`, which reads `ChainBottom`; all three shut down.
enum ChainBottom: TestDependencyKey {
  static var testValue: Resource {
    @Dependency(\.shutdownLog) var log
    return Resource("bottom", log: log)
  }
}

enum ChainMiddle: TestDependencyKey {
  static var testValue: Resource {
    @Dependency(\.shutdownLog) var log
    @Dependency(ChainBottom.self) var bottom
    _ = bottom
    return Resource("middle", log: log)
  }
}

enum ChainTop: TestDependencyKey {
  static var testValue: Resource {
    @Dependency(\.shutdownLog) var log
    @Dependency(ChainMiddle.self) var middle
    _ = middle
    return Resource("top", log: log)
  }
}

/// A value that needs no shutdown, between two that do: `ThroughPlain` reads `Plain`, which reads
/// `ChainBottom`.
struct Plain: Sendable { var bottomName: String }

enum PlainKey: TestDependencyKey {
  static var testValue: Plain {
    @Dependency(ChainBottom.self) var bottom
    return Plain(bottomName: bottom.name)
  }
}

enum ThroughPlain: TestDependencyKey {
  static var testValue: Resource {
    @Dependency(\.shutdownLog) var log
    @Dependency(PlainKey.self) var plain
    _ = plain
    return Resource("through plain", log: log)
  }
}

/// Two values that read nothing of each other.
enum IndependentA: TestDependencyKey {
  static var testValue: Rendezvous {
    @Dependency(\.shutdownLog) var log
    @Dependency(RendezvousPointKey.self) var point
    return Rendezvous("a", point: point, log: log)
  }
}

enum IndependentB: TestDependencyKey {
  static var testValue: Rendezvous {
    @Dependency(\.shutdownLog) var log
    @Dependency(RendezvousPointKey.self) var point
    return Rendezvous("b", point: point, log: log)
  }
}

/// Where two shutdowns wait for each other: neither returns before both have started, so they only
/// both complete when they run at the same time.
actor RendezvousPoint {
  private var arrived = 0
  private var waiting: [CheckedContinuation<Void, Never>] = []

  func arriveAndWait() async {
    arrived += 1
    if arrived == 2 {
      for continuation in waiting { continuation.resume() }
      waiting = []
      return
    }
    await withCheckedContinuation { waiting.append($0) }
  }

  /// Lets a waiter go when the other never came (after a timeout), so nothing leaks.
  func releaseAll() {
    arrived = 2
    for continuation in waiting { continuation.resume() }
    waiting = []
  }
}

enum RendezvousPointKey: TestDependencyKey {
  static var testValue: RendezvousPoint { RendezvousPoint() }
}

final class Rendezvous: ShutdownableDependency {
  let name: String
  let point: RendezvousPoint
  let log: ShutdownLog

  init(_ name: String, point: RendezvousPoint, log: ShutdownLog) {
    self.name = name
    self.point = point
    self.log = log
  }

  func shutdown() async throws {
    log.append("begin \(name)")
    await point.arriveAndWait()
    log.append("end \(name)")
  }
}

/// A test value that starts a background task; its shutdown cancels the task and waits for it.
final class Ticker: ShutdownableDependency {
  let task: Task<Void, Never>
  let stopped = LockIsolated(false)

  init() {
    let stopped = stopped
    task = Task.detached {
      while !Task.isCancelled {
        try? await Task.sleep(for: .milliseconds(5))
      }
      stopped.setValue(true)
    }
  }

  func shutdown() async {
    task.cancel()
    await task.value
  }
}

enum TickerKey: TestDependencyKey {
  static var testValue: Ticker { Ticker() }
}

/// Counts the shutdowns of values prepared or shared between keys.
final class SharedResource: ShutdownableDependency {
  static let shared = SharedResource()
  let calls = LockIsolated(0)
  func shutdown() async { calls.withValue { $0 += 1 } }
}

enum SharedKeyOne: TestDependencyKey {
  static var testValue: SharedResource { SharedResource.shared }
}

enum SharedKeyTwo: TestDependencyKey {
  static var testValue: SharedResource { SharedResource.shared }
}

enum PreparedResourceKey: TestDependencyKey {
  static var testValue: SharedResource { SharedResource() }
}

/// A key whose default was never read before the shutdown.
enum NeverReadKey: TestDependencyKey {
  static var testValue: Int { 42 }
}

/// Runs `operation` with a cache of its own (test context) whose values log to `log`, and waits
/// until the shutdowns it started have finished.
func withOwnCache<R>(
  log: ShutdownLog, _ update: (inout DependencyValues) -> Void = { _ in },
  operation: () async throws -> R
) async rethrows -> R {
  try await withDependencies {
    $0 = DependencyValues()
    $0.context = .test
    $0.shutdownLog = log
    update(&$0)
  } operation: {
    try await operation()
  }
}
