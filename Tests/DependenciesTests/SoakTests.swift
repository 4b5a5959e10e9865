import CDependencies
import Dependencies
import Foundation
import Testing

/// A long server-request scenario, off by default: set `SWIFT_DEPENDENCIES_SOAK_SECONDS` (e.g. with
/// `make soak`) to run it for that many seconds.
///
/// Many "connections" run concurrently, each handling one request after another. A request enters
/// `withDependencies` with its own request id and other request-scoped values (a string, a session
/// object), then reads them across suspension points, in `async let` children, in task-group
/// children, and under a nested scope that adds one more key; among them a request store, a
/// default computed from the request's ID (kept by the request's scope), and a flusher, a default
/// that reads nothing and starts a task (one for the process). At the end:
///
///   - every read saw only its own request's values (zero mismatches), its own request's store
///     (one per request), and the process's one flusher;
///   - nothing leaked: the C core's live trie nodes, trie value references, caches and cache value
///     references are back at their starting values, and every session object and request store
///     was deallocated;
///   - memory did not grow: the resident set size at the end is within a modest slack of the one at
///     the end of the first 20% of the run (by then every allocator pool is warm).
///
/// The live counters are process-wide, so the scenario runs in an exit test: a child process of its
/// own, where no other test allocates tries or caches. The child inherits the environment, which is
/// how it gets the duration; it prints a summary, which the parent passes on.
@Suite struct SoakTests {
  static let environmentKey = "SWIFT_DEPENDENCIES_SOAK_SECONDS"

  @Test(
    .enabled(
      if: ProcessInfo.processInfo.environment[environmentKey] != nil,
      "long-running, off by default: run it with make soak"
    ),
    .timeLimit(.minutes(soakTimeLimitMinutes))
  )
  func concurrentRequestsSeeOnlyTheirOwnValuesAndLeakNothing() async {
    let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
      await runSoak()
    }
    if let result {
      print(String(decoding: result.standardOutputContent, as: UTF8.self), terminator: "")
    }
  }
}

/// The requested duration in seconds.
private var soakSeconds: Double {
  ProcessInfo.processInfo.environment[SoakTests.environmentKey].flatMap(Double.init) ?? 60
}

/// Enough for the run, the leak checks and a slow start-up; the child's own watchdog fires first.
private var soakTimeLimitMinutes: Int { Int(soakSeconds / 60) + 3 }

// MARK: - Request-scoped dependencies

/// A request's session: a class, so the trie holds (and must release) a reference to an object.
private final class Session: Sendable {
  let requestID: Int
  init(requestID: Int) {
    self.requestID = requestID
    sessionsAlive.add(1)
  }
  deinit { sessionsAlive.add(-1) }
}

private enum SessionKey: DependencyKey {
  static let liveValue: Session? = nil
}

private enum UserKey: DependencyKey {
  static let liveValue = "anonymous"
}

/// Set only by the nested scope inside a request.
private enum SpanKey: DependencyKey {
  static let liveValue = -1
  static let testValue = -1
}

/// A server's background flusher: its default reads nothing and starts a task, so the process has
/// one, whichever request first reads it (rule 1 of defaults).
private final class Flusher: Sendable {
  let task: Task<Void, Never>
  init() {
    flushersAlive.add(1)
    task = Task {
      while !Task.isCancelled { try? await Task.sleep(for: .milliseconds(20)) }
    }
  }
  deinit { flushersAlive.add(-1) }
}

private enum FlusherKey: DependencyKey {
  static var liveValue: Flusher { Flusher() }
  static var testValue: Flusher { Flusher() }
}

/// A request's store: its default reads the request ID, so each request scope keeps its own, and
/// releases it with the scope (rule 2).
private final class SoakStore: Sendable {
  let requestID: Int
  init(requestID: Int) {
    self.requestID = requestID
    storesAlive.add(1)
  }
  deinit { storesAlive.add(-1) }
}

private enum SoakStoreKey: DependencyKey {
  static var liveValue: SoakStore {
    @Dependency(\.requestID) var requestID
    return SoakStore(requestID: requestID)
  }
  static var testValue: SoakStore { liveValue }
}

