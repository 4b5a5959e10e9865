import CDependencies

/// The Swift owner of one C live-value cache: the default values of keys that no scope overrides,
/// computed once per key and context and then read without locks.
///
/// The process has one cache for live runs; tests get one each, so a stateful default (a counter, an
/// incrementing UUID generator) starts fresh in every test.
@usableFromInline
final class _LiveValueCache: @unchecked Sendable {
  // @unchecked Sendable: owns a C cache handle. The C cache is safe for concurrent use (lock-free
  // reads, serialised writers), and `deinit` runs only when no reader can hold `self` any more.
  @usableFromInline let handle: OpaquePointer

  init() {
    _ = _registerValueCallbacks
    handle = dck_cache_create()!
  }

  deinit { dck_cache_destroy(handle) }

  /// The cache of live runs and of any code not running inside a test.
  static let shared = _LiveValueCache()

  /// The cached value for `key` in `context`, borrowed from the cache (valid while `self` lives).
  @inlinable @inline(__always)
  func lookup(_ key: _KeyIdentity, _ context: DependencyContext) -> UnsafeMutableRawPointer? {
    dck_cache_get(handle, key.raw, context._rawValue)
  }

  var count: Int { dck_cache_count(handle) }
}
