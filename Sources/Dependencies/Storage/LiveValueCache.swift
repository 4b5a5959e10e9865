import CDependencies

/// The Swift owner of one C live-value cache: the default values of keys that no scope overrides,
/// computed once per key and context and then read without locks.
///
/// A live process has one cache. A test process has one per test: Swift Testing tests (and each
/// argument of a parameterized test) and XCTest test methods each get their own, without any trait
/// or base class, so a stateful default (a counter, an incrementing UUID generator) and the values of
/// `prepareDependencies` start fresh in every test. See `_TestCaches`.
@usableFromInline
final class _LiveValueCache: @unchecked Sendable {
  // @unchecked Sendable: owns a C cache handle. The C cache is safe for concurrent use (lock-free
  // reads, serialised writers), and `deinit` runs only when no reader can hold `self` any more.
  @usableFromInline let handle: OpaquePointer

  /// True for the root cache of a test process: reads go to the running test's own cache instead
  /// (this cache serves code that runs outside any test). Always false in a live process, where the
  /// read path pays one predictable branch for it.
  @usableFromInline let routesToTests: Bool

  /// The overrides the values of this cache started with (a test trait's, or those set by the
  /// `withDependencies` update that created the cache), or nil: a default computed from them
  /// belongs to everything that uses this cache, not to a scope of it (see `_computeDefault`). Read
  /// on the miss path, written when a scope starts with this cache.
  private let baselineState = _Locked<_TrieRoot?>(nil)

  /// See `baselineState`.
  var baseline: _TrieRoot? {
    get { baselineState.withLock { $0 } }
    set { baselineState.withLock { $0 = newValue } }
  }

  init(routesToTests: Bool = false) {
    _ = _registerValueCallbacks
    handle = dck_cache_create()!
    self.routesToTests = routesToTests
  }

  deinit { dck_cache_destroy(handle) }

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

  /// Sets `preparedContext` of the cache reads go to (`resolved`); false when it was set already.
  func prepare(context: DependencyContext) -> Bool {
    dck_cache_set_context(resolved.handle, context._rawValue)
  }

  /// Caches `value` (a borrowed `_DependencyBox` pointer) as the default of `key` in `context`, in
  /// the cache reads go to (`resolved`); false when a value is cached already.
  func prepare(_ key: _KeyIdentity, context: DependencyContext, value: UnsafeMutableRawPointer)
    -> Bool
  {
    dck_cache_put(resolved.handle, key.raw, context._rawValue, value) == DCK_CACHE_INSERTED
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
