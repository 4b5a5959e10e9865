/// The order in which the values of one cache are shut down, and the run that does it.
///
/// A *job* shuts down one value: the value of one entry that conforms to
/// ``ShutdownableDependency``, or one object cached under several entries (several keys, or one key
/// in several contexts, returning the same instance), which is shut down once. Job A must finish
/// before job B starts when a value of A depends on a value of B: its computation read it, or
/// created a `@Dependency` property of its key (in its context, any generation), which the value
/// may read later (see `_DeclaredDependency`); directly, or through values that need no shutdown
/// (A reads X, which declares B). A read only counts toward a value cached earlier than the
/// reader: every read a computation records is of such a value (it was cached by the time the read
/// returned). A declared value may be cached later (that is the point: it is read later), so two
/// values can depend on each other (each declares the other's key).
///
/// The run starts every job whose predecessors have finished, so independent values shut down
/// concurrently. A job that fails or times out counts as finished: its successors still run. Jobs
/// left waiting on each other (values that declare each other, or one object's entries merged)
/// start one at a time, the latest cached first, once nothing else runs. The dependency graph's
/// ``DependencyGraph/shutdownOrder`` is this plan's, in steps (`DependencyGraph.steps(of:)`).
struct _ShutdownPlan: Sendable {
  struct Job: Sendable {
    var name: String
    let value: any ShutdownableDependency
    /// Where the value was first read (or prepared): where a background shutdown reports it.
    let site: _ReadSite
    var entries: [_CacheEntryID]
    /// The latest sequence among its entries.
    var sequence: Int
    var predecessors = 0
    var successors: Set<Int> = []
  }

  private(set) var jobs: [Job] = []

  /// How long each value of a cache shut down in the background (a released one, or a test's after
  /// the test) may take.
  static let releasedCacheTimeout = Duration.seconds(10)

  /// Plans the shutdown of `nodes` (in the order they were cached).
  init(nodes: [_LifecycleState.Node]) {
    var sequence: [_CacheEntryID: Int] = [:]
    for (index, node) in nodes.enumerated() where sequence[node.entry] == nil {
      sequence[node.entry] = index
    }
    var jobOfEntry: [_CacheEntryID: Int] = [:]
    var jobOfObject: [ObjectIdentifier: Int] = [:]
    for (index, node) in nodes.enumerated() {
      guard let value = node.shutdownable, jobOfEntry[node.entry] == nil else { continue }
      let name = ReportedTypeName.qualified(unsafeBitCast(node.entry.key, to: Any.Type.self))
      let object = type(of: value) is AnyClass ? ObjectIdentifier(value as AnyObject) : nil
      if let object, let job = jobOfObject[object] {
        jobs[job].name += ", \(name)"
        jobs[job].entries.append(node.entry)
        jobs[job].sequence = index
        jobOfEntry[node.entry] = job
        continue
      }
      jobOfEntry[node.entry] = jobs.count
      if let object { jobOfObject[object] = jobs.count }
      jobs.append(
        Job(name: name, value: value, site: node.site, entries: [node.entry], sequence: index))
    }
    // What each value depends on: the earlier values it read, and every value of the keys its
    // properties name, in its context.
    var entriesOfKey: [_CacheEntryID: [_CacheEntryID]] = [:]
    for node in nodes where sequence[node.entry] != nil {
      var key = node.entry
      key.generation = 0
      if !(entriesOfKey[key]?.contains(node.entry) ?? false) {
        entriesOfKey[key, default: []].append(node.entry)
      }
    }
    let dependencies = nodes.indices.map { position in
      let node = nodes[position]
      let read = node.reads.filter { sequence[$0].map { $0 < position } ?? false }
      let declared = node.declared.keys.flatMap { key in
        entriesOfKey[_CacheEntryID(key, contextOf: node.entry)] ?? []
      }
      return read + declared.filter { $0 != node.entry }
    }
    // For each value that needs shutting down, every such value it reaches through them.
    for (entry, job) in jobOfEntry {
      var visited: Set<_CacheEntryID> = [entry]
      var stack = [entry]
      while let current = stack.popLast() {
        guard let position = sequence[current] else { continue }
        for next in dependencies[position] where visited.insert(next).inserted {
          if let successor = jobOfEntry[next], successor != job,
            jobs[job].successors.insert(successor).inserted
          {
            jobs[successor].predecessors += 1
          }
          stack.append(next)
        }
      }
    }
  }

  /// Shuts every job down, each after its predecessors, reporting failures and timeouts as they
  /// come; tells `cache` (the one whose values these are, unless it is gone) when each starts and
  /// when all are done. A background run (`reporting` is `.background`) starts each value's
  /// shutdown on the shutdown executor, where the run itself runs.
  func run(
    timeout: Duration, reporting: _ShutdownReporting, cache: _LiveValueCache?
  ) async -> DependencyShutdownReport {
    let isBackground = if case .background = reporting { true } else { false }
    var entries: [DependencyShutdownReport.Entry] = []
    await withTaskGroup(of: (Int, DependencyShutdownReport.Outcome, Duration).self) { group in
      var schedule = Schedule(self)
      var running = 0
      func start(_ job: Int) {
        running += 1
        cache?.shutdownWillStart(jobs[job].entries)
        let value = jobs[job].value
        group.addTask {
          let (outcome, duration) = await Self.shutDown(
            value, timeout: timeout, inBackground: isBackground)
          return (job, outcome, duration)
        }
      }
      for job in schedule.startFirst() { start(job) }
      while !schedule.isComplete || running > 0 {
        if running == 0, let job = schedule.startLatestWaiting() { start(job) }
        guard let (job, outcome, duration) = await group.next() else { break }
        running -= 1
        entries.append(.init(key: jobs[job].name, outcome: outcome, duration: duration))
        reporting.report(outcome, of: jobs[job].name, site: jobs[job].site, timeout: timeout)
        for successor in schedule.finish(job) { start(successor) }
      }
    }
    let report = DependencyShutdownReport(entries: entries)
    cache?.shutdownDidFinish(report)
    return report
  }

