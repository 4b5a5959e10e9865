/// Who reads a default that no cache holds: the scope of the values current where the read
/// happens, over the scope the reading `@Dependency` captured where it was created (a model's). A
/// key's override is looked up in the first, then in the second: two lookups, never a merge.
///
/// It decides which scope keeps a default computed from a scope's overrides, and finds it again
/// (see `_ScopeDefaults`). The keeper is
///
/// 1. the outermost scope, among the current scope and those it was built on (`_Scope.parent`),
///    that agrees with every read of the computation: it maps every key read to the override read,
///    or to none where none was found. So every read in the scope whose override was read gets the
///    value, in that scope, in the scopes nested in it that override nothing it read, and in its
///    child tasks;
/// 2. else the outermost such scope from the captured one: a model read outside the scope it was
///    created in, whose values made the default;
/// 3. else (the computation read overrides of both) the current scope, for as long as the captured
///    scope lives.
///
/// A read through a model outside its scope — the captured scope overrides something the current
/// values do not (`modelScope`) — is a read in the model's scope: the default is computed with the
/// model's values, and kept by the model's scope (or, when it also read the current scope's
/// overrides, by the current scope for as long as the model's lives), for reads through that scope
/// only.
///
/// A read finds a kept value by walking the same scopes and taking the first value that agrees with
/// what this reader finds for every key it read (and, for one computed through a model's scope,
/// that reads through that scope too).
struct _DefaultReader {
  /// The scope of the current values, nil at the root.
  let current: _Scope?
  /// The scope the reading property captured, nil when none (or the current one).
  let captured: _Scope?

  init(current: _Scope?, captured: _Scope?) {
    self.current = current
    self.captured = captured === current ? nil : captured
  }

  /// The captured scope when it overrides a key the current values do not map to the same value:
  /// the reader reads through a model outside the model's scope. Nil when nothing was captured, or
  /// when the current values contain what was captured (a model read in its scope, or in a scope
  /// nested in it).
  var modelScope: _Scope? {
    guard let captured else { return nil }
    guard let current else { return captured.isEmpty ? nil : captured }
    var scope: _Scope? = current
    while let candidate = scope {
      if candidate === captured { return nil }
      scope = candidate.parent
    }
    var contributes = false
    captured.forEach { key, box in
      if !contributes, current.sharedLookup(key) != box { contributes = true }
    }
    return contributes ? captured : nil
  }

  /// Whether this reader reads through the scope `id` (its current or its captured scope).
  func reads(through id: ObjectIdentifier) -> Bool {
    current.map(ObjectIdentifier.init) == id || captured.map(ObjectIdentifier.init) == id
  }

  /// The override this reader finds for `key`, borrowed from its scopes, as every root holds it
  /// (`_Scope.sharedLookup`): what reads record and compare.
  func lookup(_ key: _KeyIdentity) -> UnsafeMutableRawPointer? {
    current?.sharedLookup(key) ?? captured?.sharedLookup(key)
  }

  /// The value kept for `entry` of `cache` that this reader may have, if any.
  func keptValue(for entry: _CacheEntryID, of cache: _LiveValueCache) -> _KeptDefault? {
    let place = _ScopeDefaults.Place(entry: entry, cache: ObjectIdentifier(cache))
    for start in [current, captured] {
      var scope = start
      while let candidate = scope {
        let found = candidate.withDefaults { defaults in
          defaults.value(at: place) { $0.isValid(for: self) }
        }
        if let found { return found }
        scope = candidate.parent
      }
    }
    return nil
  }

  /// Keeps `value`, computed for `entry` of `cache` with `reads`, in the scope that keeps it (see
  /// the type's documentation), and returns the value that scope holds for this reader from now
  /// on: `value`, or one kept first by another read. Nil when no scope can keep it (a reader with
  /// no scope reads no scope's override: not reached).
  func keep(
    _ value: _AnyDependencyBox, reads: _DefaultReads, through modelScope: _Scope?,
    for entry: _CacheEntryID, of cache: _LiveValueCache, site: _ReadSite
  ) -> _KeptDefault? {
    guard let (keeper, other) = keeper(of: reads, through: modelScope) else { return nil }
    let kept = _KeptDefault(
      value, reads: reads, through: modelScope, cache: cache, entry: entry, site: site,
      alsoReading: other)
    let place = _ScopeDefaults.Place(entry: entry, cache: ObjectIdentifier(cache))
    let (result, dropped) = keeper.withDefaults { defaults in
      defaults.keep(kept, at: place) { $0.isValid(for: self) }
    }
    withExtendedLifetime(dropped) {}  // released here, outside the lock
    return result
  }

  /// The scope that keeps a value computed with `reads` (through `modelScope`, if any), and the
  /// other scope it also read, if any.
  private func keeper(of reads: _DefaultReads, through modelScope: _Scope?) -> (
    _Scope, other: _Scope?
  )? {
    if let modelScope {
      // Its captures saw the whole of the model's scope: kept by that scope itself.
      if reads.agree(with: modelScope.sharedLookup) { return (modelScope, nil) }
      guard let current else { return nil }
      return (current, modelScope)
    }
    for start in [current, captured] {
      guard let start, reads.agree(with: start.sharedLookup) else { continue }
      var keeper = start
      while let parent = keeper.parent, reads.agree(with: parent.sharedLookup) { keeper = parent }
      return (keeper, nil)
    }
    guard let current else { return nil }
    return (current, captured)
  }
}
