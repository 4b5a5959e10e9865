import CDependencies

/// The Swift owner of one C live-value cache: the default values of keys that no scope overrides,
/// computed once per key and context and then read without locks.
///
/// A live process has one cache. A test process has one per test: Swift Testing tests (and each
/// argument of a parameterized test) and XCTest test methods each get their own, without any trait
/// or base class, so a stateful default (a counter, an incrementing UUID generator) and the values of
/// `prepareDependencies` start fresh in every test. See `_TestCaches`.
///
/// A cache also keeps the lifecycle of its values (`_LifecycleState`, in `Lifecycle/`): what it
/// cached, in which order, and what each computation read, so that the values that need it are shut
/// down dependents first. `shutDown(timeout:reporting:)` retires the C cache, so that every later
/// read misses and the miss path can report it; a cache released with values that were never shut
/// down shuts them down in the background.
///
/// While a default is computed, the computation's values read through a *view* of its cache
/// (`init(viewOf:)`): a `_LiveValueCache` whose C handle is a retired, empty cache, so that every
/// read those values make misses and goes to the computation (see `_DefaultComputation`), which
/// serves it from the reader's values or the shared ones, and records what the computation read.
@usableFromInline
final class _LiveValueCache: @unchecked Sendable {
  // @unchecked Sendable: owns a C cache handle. The C cache is safe for concurrent use (lock-free
  // reads, serialised writers), and `deinit` runs only when no reader can hold `self` any more. The
  // other state sits behind a lock (`state`) or is immutable.
  @usableFromInline let handle: OpaquePointer

  /// True for the root cache of a test process: reads go to the running test's own cache instead
  /// (this cache serves code that runs outside any test). Always false in a live process, where the
  /// read path pays one predictable branch for it.
  @usableFromInline let routesToTests: Bool

  /// What a cache changes on its miss path, under one lock; nil for a view.
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

  let state: _Locked<State>?

  /// For a view: the computation whose values read through it (which holds the cache it computes
  /// for); nil for a cache.
  let computation: _DefaultComputation?

  /// See `State.baseline`. A view forwards to its computation's cache.
  var baseline: _Scope? {
    get {
      if let computation { return computation.cache?.baseline }
      return state?.withLock { $0.baseline }
    }
    set {
      if let computation {
        computation.cache?.baseline = newValue
        return
      }
      state?.withLock { $0.baseline = newValue }
    }
  }

  init(routesToTests: Bool = false) {
    _ = _registerValueCallbacks
    handle = dck_cache_create()!
    self.routesToTests = routesToTests
    state = _Locked(State())
    computation = nil
  }

  /// The view through which the values of `computation` read (see `_DefaultComputation`).
  init(viewOf computation: _DefaultComputation) {
    handle = Self.alwaysEmptyHandle
    routesToTests = false
    state = nil
    self.computation = computation
  }

  deinit {
    guard computation == nil else { return }  // a view's handle is shared and never destroyed
    cacheWillBeDestroyed()
    dck_cache_destroy(handle)
  }

  /// A retired C cache: finds nothing, computes nothing, takes nothing. The handle of every
  /// view; lives as long as the process. `nonisolated(unsafe)`: an immutable handle to a C
  /// cache, which is safe for concurrent use.
  nonisolated(unsafe) private static let alwaysEmptyHandle: OpaquePointer = {
    let handle = dck_cache_create()!
    dck_cache_retire(handle)
    return handle
  }()

  /// The cache a write through `self` goes to: the cache reads go to (`resolved`), or for a view the
  /// cache its computation computes for; once that cache is gone, the view itself, which keeps
  /// nothing (a write from what a released test left running reaches no other test's cache).
  var writable: _LiveValueCache {
    let resolved = resolved
    return resolved.computation?.cache ?? resolved
  }

  /// The cache of a process's root values: the live cache, or in a test process the router to the
  /// running test's cache.
  static let shared = _LiveValueCache(routesToTests: ProcessEnvironment.isTestingProcess)

  /// The cache reads through `self` use: `self`, or the running test's cache when `self` routes.
  @inlinable @inline(__always)
  var resolved: _LiveValueCache {
    routesToTests ? _TestCaches.cache(outside: self) : self
  }

