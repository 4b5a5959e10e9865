/// One entry of a cache of default values: a key in a context.
struct _CacheEntryID: Hashable, Sendable {
  let key: UInt
  let context: UInt32
  /// 0 for an entry whose value the cache serves. A value the cache stopped serving (replaced by
  /// `prepareDependencies`, or set aside by a reset) keeps its place in the lifecycle under the same
  /// entry with a generation of its own, so that it is still shut down, apart from the value that
  /// took its place (see `_LifecycleState.setAside(where:readsToo:)`).
  var generation: UInt32 = 0

  init(_ key: _KeyIdentity, _ context: DependencyContext) {
    self.key = key.raw
    self.context = context._rawValue
  }

  /// The served entry (generation 0) of `key` in the context of `entry`.
  init(_ key: _KeyIdentity, contextOf entry: _CacheEntryID) {
    self.key = key.raw
    self.context = entry.context
  }
}
