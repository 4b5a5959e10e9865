import CDependencies
import Dependencies
import Foundation
import Testing

/// Misuse and hostile values: each case ends with a clear message (a fatal error in a child process,
/// checked through its standard error) or keeps working without corrupting anything.
///
/// Covered elsewhere: a strict key read in a test without an override
/// (`DefaultValueTests.strictKeyReadInATestReportsTheKeyAndTheReadSite`), and `prepareDependencies`
/// after the key was read (`PrepareDependenciesTests.preparingAKeyThatWasAlreadyReadReportsIt`).
@Suite(.timeLimit(.minutes(2)))
struct BadInputTests {
  // MARK: Cycles

  @Test func aDefaultThatReadsItselfFailsNamingTheKey() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      isolated {
        @Dependency(SelfCycleKey.self) var value
        _ = value
      }
    }
    let message = standardError(result)
    #expect(message.contains("dependency cycle"), "\(message)")
    #expect(
      message.contains(
        "computing the default value of SelfCycleKey needs "
          + "SelfCycleKey itself "
          + "(SelfCycleKey → SelfCycleKey)"),
      "\(message)")
  }

  @Test func aTwoKeyCycleFailsNamingBothKeysInOrder() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      isolated {
        @Dependency(CycleAKey.self) var value
        _ = value
      }
    }
    let message = standardError(result)
    #expect(message.contains("dependency cycle"), "\(message)")
    #expect(
      message.contains(
        "(CycleAKey → CycleBKey → CycleAKey)"),
      "\(message)")
  }

  /// Two threads compute two defaults that need each other: the second to wait would wait forever,
  /// so it fails instead, naming the keys, and the process does not hang.
  @Test func aCycleThroughTwoThreadsFailsInsteadOfDeadlocking() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let done = DispatchSemaphore(value: 0)
      let reads: [@Sendable () -> Void] = [
        { _ = DependencyValues._current[CrossThreadXKey.self] },
        { _ = DependencyValues._current[CrossThreadYKey.self] },
      ]
      for read in reads {
        Thread {
          read()
          done.signal()
        }.start()
      }
      // Neither read can finish: one thread fails the process, the other waits for its partner.
      _ = done.wait(timeout: .now() + 30)
      FileHandle.standardError.write(Data("no cycle was detected within 30 s\n".utf8))
      exit(EXIT_SUCCESS)  // fails the expectation of a failure
    }
    // Whichever thread closes the cycle reports it, with its own part of the chain.
    let message = standardError(result)
    #expect(message.contains("dependency cycle"), "\(message)")
    let x = "CrossThreadXKey"
    let y = "CrossThreadYKey"
    #expect(
      message.contains(
        "the default value of \(y) is being computed on another thread, which waits (directly or "
          + "through other threads) for a default value this thread is computing (this thread: "
          + "\(x) → \(y))")
        || message.contains(
          "the default value of \(x) is being computed on another thread, which waits (directly "
            + "or through other threads) for a default value this thread is computing (this "
            + "thread: \(y) → \(x))"),
      "\(message)")
  }

  // MARK: Defaults that fail

  @Test func aDefaultThatThrowsEndsTheProcessWithTheError() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      isolated {
        @Dependency(ThrowingDefaultKey.self) var config
        _ = config
      }
    }
    let message = standardError(result)
    #expect(message.contains("unexpectedly raised an error"), "\(message)")
    #expect(message.contains("missingFile(path: \"/etc/app/config.json\")"), "\(message)")
  }

  /// Several tasks read the key together: one computes and traps while the others wait for it. The
  /// process ends with the default's message instead of leaving the waiters hanging.
  @Test func aDefaultThatTrapsEndsTheProcessWithItsMessage() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await withDependencies {
        $0 = DependencyValues()
      } operation: {
        await withTaskGroup(of: Void.self) { group in
          for _ in 0..<8 {
            group.addTask {
              @Dependency(TrappingDefaultKey.self) var value
              _ = value
            }
          }
        }
      }
    }
    let message = standardError(result)
    #expect(message.contains("Fatal error"), "\(message)")
    #expect(message.contains("the database at db.internal:5432 is unreachable"), "\(message)")
  }

  // MARK: Detached tasks

  /// A detached task starts from the default values; a scope it enters applies inside it (and to its
  /// children) only, never to the task that created it or to any other task.
  @Test func overridingInsideADetachedTaskStaysInThatTask() async {
    @Dependency(\.requestID) var requestID
    let observations = await withDependencies {
      $0.requestID = 1
    } operation: {
      await withTaskGroup(of: [Int].self) { group in
        for index in 0..<32 {
          group.addTask {
            await Task.detached {
              @Dependency(\.requestID) var requestID
              let before = requestID
              let inside = await withDependencies {
                $0.requestID = 1_000 + index
              } operation: {
                await Task.yield()
                let child = await Task {
                  @Dependency(\.requestID) var requestID
                  return requestID
                }.value
                return [requestID, child]
              }
              return [index, before] + inside + [requestID]
            }.value
          }
          // A sibling that is not detached keeps the scope it was started in.
          group.addTask {
            await Task.yield()
            @Dependency(\.requestID) var requestID
            return [-1, requestID]
          }
        }
        return await group.reduce(into: []) { $0.append($1) }
      }
    }
    for observation in observations {
      if observation[0] == -1 {
        #expect(observation[1] == 1, "a sibling task saw \(observation[1])")
      } else {
        let index = observation[0]
        #expect(
          Array(observation.dropFirst()) == [-1, 1_000 + index, 1_000 + index, -1],
          "detached task \(index) saw \(observation.dropFirst())")
      }
    }
    #expect(observations.count == 64)
    #expect(requestID == -1)
  }

  // MARK: Values whose deinit reads dependencies

  /// A value's `deinit` runs inside the C core's release callback when the last trie (or cache)
  /// holding it goes away; there it reads dependencies, enters `withDependencies`, and computes a
  /// default. Nothing crashes or deadlocks, and every read sees the scope current at that time.
  @Test func aDeinitThatReadsDependenciesRunsInsideTheReleaseCallback() {
    let log = EventLog()
    runDeinitScenarios(log: log)
    #expect(log.events == expectedDeinitEvents, "\(log.events)")
  }

  /// The same scenarios in a process of their own, where the core's live counters are ours alone:
  /// every trie node, trie value reference, cache and cache value reference is given back.
  @Test func aDeinitThatReadsDependenciesLeavesTheCountersConsistent() async {
    let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
      // The first run computes what the scenarios read from the shared cache (that stays for the
      // life of the process); the second must leave everything as it found it.
      runDeinitScenarios(log: EventLog())
      let before = liveCounters()
      let log = EventLog()
      runDeinitScenarios(log: log)
      let after = liveCounters()
      var failures: [String] = []
      if log.events != expectedDeinitEvents { failures.append("events: \(log.events)") }
      if after != before { failures.append("live counters before \(before), after \(after)") }
      if DeinitReader.alive.count != 0 {
        failures.append("\(DeinitReader.alive.count) readers still alive")
      }
      if !failures.isEmpty {
        FileHandle.standardError.write(Data(failures.joined(separator: "\n").utf8))
        exit(EXIT_FAILURE)
      }
    }
    let message = standardError(result)
    #expect(message.isEmpty, "\(message)")
  }
}

