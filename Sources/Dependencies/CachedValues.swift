/// The cache of default values behind a ``DependencyValues``, under the name the classic library
/// gives it in its `Internals` SPI, for the code that resets it.
///
/// Test helpers and preview traits written for the classic library empty the cache before they
/// prepare dependencies, so that every default is computed again:
///
/// ```swift
/// @_spi(Internals) import Dependencies
///
/// DependencyValues._current.cachedValues.resetCache()
/// prepareDependencies { $0.date = .constant(Date(timeIntervalSince1970: 0)) }
/// ```
///
/// Only ``resetCache()`` is provided. The classic class also exposes its dictionary of cached values
/// and the lock around it; this library's cache is a lock-free table in C, with no dictionary to
/// hand out.
@_spi(Internals)
public final class CachedValues: Sendable {
  /// The cache of the values, or nil for the process's (which a test process routes to the
  /// running test's, see `_TestCaches.processCache`).
  let cache: _LiveValueCache?

  init(values: DependencyValues) {
    self.cache = values._readsTheRunningTestsCache ? nil : values._cache
  }

  /// Forgets every default value computed or prepared so far: the next read of each key computes
  /// its default again, `prepareDependencies` may prepare any key again, and a context it set is
  /// cleared.
  ///
  /// In a test that uses the cache the library gives every test (no `.dependencies` trait, no
  /// `DependenciesTestCase` base class), the running test gets a fresh cache and its old one is
  /// released, so the values it held are released too, unless something else holds them.
  /// Elsewhere — a live process, a preview, a scope that started a cache of its own
  /// (`$0 = DependencyValues()`, a `.dependencies` trait, `DependenciesTestCase`) — the cache is
  /// emptied in place: its old values are no longer served, but stay alive (as values that reads may
  /// still hold) until the cache itself is released, and values that need shutting down
  /// (``ShutdownableDependency``) are still shut down with it.
  public func resetCache() {
    guard let cache else {
      if _TestCaches.replaceCacheOfRunningTest() { return }
      return _TestCaches.processCache.reset()
    }
    cache.reset()
  }
}

extension DependencyValues {
  /// The cache of default values these values read from, under the classic library's name (see
  /// ``CachedValues``).
  @_spi(Internals)
  public var cachedValues: CachedValues { CachedValues(values: self) }
}

extension DependencyValues {
  /// Forgets every default value computed or prepared so far (see ``CachedValues/resetCache()``).
  ///
  /// The classic library's spelling, kept for code that calls it:
  ///
  /// ```swift
  /// @_spi(Beta) import Dependencies
  ///
  /// DependencyValues._current.resetCache()
  /// ```
  @_spi(Beta)
  @available(
    *, deprecated,
    message: "'resetCache' is no longer necessary for most (unparameterized) '@Test' cases"
  )
  public func resetCache() {
    cachedValues.resetCache()
  }
}
