import CDependencies

// The read of a key, inlined into every `@Dependency` read and key subscript: override, captured
// scope, cached default, through borrowed C handles; everything slower behind one non-inlined call
// (`_resolveDefault`).

extension DependencyValues {
  /// Resolves `Key` in the values at `values`: their override, then the one in `captured` (the
  /// scope a reading `@Dependency` captured, passed unretained: see `_Scope.handle(at:)`), then the
  /// default cached for the context: the one the values set, else `capturedContext`, else the one
  /// `prepareDependencies` set for the cache, else the detected one. The read of every key, by the
  /// subscript (on its `self`, through the generic entry below) and by `@Dependency(Key.self)`;
  /// specialised at each call site.
  ///
  /// Everything here goes through borrowed C handles: no reference count is touched (the values
  /// are read in place, field by field, never copied), so threads reading the same scope or the
  /// same model write to no memory they share, and nothing is allocated unless a default is
  /// computed (`_resolveDefault`).
  @inlinable @inline(__always)
  static func _resolve<Key: TestDependencyKey>(
    _ key: Key.Type, in values: UnsafePointer<DependencyValues>, captured: OpaquePointer?,
    capturedContext: DependencyContext?, site: @autoclosure () -> _ReadSite
  ) -> Key.Value {
    _resolve(
      Key.self, in: _ValuesAt(values), captured: captured, capturedContext: capturedContext,
      site: site())
  }

  /// `_resolve(_:in:captured:capturedContext:site:)` on the values `values` reads: those at an
  /// address (`_ValuesAt`), or values the caller borrows (the key subscript's `self`). One lookup
  /// for both, specialised for each.
  @inlinable @inline(__always)
  static func _resolve<Key: TestDependencyKey, Values: _ReadValues>(
    _ key: Key.Type, in values: borrowing Values, captured: OpaquePointer?,
    capturedContext: DependencyContext?, site: @autoclosure () -> _ReadSite
  ) -> Key.Value {
    let id = _KeyIdentity(Key.self)
    if let found = _find(id, in: values, captured: captured, capturedContext: capturedContext) {
      if found.isOverride, values._recordsReads {
        values._recordOverrideRead(id, found.box)
      }
      return _DependencyBox<Key.Value>.value(at: found.box)
    }
    return values._resolveDefault(
      Key.self, id, captured: captured, capturedContext: capturedContext, site: site())
  }

  /// The box of `key`'s value that a read of `values` finds without computing anything (see
  /// `_resolve`), and whether it is an override; nil when the read must go to `_resolveDefault`.
  /// The values are read field by field: a method called on them through a pointer would copy
  /// them (retaining their owners).
  @inlinable @inline(__always)
  static func _find<Values: _ReadValues>(
    _ id: _KeyIdentity, in values: borrowing Values, captured: OpaquePointer?,
    capturedContext: DependencyContext?
  ) -> (box: UnsafeMutableRawPointer, isOverride: Bool)? {
    if let overrides = values._overridesHandle,
      let box = dck_trie_get(overrides, id.raw, id.hash)
    {
      return (box, true)
    }
    if let captured, let box = dck_trie_get(_Scope.handle(at: captured), id.raw, id.hash) {
      return (box, true)
    }
    if let cache = values._defaultsHandle {
      let box =
        if values._contextIsSet {
          dck_cache_get(cache, id.raw, values._readContext._rawValue)
        } else if let capturedContext {
          dck_cache_get(cache, id.raw, capturedContext._rawValue)
        } else {
          dck_cache_get_in_set_context(cache, id.raw, values._readContext._rawValue)
        }
      if let box { return (box, false) }
    }
    return nil
  }

  /// The default of `Key` for a read that found no override and no cached default through the
  /// direct handle (see `_resolveDefault(_:_:captured:capturedContext:site:for:)`). `captured` is
  /// the reading property's captured scope, passed unretained (the property holds it).
  @usableFromInline @inline(never)
  func _resolveDefault<Key: TestDependencyKey>(
    _ key: Key.Type, _ id: _KeyIdentity, captured: OpaquePointer?,
    capturedContext: DependencyContext?, site: _ReadSite
  ) -> Key.Value {
    _resolveDefault(
      Key.self, id, captured: captured.map(_Scope.scope(at:)), capturedContext: capturedContext,
      site: site, for: nil)
  }

  /// Records, while a default is computed in these values, that it read the override `pointer` of
  /// `key`.
  @usableFromInline @inline(never)
  func _recordOverrideRead(_ key: _KeyIdentity, _ pointer: UnsafeMutableRawPointer) {
    _modes.computation?.recordOverride(key, pointer)
  }

  /// Records, while `prepareDependencies` sets these values, that `key` was assigned through the
  /// property whose accessor is `property`.
  @usableFromInline @inline(never)
  func _recordAssignment<Key: TestDependencyKey>(
    _ id: _KeyIdentity, _ key: Key.Type, property: StaticString
  ) {
    _modes.assignedKeys?.record(id, Key.self, property: property)
  }
}