// MARK: - Keys

enum SelfCycleKey: Dependency.Key {
  static var liveValue: Int {
    @Dependency(SelfCycleKey.self) var value
    return value + 1
  }
}

enum CycleAKey: Dependency.Key {
  static var liveValue: Int {
    @Dependency(CycleBKey.self) var b
    return b + 1
  }
}

enum CycleBKey: Dependency.Key {
  static var liveValue: Int {
    @Dependency(CycleAKey.self) var a
    return a + 1
  }
}

/// Rendezvous for the two-thread cycle: each default waits until the other has started.
enum CrossThread {
  static let xStarted = DispatchSemaphore(value: 0)
  static let yStarted = DispatchSemaphore(value: 0)
}

enum CrossThreadXKey: Dependency.Key {
  static var liveValue: Int {
    CrossThread.xStarted.signal()
    _ = CrossThread.yStarted.wait(timeout: .now() + 10)
    return DependencyValues._current[CrossThreadYKey.self] + 1
  }
}

enum CrossThreadYKey: Dependency.Key {
  static var liveValue: Int {
    CrossThread.yStarted.signal()
    _ = CrossThread.xStarted.wait(timeout: .now() + 10)
    return DependencyValues._current[CrossThreadXKey.self] + 1
  }
}

enum ConfigError: Error {
  case missingFile(path: String)
}

struct AppConfig: Sendable {
  var port: Int

  static func load(from path: String) throws -> AppConfig {
    throw ConfigError.missingFile(path: path)
  }
}

enum ThrowingDefaultKey: Dependency.Key {
  static var liveValue: AppConfig { try! AppConfig.load(from: "/etc/app/config.json") }
}

enum TrappingDefaultKey: Dependency.Key {
  static var liveValue: Int {
    usleep(50_000)  // long enough for the other readers to start waiting
    fatalError("the database at db.internal:5432 is unreachable")
  }
}

// MARK: - Deinit scenarios