/// A thread-safe integer.
private final class LockedCount: @unchecked Sendable {
  // @unchecked: `value` is only touched with `lock` held.
  private let lock = NSLock()
  private var value = 0
  func add(_ delta: Int) { lock.withLock { value += delta } }
  var current: Int { lock.withLock { value } }
}

private let sessionsAlive = LockedCount()
private let flushersAlive = LockedCount()
private let storesAlive = LockedCount()

/// The flusher the warm-up request read: every request must read this one.
private let sharedFlusher = LockIsolated<Flusher?>(nil)

// MARK: - The scenario

private struct WorkerTally: Sendable {
  var requests = 0
  var mismatches = 0
  var firstMismatch: String?

  mutating func record(_ ok: Bool, _ what: @autoclosure () -> String) {
    if !ok {
      mismatches += 1
      if firstMismatch == nil { firstMismatch = what() }
    }
  }

  mutating func merge(_ other: WorkerTally) {
    requests += other.requests
    mismatches += other.mismatches
    if firstMismatch == nil { firstMismatch = other.firstMismatch }
  }
}

/// What a child task of the soak reports.
private enum SoakOutcome: Sendable {
  case worker(WorkerTally)
  case memory(warm: Int, end: Int)
}

/// Reads every request-scoped key and reports whether all belong to `request`.
private func readsBelong(to request: Int, span: Int? = nil) -> Bool {
  @Dependency(\.requestID) var requestID
  @Dependency(UserKey.self) var user
  @Dependency(SessionKey.self) var session
  @Dependency(SpanKey.self) var currentSpan
  @Dependency(SoakStoreKey.self) var store
  @Dependency(SoakStoreKey.self) var sameStore
  @Dependency(FlusherKey.self) var flusher
  return requestID == request && user == "user-\(request)" && session?.requestID == request
    && currentSpan == (span ?? -1) && store.requestID == request && store === sameStore
    && flusher === sharedFlusher.value
}

/// One request, as a server handler would run it.
private func handle(request: Int, tally: inout WorkerTally) async {
  await withDependencies {
    $0.requestID = request
    $0[UserKey.self] = "user-\(request)"
    $0[SessionKey.self] = Session(requestID: request)
  } operation: {
    tally.record(readsBelong(to: request), "request \(request): entry")
    await Task.yield()
    tally.record(readsBelong(to: request), "request \(request): after a yield")

    async let child: Bool = {
      await Task.yield()
      return readsBelong(to: request)
    }()

    let span = request &* 10 &+ 1
    let nested = await withDependencies {
      $0[SpanKey.self] = span
    } operation: {
      await withTaskGroup(of: Bool.self) { group in
        for _ in 0..<2 {
          group.addTask {
            await Task.yield()
            return readsBelong(to: request, span: span)
          }
        }
        var all = readsBelong(to: request, span: span)
        for await ok in group { all = all && ok }
        return all
      }
    }
    tally.record(nested, "request \(request): nested scope or its task group")
    tally.record(await child, "request \(request): async let child")
    if request.isMultiple(of: 64) {
      try? await Task.sleep(for: .microseconds(50))
    }
    tally.record(readsBelong(to: request), "request \(request): exit")
  }
  tally.requests += 1
}

/// Resident set size in bytes, from /proc/self/statm (0 where unavailable).
private func residentBytes() -> Int {
  guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else {
    return 0
  }
  let fields = text.split(separator: " ")
  guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
  return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}

private struct LiveCounters: Equatable, CustomStringConvertible {
  var trieNodes = dck_debug_live_trie_nodes()
  var trieValues = dck_debug_live_trie_values()
  var caches = dck_debug_live_caches()
  var cacheValues = dck_debug_live_cache_values()

  var description: String {
    "trie nodes \(trieNodes), trie values \(trieValues), caches \(caches), "
      + "cache values \(cacheValues)"
  }
}

private func megabytes(_ bytes: Int) -> String {
  String(format: "%.1f MB", Double(bytes) / 1_048_576)
}

