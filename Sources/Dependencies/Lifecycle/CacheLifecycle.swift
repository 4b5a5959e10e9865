import CDependencies

/// The lifecycle of the values of one cache of default values: every value it cached, in order,
/// with the cached values its computation read, and how far a shutdown has got. Part of the cache's
/// locked state (`_LiveValueCache.State`); the methods that use it are below, on the cache.
///
/// Values are recorded on the miss path, when a default has been computed and before the C cache
/// publishes it (`register`), or when `prepareDependencies` caches one (`cachePrepared`). A
/// read of a cached value never comes here. Recording is cheap: an append of the key, the reads,
/// the value's box address and where it was read (or prepared). Which values need shutting down (a
/// dynamic cast) and what the keys are called are worked out only when a shutdown plans its work.
///
/// A shutdown (`shutdownRun`) moves the phase from running to shutting down and retires the C cache
/// in one step, under the cache's lock: a value recorded before is in the plan (and served to reads
/// after the retirement from `nodes`), a value computed after is refused (not cached).
struct _LifecycleState {
  /// One cached value.
  struct Node {
    let entry: _CacheEntryID
    /// The cached values its computation read.
    let reads: [_CacheEntryID]
    /// What the `@Dependency` properties its computation created name: its value is shut down
    /// before their values, as before the values it read (see `_DeclaredDependency`).
    var declared = _Declarations()
    /// The address of the value's `_DependencyBox`, which the C cache owns (valid while it lives,
    /// retired or not).
    let box: UInt
    /// The read that computed the value, or the `prepareDependencies` call that cached it: where a
    /// failure of its shutdown is reported when no caller is there to take it.
    let site: _ReadSite

    /// The value, when it needs shutting down (a dynamic cast: only when a shutdown plans).
    var shutdownable: (any ShutdownableDependency)? {
      Unmanaged<_AnyDependencyBox>.fromOpaque(UnsafeRawPointer(bitPattern: box)!)
        .takeUnretainedValue().shutdownable
    }
  }

  enum Phase {
    case running
    case shuttingDown
    case shutDown
  }

  /// Every value cached, in the order it was cached (a value is cached after every value it read).
  fileprivate(set) var nodes: [Node] = []
  /// The position of each entry in `nodes`: built when first needed, after the retirement (when
  /// `nodes` no longer changes).
  fileprivate var positions: [_CacheEntryID: Int]?
  fileprivate var phase = Phase.running
  /// The shutdown every caller waits for, while it runs (its task holds the cache: let go of once it
  /// is over, so that the cache can be released).
  fileprivate var run: Task<DependencyShutdownReport, Never>?
  /// What the shutdown did, once it is over.
  fileprivate var report: DependencyShutdownReport?
  /// The entries whose value's shutdown has started.
  fileprivate var started: Set<_CacheEntryID> = []
  /// The entries whose reads after the shutdown were reported (once each).
  fileprivate var reported: Set<_CacheEntryID> = []
  /// Where reads after the shutdown are reported.
  fileprivate var readReport = ReadReport.issue

  /// How a read after the shutdown is reported.
  enum ReadReport {
    /// As an issue at the read.
    case issue
    /// As an issue of the Swift Testing run, and on standard error: the shutdown ran in the
    /// background, after the test that owned the cache ended (see `_ShutdownReporting.background`).
    case background
  }

  fileprivate mutating func position(of entry: _CacheEntryID) -> Int? {
    if positions == nil {
      positions = Dictionary(
        nodes.enumerated().map { ($1.entry, $0) }, uniquingKeysWith: { first, _ in first })
    }
    return positions![entry]
  }

  /// How to report a read of `entry` after the shutdown: nil when one was reported already.
  fileprivate mutating func reportOnce(_ entry: _CacheEntryID) -> ReadReport? {
    reported.insert(entry).inserted ? readReport : nil
  }

  /// Generations given so far to values set aside (see `_CacheEntryID.generation`).
  fileprivate var generations: UInt32 = 0

