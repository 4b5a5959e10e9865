import CDependencies

/// The Swift owner of one C live-value cache: the default values of keys that no scope overrides,
/// computed once per key and context and then read without locks.
///
/// A live process has one cache (`shared`). A test process has one per test: Swift Testing tests
/// (and each argument of a parameterized test) and XCTest test methods each get their own, without
/// any trait or base class, so a stateful default (a counter, an incrementing UUID generator) and the
/// values of `prepareDependencies` start fresh in every test. Which cache a read uses is decided by
/// the values that read (`DependencyValues._cache`) and, for the process's cache in a test process,
/// by `_TestCaches`; a cache is only a cache.
///
/// A cache also keeps the lifecycle of its values (`_LifecycleState`, in `Lifecycle/`): what it
/// cached, in which order, and what each computation read, so that the values that need it are shut
/// down dependents first. `shutDown(timeout:reporting:)` retires the C cache, so that every later
/// read misses and the miss path can report it; a cache released with values that were never shut
/// down shuts them down in the background.
final class _LiveValueCache: @unchecked Sendable {
  // @unchecked Sendable: owns a C cache handle. The C cache is safe for concurrent use (lock-free
  // reads, serialised writers), and `deinit` runs only when no reader can hold `self` any more. The
  // other state sits behind a lock (`state`) or is immutable.
  let table = _CacheTable()
  /// The C cache (`table`'s).
  var handle: OpaquePointer { table.handle }

  /// What a cache changes on its miss path, under one lock.
  struct State {
    /// The overrides the values of this cache started with (a test trait's, or those set by the
    /// `withDependencies` update that created the cache), or nil: a default computed from them
    /// belongs to everything that uses this cache, not to a scope of it (see `_computeDefault`).
    /// Read on the miss path, written when a scope starts with this cache.
    var baseline: _Scope?
    /// What the cache holds, in which order, and how far a shutdown of its values has got.
    var lifecycle = _LifecycleState()
    /// What its computations took, and the defaults scopes keep: for ``DependencyGraph``.
    var graph = _DependencyGraphRecord()
  }

  let state = _Locked(State())

  /// See `State.baseline`.
  var baseline: _Scope? {
    get { state.withLock { $0.baseline } }
    set { state.withLock { $0.baseline = newValue } }
  }

  deinit {
    cacheWillBeDestroyed()
    state.withLock { $0.graph.unpinAll() }
    dck_cache_destroy(handle)
  }

  /// The process's cache: the cache of values that have none of their own (the root values, and
  /// every values made from them). In a test process, reads of it go to the running test's cache
  /// (`_TestCaches.processCache`), and it serves only code that runs outside any test.
  static let shared = _LiveValueCache()

  /// What a computation run by `value(for:context:computing:)` gives the cache.
  typealias Computed<Declined> = _CacheTable.Computed<Declined>

  /// What `value(for:context:computing:)` found.
  typealias Outcome<Declined> = _CacheTable.Lookup<Declined>

  /// The value cached for `key` in `context`, computed by `compute` when absent: exactly once,
  /// even when many threads miss together, with no lock held while `compute` runs.
  func value<Declined>(
    for key: _KeyIdentity, context: DependencyContext,
    computing compute: () -> Computed<Declined>
  ) -> Outcome<Declined> {
    table.value(for: key.raw, context._rawValue, computing: compute)
  }

  /// The context `prepareDependencies` set for the readers of this cache, or nil.
  var preparedContext: DependencyContext? {
    DependencyContext(_rawValue: dck_cache_context(handle))
  }

  /// Sets `preparedContext`; false when it was set already.
  func prepare(context: DependencyContext) -> Bool {
    dck_cache_set_context(handle, context._rawValue)
  }

  /// Retires this C cache: from now on it finds, computes and caches nothing, and every read
  /// reports it was shut down. For the lifecycle's shutdown; irreversible.
  func retire() {
    dck_cache_retire(handle)
  }

  /// Caches `value` (a borrowed `_DependencyBox` pointer) as the default of `key` in `context`, for
  /// the `prepareDependencies` call at `site`; with `replacingComputed`, also in place of a value
  /// that was computed rather than prepared. False when a value is cached already, or the cache
  /// was shut down.
  func prepare(
    _ key: _KeyIdentity, context: DependencyContext, value: UnsafeMutableRawPointer,
    replacingComputed: Bool, site: _ReadSite
  ) -> Bool {
    cachePrepared(
      _CacheEntryID(key, context), box: value, replacingComputed: replacingComputed, site: site)
  }

  /// Whether a value is cached for `key` in `context`.
  func hasValue(for key: _KeyIdentity, _ context: DependencyContext) -> Bool {
    dck_cache_get(handle, key.raw, context._rawValue) != nil
  }

  /// The value cached for `key` in `context`, copied out while this cache is alive (a test's cache
  /// can be released by another thread as soon as the read lets go of it), or nil.
  func cachedValue<Value: Sendable>(
    of type: Value.Type, for key: _KeyIdentity, _ context: DependencyContext
  ) -> Value? {
    guard let pointer = dck_cache_get(handle, key.raw, context._rawValue) else { return nil }
    return withExtendedLifetime(self) { _DependencyBox<Value>.value(at: pointer) }
  }
}
