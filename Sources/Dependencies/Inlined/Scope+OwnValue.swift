import CDependencies

// A scope that sets one key and carries that key's value itself (see `_Scope`).
//
// The value lives in the scope's `valueStorage`, `_valueOffset` bytes into the object where a
// `_DependencyBox` keeps its value, and the scope's root maps the key to the scope (an *own value*,
// `dck_trie_insert_owner_into`). Entering a scope that sets a key then makes one object where it
// would make two (the scope and the value's box), and leaving it frees one.
//
// The root in the scope does not count its own value (that would be a reference of the scope to
// itself). Every other root that holds the entry's value — a merge, a canonical form — holds a
// *stand-in* instead (`makeStandIn()`: a `_DependencyBox` of the same value, made once, kept by
// this scope's root), so that no root ever holds the scope through its value (the index of a
// deeper overlay, which holds no value, refers to this scope's overlay: nesting makes none). Two
// lookups of one override compare equal through `sharedLookup`, which gives the stand-in for the
// scope.
//
// When the trie would build a root of its own rather than an overlay in the scope (a key set below
// the top overlay), the scope inserts a box as `init(inserting:taking:into:)` does,
// and its storage holds a copy of the value that nothing reads.
//
// ```swift
// withDependencies { $0.requestID = 42 } operation: {
//   // one _Scope: its root maps \.requestID to the scope, which holds 42
// }
// // the scope, emptied, waits for this thread's next withDependencies (Scope+Spare.swift)
// ```

extension _Scope {
  /// A scope whose root maps `key` to `value` and otherwise equals `base`'s root (or the empty
  /// root): one this thread kept spare, or a new one. `base` is borrowed, as in
  /// `init(inserting:taking:into:)`. `Value` must fit the scope's storage
  /// (`_OwnValueStorage.fits`).
  ///
  /// Inlinable, so that the value is moved in by the specialized code of the key that sets it.
  @inlinable
  static func setting<Value: Sendable>(
    _ key: _KeyIdentity, to value: __owned Value, in base: __shared _Scope?
  ) -> _Scope {
    let scope = _settledScope(key, on: base)
    scope.carry(value)
    if scope.handle == dck_trie_empty() { scope.settleBoxOfOwnValue(key, on: base) }
    return scope
  }

  /// `setting(_:to:in:)` with no base: a scope's first override at the root, the commonest entry,
  /// whose root is always built in the scope. The scope this thread kept spare, or a new one, with
  /// its root, its handle and its byte `mayKeepRootBare` (true for a trivial `Value`: nothing to
  /// destroy) set in one call of the core (`dck_spare_scope_take_settled`).
  @inlinable
  static func settingFirst<Value: Sendable>(
    _ key: _KeyIdentity, to value: __owned Value
  ) -> _Scope {
    // Never nil: a new scope when the thread keeps none.
    let scope = Unmanaged<_Scope>.fromOpaque(
      dck_spare_scope_take_settled(key.raw, key.hash, _isPOD(Value.self)).unsafelyUnwrapped
    ).takeRetainedValue()
    scope.carry(value)
    return scope
  }

  /// Puts `value` in this scope's storage, which holds none (a scope being made).
  @inlinable @inline(__always)
  final func carry<Value: Sendable>(_ value: __owned Value) {
    ownValueAddress.initializeMemory(as: Value.self, to: value)
    valueKind = Value.self
    valueNeedsDestroying = !_isPOD(Value.self)
  }

  /// Gives a scope that carries its value, and that `_settledScope(_:on:)` could not give its root,
  /// the root the trie builds with `key` mapped to a box of the value (`makeStandIn()`), and its
  /// parent.
  @usableFromInline
  final func settleBoxOfOwnValue(_ key: _KeyIdentity, on base: __shared _Scope?) {
    insert(
      key, taking: Unmanaged.passRetained(makeStandIn()), into: base?.handle ?? dck_trie_empty()!)
    settleParent(base)
  }

  /// The value this scope carries, as a box of its own: what every root but this scope's own holds
  /// for it (`dck_trie_insert_owner_into`). The core asks it only of a scope whose root maps a key
  /// to the scope itself, which carries its value.
  final func makeStandIn() -> _AnyDependencyBox {
    guard let valueKind else {
      preconditionFailure(
        "swift-dependencies: internal error: a stand-in asked of a scope with no value")
    }
    return _standIn(valueKind, at: ownValueAddress)
  }

  /// Destroys the value this scope carries, if any, leaving it none.
  final func destroyValue() {
    let valueKind = self.valueKind.take()
    if valueNeedsDestroying, let valueKind { _destroy(valueKind, at: ownValueAddress) }
  }
}

/// A scope whose root maps `key` to the scope itself, whose value the caller then puts in its
/// storage (the core reads no value while it builds the root), and otherwise equals `base`'s root
/// (or the empty root), with its parent: one this thread kept spare, or a new one. Where the trie
/// would build a root of its own (a key set below the top overlay), the scope is left with the
/// empty root, for `settleBoxOfOwnValue(_:on:)` once the value is in. A function of its own rather
/// than a static method of `_Scope`, whose call would first ask for the class's metadata (its
/// `self`), and go through a thunk that drops it.
///
/// Clients see it: the inlined scope entry (`_Scope.setting(_:to:in:)`) calls it.
@usableFromInline
func _settledScope(_ key: _KeyIdentity, on base: __shared _Scope?) -> _Scope {
  let scope = _Scope.spare() ?? _Scope()
  // The base's root is alive (the caller holds `base`) while the new root is built.
  if scope.insertOwnValue(key, into: base?.handle ?? dck_trie_empty()!) {
    scope.settleParent(base)
  }
  return scope
}

/// A new scope with the first override at the root of the key whose identity's `raw` is `key` built
/// in it (+1), whose value the caller then puts in its storage: how the core makes one when the
/// thread keeps no spare scope (`dck_spare_scope_take_settled`; registered with the value
/// callbacks, `_registerValueCallbacks`).
func _newSettledScopeAtRoot(key: UInt) -> UnsafeMutableRawPointer {
  let scope = _Scope()
  // On the empty root, the trie always builds the overlay inside the scope.
  let settled = scope.insertOwnValue(_KeyIdentity(raw: key), into: dck_trie_empty()!)
  assert(settled, "swift-dependencies: internal error: a first override built no root in its scope")
  return Unmanaged.passRetained(scope).toOpaque()
}

/// A box of the value of type `Value` at `address` (a scope's stand-in: `makeStandIn()`), for the
/// type a scope's `valueKind` names.
private func _standIn<Value: Sendable>(
  _: Value.Type, at address: UnsafeMutableRawPointer
) -> _AnyDependencyBox {
  _DependencyBox(address.assumingMemoryBound(to: Value.self).pointee)
}

/// Destroys the value of type `Value` at `address` (a scope's own value: `destroyValue()`), for the
/// type a scope's `valueKind` names.
private func _destroy<Value: Sendable>(_: Value.Type, at address: UnsafeMutableRawPointer) {
  address.assumingMemoryBound(to: Value.self).deinitialize(count: 1)
}