  /// Sets aside the served values (generation 0) of the entries `isSetAside` selects: the cache no
  /// longer serves them, but they are alive and are still shut down, so their nodes stay, under a
  /// new generation. With `readsToo` (a reset, which sets every value aside at once) the entries
  /// they read are renamed with them, so that they are shut down in their own order; otherwise
  /// (a single replaced value) the values they read are still the served ones.
  fileprivate mutating func setAside(
    where isSetAside: (_CacheEntryID) -> Bool, readsToo: Bool
  ) {
    generations += 1
    let generation = generations
    func renamed(_ entry: _CacheEntryID) -> _CacheEntryID {
      guard entry.generation == 0 else { return entry }
      var renamed = entry
      renamed.generation = generation
      return renamed
    }
    for index in nodes.indices where nodes[index].entry.generation == 0 {
      let node = nodes[index]
      guard isSetAside(node.entry) else { continue }
      nodes[index] = Node(
        entry: renamed(node.entry), reads: readsToo ? node.reads.map(renamed) : node.reads,
        declared: node.declared, box: node.box, site: node.site)
    }
  }
}

/// A shutdown of a cache's values: running (wait for its task), or over.
enum _ShutdownRun {
  case running(Task<DependencyShutdownReport, Never>)
  case finished(DependencyShutdownReport)

  var report: DependencyShutdownReport {
    get async {
      switch self {
      case .running(let task): await task.value
      case .finished(let report): report
      }
    }
  }
}

extension _LiveValueCache {
  /// Records the value just computed for `entry` by the read at `site` (its box, +1, which the C
  /// cache is about to publish), after reading `reads`, with what its computation recorded for the
  /// dependency graph and the shutdown order (`computed`: its timing, and what the properties it
  /// created name), in one step: a graph taken meanwhile shows the value with its timing or not at
  /// all. False when the cache is shutting down or shut down: the value must not be cached.
  func register(
    _ entry: _CacheEntryID, reads: [_CacheEntryID], computed: _ComputedDefaultRecord,
    box: UnsafeMutableRawPointer, site: _ReadSite
  ) -> Bool {
    state.withLock { state in
      guard case .running = state.lifecycle.phase else { return false }
      state.lifecycle.nodes.append(
        .init(
          entry: entry, reads: reads, declared: computed.declared, box: UInt(bitPattern: box),
          site: site))
      state.graph.recordCached(computed, box: UInt(bitPattern: box))
      return true
    }
  }

  /// Caches `box` (a borrowed `_DependencyBox`) as the value the `prepareDependencies` call at
  /// `site` gives `entry`, and records it; with `replacingComputed`, in place of a value that was
  /// computed (not prepared), which is set aside (see `_LifecycleState.setAside(where:readsToo:)`).
  /// False when a value is cached already (or being computed), or the cache was shut down. Under
  /// the lifecycle's lock, so that no shutdown starts in between.
  func cachePrepared(
    _ entry: _CacheEntryID, box: UnsafeMutableRawPointer, replacingComputed: Bool, site: _ReadSite
  ) -> Bool {
    state.withLock { state in
      let status =
        replacingComputed
        ? dck_cache_replace_computed(handle, entry.key, entry.context, box)
        : dck_cache_put(handle, entry.key, entry.context, box)
      switch status {
      case DCK_CACHE_INSERTED: break
      case DCK_CACHE_REPLACED: state.lifecycle.setAside(where: { $0 == entry }, readsToo: false)
      default: return false
      }
      // Running: a shutdown retires the C cache under this lock, so the put above succeeded first.
      state.lifecycle.nodes.append(
        .init(entry: entry, reads: [], box: UInt(bitPattern: box), site: site))
      return true
    }
  }

  /// Empties this cache: reads compute their values again, and
  /// `prepareDependencies` may prepare them again. The values cached so far stay alive until the
  /// cache is released, and are still shut down with it. Nothing happens to a cache that was shut
  /// down.
  func reset() {
    state.withLock { state in
      guard dck_cache_reset(handle) else { return }
      state.lifecycle.setAside(where: { _ in true }, readsToo: true)
    }
  }

