/// One entry of a cache of default values: a key in a context.
struct _CacheEntryID: Hashable, Sendable {
  let key: UInt
  let context: UInt32

  init(_ key: _KeyIdentity, _ context: DependencyContext) {
    self.key = key.raw
    self.context = context._rawValue
  }
}
