/// Where a ``DependencyValues`` finds the default values of the keys it does not override: its
/// cache, and the cache's C handle kept beside it, for reads that can use it directly.
///
/// A read looks its key up through `handle`; a read that misses, or finds no handle, goes to
/// `DependencyValues._resolveDefault`, which finds the cache to compute in (`DependencyValues._cache`).
/// The handle is nil where no cache answers reads directly:
///
/// - for the process's cache in a test process, where each read goes to the running test's cache
///   (`_TestCaches.processCache`);
/// - for the values a default is computed in, whose reads go to the computation
///   (`_Modes.computation`), so that it records them.
///
/// Clients see it: the inlined read takes the handle out of it.
@usableFromInline
struct _Defaults: @unchecked Sendable {
  // @unchecked Sendable: `handle` only names the C cache `cache` keeps alive (or the process's,
  // which lives as long as the process); C caches are safe for concurrent use.

  /// The cache, or nil for the process's (`_LiveValueCache.shared`). The process's cache lives as
  /// long as the process: values do not hold it by reference, so that copying them (every scope
  /// entry, on every thread) writes no reference count that all threads share.
  let cache: _LiveValueCache?
  /// The C handle reads use directly, or nil (see the type's documentation).
  @usableFromInline let handle: OpaquePointer?

  /// The defaults of `cache`.
  init(_ cache: _LiveValueCache) {
    if cache === _LiveValueCache.shared {
      self.cache = nil
      self.handle = _TestCaches.routesProcessCache ? nil : cache.handle
    } else {
      self.cache = cache
      self.handle = cache.handle
    }
  }

  /// The defaults of the values a default is computed in: every read goes to the computation.
  static var computed: _Defaults { _Defaults(cache: nil, handle: nil) }

  private init(cache: _LiveValueCache?, handle: OpaquePointer?) {
    self.cache = cache
    self.handle = handle
  }
}