  /// The order rule of a run, written once: which jobs start when. The run follows it as its jobs
  /// finish (`run`); the dependency graph shows it in steps, as if each step's jobs finished
  /// together (`DependencyGraph.steps(of:)`).
  ///
  /// First every job that waits for no other; then each job once all its predecessors have
  /// finished. When nothing runs and jobs are still waiting (only jobs waiting on each other are
  /// left so), the latest cached of them starts, alone.
  struct Schedule {
    private let jobs: [Job]
    private var waitingFor: [Int]
    private var started: [Bool]

    init(_ plan: _ShutdownPlan) {
      jobs = plan.jobs
      waitingFor = plan.jobs.map(\.predecessors)
      started = [Bool](repeating: false, count: plan.jobs.count)
    }

    /// Whether every job has started.
    var isComplete: Bool { !started.contains(false) }

    /// The jobs that wait for no other, in job order: they start first.
    mutating func startFirst() -> [Int] {
      let first = jobs.indices.filter { waitingFor[$0] == 0 }
      for job in first { started[job] = true }
      return first
    }

    /// Notes that `job` finished; returns its successors that wait for nothing any more and have
    /// not started, in job order: they start now.
    mutating func finish(_ job: Int) -> [Int] {
      var ready: [Int] = []
      for successor in jobs[job].successors.sorted() {
        waitingFor[successor] -= 1
        if waitingFor[successor] == 0, !started[successor] {
          started[successor] = true
          ready.append(successor)
        }
      }
      return ready
    }

    /// The latest cached of the jobs that have not started, for when none runs: nil when every
    /// job has started.
    mutating func startLatestWaiting() -> Int? {
      guard
        let job = jobs.indices.filter({ !started[$0] }).max(by: {
          jobs[$0].sequence < jobs[$1].sequence
        })
      else { return nil }
      started[job] = true
      return job
    }
  }

  /// Runs `value.shutdown()` in a task of its own, for at most `timeout`: on a timeout the task is
  /// cancelled and left to finish by itself (a shutdown that ignores cancellation cannot hold up the
  /// others).
  ///
  /// In the background, the shutdown starts on the shutdown executor (`_BackgroundShutdowns`), and
  /// the timeout is kept on the global concurrent executor, where the work a shutdown waits for
  /// (its value's own tasks) most likely runs: when a busy process holds every thread of that
  /// executor (tests running synchronous work, say), the timeout waits with that work, rather than
  /// expiring for a shutdown that could not run.
  static func shutDown(
    _ value: any ShutdownableDependency, timeout: Duration, inBackground: Bool = false
  ) async -> (DependencyShutdownReport.Outcome, Duration) {
    let spawn: (@escaping @Sendable () async -> Void) -> Task<Void, Never> =
      inBackground ? { _BackgroundShutdowns.task($0) } : { Task(operation: $0) }
    let spawnTimeout: (@escaping @Sendable () async -> Void) -> Task<Void, Never> =
      inBackground ? { operation in Task.detached { await operation() } } : { Task(operation: $0) }
    let clock = ContinuousClock()
    let start = clock.now
    let outcome = await withCheckedContinuation { continuation in
      let race = _ShutdownRace(continuation)
      race.add(
        spawn {
          do {
            try await value.shutdown()
            race.finish(.completed)
          } catch {
            race.finish(.failed(error))
          }
        })
      race.add(
        spawnTimeout {
          guard (try? await Task.sleep(for: timeout)) != nil else { return }
          race.finish(.timedOut)
        })
    }
    return (outcome, start.duration(to: clock.now))
  }
}

/// A value's shutdown racing its timeout: the first to finish cancels both tasks, then resumes the
/// continuation.
private final class _ShutdownRace: Sendable {
  private struct State {
    var continuation: CheckedContinuation<DependencyShutdownReport.Outcome, Never>?
    var tasks: [Task<Void, Never>] = []
  }

  private let state: _Locked<State>

  init(_ continuation: CheckedContinuation<DependencyShutdownReport.Outcome, Never>) {
    state = _Locked(State(continuation: continuation))
  }

  /// Adds a task to cancel when the race is over (at once, if it is over already).
  func add(_ task: Task<Void, Never>) {
    let isOver = state.withLock { state in
      if state.continuation == nil { return true }
      state.tasks.append(task)
      return false
    }
    if isOver { task.cancel() }
  }

  func finish(_ outcome: DependencyShutdownReport.Outcome) {
    let (continuation, tasks) = state.withLock { state in
      defer {
        state.continuation = nil
        state.tasks = []
      }
      return (state.continuation, state.tasks)
    }
    guard let continuation else { return }
    // Cancelled before the outcome is known: once `shutdownDependencies` returns a timeout, the
    // shutdown that timed out has been asked to stop (see `Task.isCancelled`).
    for task in tasks { task.cancel() }
    continuation.resume(returning: outcome)
  }
}