/// Events, in order, from any thread.
final class EventLog: @unchecked Sendable {
  // @unchecked: `entries` is only touched with `lock` held.
  private let lock = NSLock()
  private var entries: [String] = []
  func append(_ event: String) { lock.withLock { entries.append(event) } }
  var events: [String] { lock.withLock { entries } }
}

/// Reads dependencies in its `deinit`, which runs inside the C core's release callback when the
/// last structure holding it lets go. Its `@Dependency` property captured the scope it was created
/// in, so its death also releases that scope's trie from within the callback.
final class DeinitReader: @unchecked Sendable {
  // @unchecked: `log` is thread-safe and the wrapper is immutable after init.
  static let alive = AliveCount()
  let name: String
  let log: EventLog
  @Dependency(\.chain) var capturedChain

  init(_ name: String, log: EventLog) {
    self.name = name
    self.log = log
    Self.alive.add(1)
  }

  deinit {
    @Dependency(\.requestID) var requestID
    let inner = withDependencies {
      $0.requestID = 77
    } operation: {
      @Dependency(\.requestID) var inner
      return inner
    }
    @Dependency(DeinitComputedKey.self) var computed
    log.append(
      "\(name): requestID \(requestID), inner \(inner), captured \(capturedChain), "
        + "computed \(computed)")
    Self.alive.add(-1)
  }
}

enum DeinitReaderKey: Dependency.Key {
  static let liveValue: DeinitReader? = nil
}

/// A default first computed inside a release callback.
enum DeinitComputedKey: Dependency.Key {
  static var liveValue: String {
    @Dependency(\.requestID) var requestID
    return "default@\(requestID)"
  }
}

/// A default whose value is a reader: released when its cache is destroyed.
enum CachedReaderKey: Dependency.Key {
  static var liveValue: DeinitReader {
    @Dependency(EventLogKey.self) var log
    return DeinitReader("cached", log: log)
  }
}

enum EventLogKey: Dependency.Key {
  static let liveValue = EventLog()
}

/// A thread-safe count of live objects.
final class AliveCount: @unchecked Sendable {
  // @unchecked: `value` is only touched with `lock` held.
  private let lock = NSLock()
  private var value = 0
  func add(_ delta: Int) { lock.withLock { value += delta } }
  var count: Int { lock.withLock { value } }
}

/// Three ways for a reader to die inside a release callback:
///   1. "scoped": the scope holding it ends, freeing the trie node that held its last reference;
///   2. "replaced": an update closure assigns the key twice, freeing the intermediate root;
///   3. "cached": it is the default value of an isolated cache, destroyed when the scope ends.
func runDeinitScenarios(log: EventLog) {
  withDependencies {
    $0 = DependencyValues()
    $0.requestID = 3
  } operation: {
    var reader: DeinitReader? = withDependencies {
      $0.chain = "captured"
    } operation: {
      DeinitReader("scoped", log: log)
    }
    withDependencies {
      $0[DeinitReaderKey.self] = reader
      $0.requestID = 5
      reader = nil
    } operation: {
      @Dependency(DeinitReaderKey.self) var held
      log.append("scoped is held: \(held?.name ?? "nil")")
    }
    log.append("scope ended")

    withDependencies {
      $0[DeinitReaderKey.self] = DeinitReader("replaced", log: log)
      $0[DeinitReaderKey.self] = nil
    } operation: {
      log.append("replaced is gone")
    }

    withDependencies {
      $0 = DependencyValues()
      $0[EventLogKey.self] = log
      $0.requestID = 9
    } operation: {
      @Dependency(CachedReaderKey.self) var cached
      log.append("cached is \(cached.name)")
    }
    log.append("cache destroyed")
  }
}

let expectedDeinitEvents = [
  "scoped is held: scoped",
  "scoped: requestID 3, inner 77, captured captured, computed default@3",
  "scope ended",
  "replaced: requestID 3, inner 77, captured test, computed default@3",
  "replaced is gone",
  "cached is cached",
  "cached: requestID 3, inner 77, captured test, computed default@3",
  "cache destroyed",
]

// MARK: - Helpers

private func standardError(_ result: ExitTest.Result?) -> String {
  result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? "(no result)"
}

struct LiveCountersSnapshot: Equatable, CustomStringConvertible {
  var trieNodes: Int64
  var trieValues: Int64
  var caches: Int64
  var cacheValues: Int64

  var description: String {
    "nodes \(trieNodes), trie values \(trieValues), caches \(caches), cache values \(cacheValues)"
  }
}

func liveCounters() -> LiveCountersSnapshot {
  LiveCountersSnapshot(
    trieNodes: dck_debug_live_trie_nodes(), trieValues: dck_debug_live_trie_values(),
    caches: dck_debug_live_caches(), cacheValues: dck_debug_live_cache_values())
}
