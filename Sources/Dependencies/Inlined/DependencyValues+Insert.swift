import CDependencies

// How values set a key: inlined where a key is set (the key subscript's setter, `withDependencies`
// update closures), so that the value is moved into its scope by code that knows its type.

extension DependencyValues {
  /// Sets `key` to `box`, a box no root holds yet, in the overrides: a new scope on top of the
  /// current one (see `_Scope.init(inserting:taking:into:)`).
  ///
  /// `box` is a +1 reference the new root takes over (`Unmanaged.passRetained` of a new box).
  @usableFromInline
  mutating func _insert(_ key: _KeyIdentity, taking box: Unmanaged<AnyObject>) {
    _overrides = _Overrides(_Scope(inserting: key, taking: box, into: _overrides.scope))
  }

  /// Sets `key` to `value` in the overrides: a new scope on top of the current one that carries the
  /// value itself when it fits (`_Scope.setting(_:to:in:)`), else one with a box of its own.
  ///
  /// Inlinable, so that it is specialized where a key is set: the value is moved into the scope by
  /// code that knows its type.
  @inlinable
  mutating func _insert<Value: Sendable>(_ key: _KeyIdentity, _ value: __owned Value) {
    guard _OwnValueStorage.fits(Value.self) else {
      return _insert(key, taking: Unmanaged<AnyObject>.passRetained(_DependencyBox(value)))
    }
    guard _overrides.scope != nil else {
      return _overrides.setFirst(_Scope.settingFirst(key, to: value))
    }
    let scope = _Scope.setting(key, to: value, in: _overrides.scope)
    _overrides.set(consume scope)
  }
}
