import CDependencies

/// A scope that sets one key and carries that key's value itself: the value lives in the scope's
/// `valueStorage`, 16 bytes into the object where a `_DependencyBox` keeps its value, and the
/// scope's root maps the key to the scope (an *own value*, `dck_trie_insert_owner_into`). Entering a
/// scope that sets a key then makes one object where it would make two (the scope and the value's
/// box), and leaving it frees one.
///
/// The root in the scope does not count its own value (that would be a reference of the scope to
/// itself). Every other root that holds the entry — a fold of a longer chain, a merge, a canonical
/// form — holds a *stand-in* instead (`makeStandIn()`: a `_DependencyBox` of the same value, made
/// once, kept by this scope's root), so that no root ever holds the scope through its value. Two
/// lookups of one override compare equal through `_TrieRoot.sharedLookup`, which gives the
/// stand-in for the scope.
///
/// When the trie would build a root of its own rather than an overlay in the scope (a key set below
/// the top overlay, or a full chain), the scope inserts a box as `_Scope.init(inserting:…)` does, and
/// its storage holds a copy of the value that nothing reads.
///
/// ```swift
/// withDependencies { $0.requestID = 42 } operation: {
///   // one _ValueScope<Int>: its root maps \.requestID to the scope, which holds 42
/// }
/// ```
@usableFromInline
final class _ValueScope<Value: Sendable>: _Scope, @unchecked Sendable {
  // @unchecked Sendable: the value is Sendable and immutable once the scope is made; the rest is
  // `_Scope`'s.

  /// A scope whose root maps `key` to `value` and otherwise equals `base`'s root (or the empty
  /// root). `base` is borrowed, as in `_Scope.init(inserting:taking:into:)`. `Value` must fit the
  /// scope's storage (`_OwnValueStorage.fits`).
  ///
  /// Inlinable, so that the value is moved in by the specialized code of the key that sets it.
  @inlinable
  init(setting key: _KeyIdentity, to value: __owned Value, in base: __shared _Scope?) {
    super.init()
    ownValueAddress.initializeMemory(as: Value.self, to: value)
    settleOwnValue(key, on: base)
  }

  override func makeStandIn() -> _AnyDependencyBox {
    _DependencyBox(ownValueAddress.assumingMemoryBound(to: Value.self).pointee)
  }

  deinit {
    // A trivial value (a number, a plain struct) has nothing to destroy.
    if !_isPOD(Value.self) {
      ownValueAddress.assumingMemoryBound(to: Value.self).deinitialize(count: 1)
    }
  }
}