/// The exit-test body: runs the scenario, prints a summary, checks everything.
private func runSoak() async {
  let seconds = soakSeconds
  let connections = 64

  // A watchdog: a hang must fail the run, not stall CI.
  let watchdog = Thread {
    Thread.sleep(forTimeInterval: seconds + 120)
    FileHandle.standardError.write(Data("soak: did not finish in \(seconds + 120) s\n".utf8))
    exit(EXIT_FAILURE)
  }
  watchdog.start()

  // Warm up: one request computes any default it touches into the shared cache, so the baseline
  // counts what stays cached for the life of the process.
  let flusher = withDependencies {
    $0.requestID = -3
  } operation: {
    @Dependency(FlusherKey.self) var flusher
    return flusher
  }
  sharedFlusher.setValue(flusher)
  var warmUp = WorkerTally()
  await handle(request: -2, tally: &warmUp)
  let baseline = LiveCounters()
  let sessionsBefore = sessionsAlive.current
  let storesBefore = storesAlive.current

  let clock = ContinuousClock()
  let start = clock.now
  let deadline = start + .seconds(seconds)
  let warmEnd = start + .seconds(seconds * 0.2)

  let (tally, rssWarm, rssEnd) = await withTaskGroup(of: SoakOutcome.self) { group in
    for connection in 0..<connections {
      group.addTask {
        var tally = WorkerTally()
        var request = connection
        while clock.now < deadline {
          await handle(request: request, tally: &tally)
          request += connections
        }
        return .worker(tally)
      }
    }
    // Samples the resident set size at the end of the first 20% and at the end, both while every
    // connection is busy.
    group.addTask {
      try? await clock.sleep(until: warmEnd)
      let warm = residentBytes()
      try? await clock.sleep(until: deadline)
      return .memory(warm: warm, end: residentBytes())
    }
    var total = WorkerTally()
    var rss = (warm: 0, end: 0)
    for await outcome in group {
      switch outcome {
      case .worker(let tally): total.merge(tally)
      case .memory(let warm, let end): rss = (warm, end)
      }
    }
    return (total, rss.warm, rss.end)
  }
  let elapsed = clock.now - start
  let elapsedSeconds =
    Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18

  // Every task is done; give the runtime a moment to free finished tasks and their task locals.
  var after = LiveCounters()
  for _ in 0..<200
  where after != baseline || sessionsAlive.current != sessionsBefore
    || storesAlive.current != storesBefore
  {
    try? await Task.sleep(for: .milliseconds(10))
    after = LiveCounters()
  }

  let growth = rssEnd - rssWarm
  let slack = max(16 << 20, rssWarm / 5)
  print(
    """
    soak: \(tally.requests) requests on \(connections) connections in \
    \(String(format: "%.1f", elapsedSeconds)) s \
    (\(Int(Double(tally.requests) / max(elapsedSeconds, 0.001))) requests/s), \
    \(tally.mismatches) mismatches
    soak: resident set \(megabytes(rssWarm)) after 20%, \(megabytes(rssEnd)) at the end \
    (growth \(megabytes(growth)), allowed \(megabytes(slack)))
    soak: live counters before \(baseline); after \(after); sessions alive \
    \(sessionsAlive.current - sessionsBefore); request stores alive \
    \(storesAlive.current - storesBefore); flushers \(flushersAlive.current) \
    (\(tally.requests * 2) request scopes)
    """)

  // Failures are printed as well: the parent shows the child's output, and the summary above
  // explains them.
  func check(_ condition: Bool, _ message: String) {
    if !condition { print("soak: FAILED: \(message)") }
    #expect(condition, "\(message)")
  }
  check(tally.requests > connections, "every connection handled at least one request")
  check(
    tally.mismatches == 0,
    "\(tally.mismatches) reads saw another request's values; first: \(tally.firstMismatch ?? "")")
  check(after == baseline, "live counters did not return: before \(baseline), after \(after)")
  check(
    sessionsAlive.current == sessionsBefore,
    "\(sessionsAlive.current - sessionsBefore) sessions leaked")
  check(
    storesAlive.current == storesBefore,
    "\(storesAlive.current - storesBefore) request stores outlived their request scopes")
  check(flushersAlive.current == 1, "\(flushersAlive.current) flushers: one for every request")
  check(rssWarm > 0 && rssEnd > 0, "resident set size readable")
  check(
    growth <= slack,
    "resident set grew by \(megabytes(growth)) between 20% and the end (allowed \(megabytes(slack)))"
  )
}
