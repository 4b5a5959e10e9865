import CDependencies

/// What a cache of default values records for its dependency graph (``DependencyGraph``), beside
/// the lifecycle of its values (`_LifecycleState`, which already holds each cached value's key,
/// context, read site and the cached values its computation read): how long each computation
/// took, and the defaults its readers' scopes keep.
///
/// Part of the cache's locked state (`_LiveValueCache.State`), written on the miss path only: when a
/// computed default is cached (with its lifecycle record, `_LiveValueCache.register`) or kept by a
/// scope (`_LiveValueCache.recordComputation`). A test's cache records what that test built.
struct _DependencyGraphRecord {
  /// A computation's timing.
  struct Timing {
    let start: ContinuousClock.Instant
    let duration: Duration
  }

  /// A default kept by a scope, while the scope keeps it: everything the graph shows of it,
  /// recorded when it was kept, so that the graph never touches the value.
  struct Kept {
    /// The `_KeptDefault`, pinned (the record owns the pin, see `unpinAll()`): it leaves the graph
    /// once it is deinitialised (its scope let go of it). Asked only with the cache's lock held.
    let pin: _ObjectPin
    /// When it was kept, process-wide (`_KeptDefault.order`): the order of the graph's nodes.
    let order: UInt64
    let entry: _CacheEntryID
    let site: _ReadSite
    /// The type of its box, whose `Value` is the value's type.
    let boxType: _AnyDependencyBox.Type
    let isShutdownable: Bool
    let timing: Timing?
    /// The cached values its computation read.
    let reads: [_CacheEntryID]
    /// The values kept by scopes that it read (`_KeptDefault.order`).
    let keptReads: [UInt64]
    /// What the `@Dependency` properties its computation created name.
    let declared: _Declarations

    /// Whether its scope still keeps it (`false` may be stale: it is being let go of).
    var isKept: Bool { !pin.isDeinitializing }
  }

  /// When the earliest computation recorded started: what `DependencyGraph.Node.Computation.start`
  /// counts from. Nil until one is recorded.
  private(set) var origin: ContinuousClock.Instant?
  /// The timing of each cached value's computation, by the address of its box (as the lifecycle's
  /// nodes name it). A cached value stays in the cache, and so here, as long as the cache lives.
  private(set) var cached: [UInt: Timing] = [:]
  /// The defaults kept by scopes, by `order` (those whose scope let go of them are swept out from
  /// time to time).
  private(set) var kept: [UInt64: Kept] = [:]
  /// How many of `kept` were kept at the last sweep: the next sweep comes when the table has
  /// doubled since, so that a server keeping a default per request keeps a bounded table.
  private var keptAtLastSweep = 0

  /// Records the timing of `record`'s computation, whose value the cache holds in the box at
  /// `address`.
  mutating func recordCached(_ record: _ComputedDefaultRecord, box address: UInt) {
    cached[address] = timing(of: record)
  }

  /// Records `value` (which the caller holds), computed by `record`'s computation (which read the
  /// cached values `reads`), now kept by a scope. Once: a value another read kept first is that
  /// read's.
  mutating func recordKept(
    _ value: _KeptDefault, _ record: _ComputedDefaultRecord, reads: [_CacheEntryID]
  ) {
    if kept.count >= 2 * keptAtLastSweep + 16 {
      for (order, gone) in kept where !gone.isKept {
        gone.pin.unpin()  // its memory is freed
        kept[order] = nil
      }
      keptAtLastSweep = kept.count
    }
    guard kept[value.order] == nil else { return }
    kept[value.order] = Kept(
      pin: _ObjectPin(value), order: value.order, entry: value.entry, site: value.site,
      boxType: type(of: value.box), isShutdownable: value.box.shutdownable != nil,
      timing: timing(of: record), reads: reads, keptReads: record.keptReads,
      declared: record.declared)
  }

  /// This record for a graph drawn outside the cache's lock: the defaults still kept only, whose
  /// pins the copy must not ask (the record may unpin them once the lock is let go of).
  func snapshot() -> _DependencyGraphRecord {
    var copy = self
    copy.kept = kept.filter { $0.value.isKept }
    return copy
  }

  /// Gives back every pin: when the cache goes, with its record.
  mutating func unpinAll() {
    for kept in kept.values { kept.pin.unpin() }
    kept = [:]
  }

  private mutating func timing(of record: _ComputedDefaultRecord) -> Timing? {
    guard let start = record.start else { return nil }
    if origin.map({ start < $0 }) ?? true { origin = start }
    return Timing(start: start, duration: record.duration)
  }
}
