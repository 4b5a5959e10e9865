/// What a cache of default values records for its dependency graph (``DependencyGraph``), beside
/// the lifecycle of its values (`_LifecycleState`, which already holds each cached value's key,
/// context, read site and the cached values its computation read): how long each computation
/// took, and the defaults its readers' scopes keep.
///
/// Part of the cache's locked state (`_LiveValueCache.State`), written on the miss path only, when a
/// computed default is cached or kept by a scope (`_LiveValueCache.recordComputation`). A test's
/// cache records what that test built; a view records nothing (it has no state).
struct _DependencyGraphRecord {
  /// A computation's timing.
  struct Timing {
    let start: ContinuousClock.Instant
    let duration: Duration
  }

  /// A default kept by a scope, while the scope keeps it.
  struct Kept {
    /// The value, until its scope lets go of it: then it leaves the graph. Weak, so that the graph
    /// keeps nothing alive.
    weak var value: _KeptDefault?
    let timing: Timing?
    /// The cached values its computation read.
    let reads: [_CacheEntryID]
    /// The values kept by scopes that it read (`_KeptDefault.order`).
    let keptReads: [UInt64]
  }

  /// When the earliest computation recorded started: what `DependencyGraph.Node.Computation.start`
  /// counts from. Nil until one is recorded.
  private(set) var origin: ContinuousClock.Instant?
  /// The timing of each cached value's computation, by the address of its box (as the lifecycle's
  /// nodes name it). A cached value stays in the cache, and so here, as long as the cache lives.
  private(set) var cached: [UInt: Timing] = [:]
  /// The defaults kept by scopes, in the order they were kept (those whose scope ended are swept
  /// out from time to time).
  private(set) var kept: [Kept] = []
  /// How many of `kept` were alive at the last sweep: the next sweep comes when the list has
  /// doubled since, so that a server keeping a default per request keeps a bounded list.
  private var keptAtLastSweep = 0

  /// Records the timing of `record`'s computation, whose value the cache holds in the box at
  /// `address`.
  mutating func recordCached(_ record: _ComputedDefaultRecord, box address: UInt) {
    cached[address] = timing(of: record)
  }

  /// Records `value`, computed by `record`'s computation (which read the cached values `reads`),
  /// now kept by a scope. Once: a value another read kept first is that read's.
  mutating func recordKept(
    _ value: _KeptDefault, _ record: _ComputedDefaultRecord, reads: [_CacheEntryID]
  ) {
    if kept.count >= 2 * keptAtLastSweep + 16 {
      kept.removeAll { $0.value == nil }
      keptAtLastSweep = kept.count
    }
    guard !kept.contains(where: { $0.value === value }) else { return }
    kept.append(
      Kept(value: value, timing: timing(of: record), reads: reads, keptReads: record.keptReads))
  }

  private mutating func timing(of record: _ComputedDefaultRecord) -> Timing? {
    guard let start = record.start else { return nil }
    if origin.map({ start < $0 }) ?? true { origin = start }
    return Timing(start: start, duration: record.duration)
  }
}
