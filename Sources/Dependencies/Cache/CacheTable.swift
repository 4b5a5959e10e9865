import CDependencies

/// One C table (`dck_cache`): values by key and context, read without locks, each computed exactly
/// once. The one Swift wrapper of `dck_cache_get_or_compute`, for the three tables the library
/// keeps: each live-value cache's (`_LiveValueCache`, which owns and destroys its table), the
/// registry of accessors (`_AccessorRegistry`) and the layouts of classes
/// (`_CapturedValuesLayout`), both kept for the life of the process.
///
/// ```swift
/// switch table.value(for: key, context) { () -> _CacheTable.Computed<Never> in
///   .box(Unmanaged.passRetained(makeValue()).toOpaque())
/// } {
/// case .value(let box): …  // borrowed, valid while the table lives
/// case .cycle, .retired: …
/// }
/// ```
///
/// The table's values are `_DependencyBox`es or other Swift objects, retained and released
/// through the value callbacks (`_registerValueCallbacks`), which making a table registers.
struct _CacheTable: @unchecked Sendable {
  // @unchecked Sendable: a handle to a C cache, which is safe for concurrent use (lock-free reads,
  // serialised writers). The table's owner destroys it, once no reader can hold it.
  let handle: OpaquePointer

  /// A new, empty table; its owner destroys it (`dck_cache_destroy`) or keeps it forever.
  init() {
    _ = _registerValueCallbacks
    handle = dck_cache_create()!
  }

  /// What a computation run by `value(for:_:computing:)` gives the table.
  enum Computed<Declined> {
    /// A +1 object for the table to keep.
    case box(UnsafeMutableRawPointer)
    /// Nothing to cache: what the computation decided instead, handed back to the caller.
    case declined(Declined)
  }

  /// What `value(for:_:computing:)` found.
  enum Lookup<Declined> {
    /// The value cached (found, or computed now), borrowed from the table (valid while it lives).
    case value(UnsafeMutableRawPointer)
    /// The computation declined to give the table a value: what it decided instead.
    case declined(Declined)
    /// Computing the value needs the value itself (on this thread, or through threads waiting on
    /// each other).
    case cycle
    /// The table was retired (`dck_cache_retire`): nothing was found, computed or cached.
    case retired
  }

  /// The value cached for `key` in `context`, or nil: lock-free.
  func value(for key: UInt, _ context: UInt32) -> UnsafeMutableRawPointer? {
    dck_cache_get(handle, key, context)
  }

  /// The value cached for `key` in `context`, computed by `compute` when absent: exactly once, even
  /// when many threads miss together, with no lock held while `compute` runs.
  func value<Declined>(
    for key: UInt, _ context: UInt32, computing compute: () -> Computed<Declined>
  ) -> Lookup<Declined> {
    withoutActuallyEscaping(compute) { compute in
      var run = Run(compute: compute)
      var result: UnsafeMutableRawPointer?
      let status = withUnsafeMutablePointer(to: &run) { run in
        // The C core calls back through `info`: a closure that runs the computation and keeps
        // what it declined in `run`, which this call reads once the core has returned.
        let step: () -> UnsafeMutableRawPointer? = { run.pointee.step() }
        return withUnsafePointer(to: step) { step in
          dck_cache_get_or_compute(
            handle, key, context,
            { _, _, info in
              info!.assumingMemoryBound(to: (() -> UnsafeMutableRawPointer?).self).pointee()
            },
            UnsafeMutableRawPointer(mutating: step), &result)
        }
      }
      // `result` is set exactly for FOUND and COMPUTED; NOT_COMPUTED only follows a computation
      // that declined, here; what remains is CYCLE or RETIRED (the only other statuses
      // `dck_cache_get_or_compute` returns).
      if let result { return .value(result) }
      if let declined = run.declined { return .declined(declined) }
      assert(status == DCK_CACHE_CYCLE || status == DCK_CACHE_RETIRED)
      return status == DCK_CACHE_CYCLE ? .cycle : .retired
    }
  }

  /// One call's computation, and what it declined.
  private struct Run<Declined> {
    let compute: () -> Computed<Declined>
    var declined: Declined?

    init(compute: @escaping () -> Computed<Declined>) {
      self.compute = compute
    }

    /// Runs the computation: the box for the table, or nil when it declined (kept in `declined`).
    mutating func step() -> UnsafeMutableRawPointer? {
      switch compute() {
      case .box(let box): return box
      case .declined(let decision):
        declined = decision
        return nil
      }
    }
  }
}