  /// What `value(for:context:computing:)` found.
  enum Outcome {
    /// The value cached (found, or computed now), borrowed from the cache (valid while it lives).
    case value(UnsafeMutableRawPointer)
    /// The computation returned nil: nothing was cached.
    case notCached
    /// Computing the value needs the value itself (on this thread, or through threads waiting on
    /// each other).
    case cycle
    /// The cache was shut down (retired): nothing was found, computed or cached.
    case retired
  }

  /// The value cached for `key` in `context`, computed by `compute` when absent: exactly once,
  /// even when many threads miss together, with no lock held while `compute` runs. `compute`
  /// returns a +1 `_DependencyBox` for the cache to keep, or nil to cache nothing.
  func value(
    for key: _KeyIdentity, context: DependencyContext,
    computing compute: inout () -> UnsafeMutableRawPointer?
  ) -> Outcome {
    var result: UnsafeMutableRawPointer?
    let status = withUnsafeMutablePointer(to: &compute) { compute in
      dck_cache_get_or_compute(
        handle, key.raw, context._rawValue,
        { _, _, info in
          info!.assumingMemoryBound(to: (() -> UnsafeMutableRawPointer?).self).pointee()
        },
        compute, &result)
    }
    switch status {
    case DCK_CACHE_FOUND, DCK_CACHE_COMPUTED: return .value(result!)
    case DCK_CACHE_NOT_COMPUTED: return .notCached
    case DCK_CACHE_CYCLE: return .cycle
    case DCK_CACHE_RETIRED: return .retired
    default:
      fatalError("swift-dependencies: internal error: unexpected cache status \(status.rawValue)")
    }
  }

  /// The handle reads can use directly: nil for a cache that routes each read to the running test's.
  var directHandle: OpaquePointer? { routesToTests ? nil : handle }

  /// The value cached for `key` in `context` in the cache `handle` (borrowed: the caller keeps its
  /// owner alive), borrowed from it.
  @inlinable @inline(__always)
  static func lookup(_ key: _KeyIdentity, _ context: DependencyContext, in handle: OpaquePointer)
    -> UnsafeMutableRawPointer?
  {
    dck_cache_get(handle, key.raw, context._rawValue)
  }

  /// The context `prepareDependencies` set for the readers of the cache `handle`, or nil.
  @inlinable @inline(__always)
  static func preparedContext(of handle: OpaquePointer) -> DependencyContext? {
    DependencyContext(_rawValue: dck_cache_context(handle))
  }

  /// The context `prepareDependencies` set for the readers of this cache, or nil.
  @inlinable @inline(__always)
  var preparedContext: DependencyContext? {
    DependencyContext(_rawValue: dck_cache_context(handle))
  }

  /// Sets `preparedContext` of the cache reads go to (`writable`); false when it was set already.
  func prepare(context: DependencyContext) -> Bool {
    dck_cache_set_context(writable.handle, context._rawValue)
  }

  /// Retires this C cache (not the one `self` routes to): from now on it finds, computes and caches
  /// nothing, and every read reports it was shut down. For the lifecycle's shutdown; irreversible.
  func retire() {
    dck_cache_retire(handle)
  }

  /// Caches `value` (a borrowed `_DependencyBox` pointer) as the default of `key` in `context`, in
  /// the cache reads go to (`writable`), for the `prepareDependencies` call at `site`; with
  /// `replacingComputed`, also in place of a value that was computed rather than prepared. False
  /// when a value is cached already, or the cache was shut down.
  func prepare(
    _ key: _KeyIdentity, context: DependencyContext, value: UnsafeMutableRawPointer,
    replacingComputed: Bool, site: _ReadSite
  ) -> Bool {
    writable.cachePrepared(
      _CacheEntryID(key, context), box: value, replacingComputed: replacingComputed, site: site)
  }

  /// The value cached for `key` in `context`, copied out while this cache is alive (a test's cache
  /// can be released by another thread as soon as the read lets go of it), or nil.
  @inlinable @inline(__always)
  func cachedValue<Value: Sendable>(
    of type: Value.Type, for key: _KeyIdentity, _ context: DependencyContext
  ) -> Value? {
    guard let pointer = dck_cache_get(handle, key.raw, context._rawValue) else { return nil }
    return withExtendedLifetime(self) { _DependencyBox<Value>.value(at: pointer) }
  }
}
