// Reads, in a live context, of a key that has no live value (a `TestDependencyKey` that is not a
// `DependencyKey`). As in the classic library, every such read reports, unless it is made to set
// values or finds a value `prepareDependencies` cached for the key; and every read gets the key's
// `testValue`, computed once per cache.
//
// The read path (`DependencyValues._resolve`) must not find that value, or the next read would
// return it without reporting: so it is not cached under the key itself, where prepared values are
// and where the read path looks, but under a key identity of its own (`_LiveValueOfKeyWithoutOne`).
// A read of such a key therefore always misses and comes here, from `_resolveDefault`; every other
// read is untouched, and a prepared value is found by the read path as any other cached value.

extension DependencyValues {
  /// A read in a live context of `Key`, which has no `liveValue`, that found no value cached for it:
  /// reports it (see `_DependencyReports.reportNoLiveImplementation`) unless the read is made to set
  /// values, then returns the key's `testValue` (computed in the live context, and cached apart).
  /// Called by `_resolveDefault` with the cache it resolved (never for the values of a default's
  /// computation: reads through them are served from the reader's values, which come here).
  @inline(never)
  func _readWithoutLiveValue<Key: TestDependencyKey>(
    _ key: Key.Type, _ id: _KeyIdentity, cache: _LiveValueCache, reader: _DefaultReader,
    site: _ReadSite, for parent: _DefaultComputation?
  ) -> Key.Value {
    if !(_modes.isSetting || _Setting.isActive) {
      _DependencyReports.reportNoLiveImplementation(Key.self, Key.Value.self, site: site)
    }
    let slot = _LiveValueOfKeyWithoutOne<Key>.identity
    if let value = cache.cachedValue(of: Key.Value.self, for: slot, .live) {
      parent?.recordCachedRead(_CacheEntryID(slot, .live))
      return value
    }
    return _computeDefault(
      Key.self, slot, context: .live, cache: cache, reader: reader, site: site, for: parent)
  }
}

/// The key identity under which the value served to live reads of `Key` (a key without a live
/// value) is cached: never looked up by the read path, so every such read comes back to
/// `_readWithoutLiveValue` and reports.
enum _LiveValueOfKeyWithoutOne<Key: TestDependencyKey> {
  static var identity: _KeyIdentity { _KeyIdentity(Self.self) }

  /// Whether `Key` has no live value: a `TestDependencyKey` that is not a `DependencyKey`.
  static var applies: Bool { !(Key.self is any DependencyKey.Type) }
}