  /// Whether any value cached so far needs shutting down, and has not been.
  var hasValuesToShutDown: Bool {
    state.withLock { state in
      guard case .running = state.lifecycle.phase else { return false }
      return state.lifecycle.nodes.contains { $0.shutdownable != nil }
    }
  }

  /// The shutdown of the values: the first caller moves to shutting down and calls `start` (under
  /// the lock, so that no value is recorded in between) with the plan, and `start` returns the task
  /// that runs it; every caller gets that task, or once it is over its report. `readReport` says how
  /// reads after it report.
  func shutdownRun(
    readReport: _LifecycleState.ReadReport,
    start: (_ShutdownPlan) -> Task<DependencyShutdownReport, Never>
  ) -> _ShutdownRun {
    resolveDeclaredKeyPaths()
    return state.withLock { state in
      if let report = state.lifecycle.report { return .finished(report) }
      if let run = state.lifecycle.run { return .running(run) }
      state.lifecycle.phase = .shuttingDown
      state.lifecycle.readReport = readReport
      let run = start(_ShutdownPlan(nodes: state.lifecycle.nodes))
      state.lifecycle.run = run
      return .running(run)
    }
  }

  /// Notes that the shutdown of the values of `entries` starts: reads of them report from now on.
  func shutdownWillStart(_ entries: [_CacheEntryID]) {
    state.withLock { $0.lifecycle.started.formUnion(entries) }
  }

  /// Notes that the shutdown has finished with `report`: every read reports from now on.
  func shutdownDidFinish(_ report: DependencyShutdownReport) {
    state.withLock { state in
      state.lifecycle.phase = .shutDown
      state.lifecycle.report = report
      state.lifecycle.run = nil
    }
  }

  /// What a read that found the cache retired gets for `entry`: the value's box, if it had one, and
  /// how to report the read, if it is to be (its value was shut down, or every value was; once per
  /// entry).
  func retiredRead(_ entry: _CacheEntryID) -> (
    box: UnsafeMutableRawPointer?, report: _LifecycleState.ReadReport?
  ) {
    state.withLock { state in
      let box = state.lifecycle.position(of: entry).flatMap {
        UnsafeMutableRawPointer(bitPattern: state.lifecycle.nodes[$0].box)
      }
      let isShutDown: Bool
      switch state.lifecycle.phase {
      case .shutDown: isShutDown = true
      case .shuttingDown: isShutDown = state.lifecycle.started.contains(entry)
      case .running: isShutDown = false
      }
      return (box, isShutDown ? state.lifecycle.reportOnce(entry) : nil)
    }
  }

  /// How to report a value computed for `entry` and refused (the cache is shutting down), if it is
  /// to be: it needs shutting down and never will be, or everything was shut down already. Once per
  /// entry.
  func refusedReport(_ entry: _CacheEntryID, needsShutdown: Bool) -> _LifecycleState.ReadReport? {
    state.withLock { state in
      let isShutDown = if case .shutDown = state.lifecycle.phase { true } else { false }
      return needsShutdown || isShutDown ? state.lifecycle.reportOnce(entry) : nil
    }
  }

  /// The cache is being released: values that need shutting down and were never shut down are shut
  /// down in the background (the plan holds them), with failures reported as `.background` (no
  /// test or caller is there to receive them).
  func cacheWillBeDestroyed() {
    resolveDeclaredKeyPaths()
    let plan: _ShutdownPlan? = state.withLock { state in
      guard case .running = state.lifecycle.phase,
        state.lifecycle.nodes.contains(where: { $0.shutdownable != nil })
      else { return nil }
      state.lifecycle.phase = .shutDown
      return _ShutdownPlan(nodes: state.lifecycle.nodes)
    }
    guard let plan else { return }
    _ = _BackgroundShutdowns.start {
      await plan.run(
        timeout: _ShutdownPlan.releasedCacheTimeout, reporting: .background, cache: nil)
    }
  }
}
