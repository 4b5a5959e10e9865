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
/// **Spare scopes.** One class serves every value type (`valueKind` says which type the storage
/// holds), so that a scope object can be used again for any key. When a scope's binding ends and
/// nothing else references the scope (see `recycle(_:)`), the scope is emptied — its value
/// destroyed, its root and parent given back, as its `deinit` would — and the thread keeps it
/// (`dck_spare_scope_keep`) for its next scope entry, which then allocates nothing. A scope that
/// escaped its binding (into a model, a task, an escaped continuation) is freed as usual, when
/// the last of those lets it go.
///
/// ```swift
/// withDependencies { $0.requestID = 42 } operation: {
///   // one _ValueScope: its root maps \.requestID to the scope, which holds 42
/// }
/// // the scope, emptied, waits for this thread's next withDependencies
/// ```
@usableFromInline
final class _ValueScope: _Scope, @unchecked Sendable {
  // @unchecked Sendable: the value is Sendable and immutable while the scope is shared (it is set
  // before anyone else can see the scope, and destroyed only when no one else references it); the
  // rest is `_Scope`'s.

  /// The type of the value in `valueStorage`, or nil while the storage holds none (a scope kept
  /// spare, or one being set up).
  @exclusivity(unchecked) @usableFromInline var valueKind: _OwnValueKind.Type?
  /// Whether the value in `valueStorage` needs destroying (it is not trivial, as a number is).
  @exclusivity(unchecked) @usableFromInline var valueNeedsDestroying = false

  @usableFromInline override init() { super.init() }

  /// A scope whose root maps `key` to `value` and otherwise equals `base`'s root (or the empty
  /// root): one this thread kept spare, or a new one. `base` is borrowed, as in
  /// `_Scope.init(inserting:taking:into:)`. `Value` must fit the scope's storage
  /// (`_OwnValueStorage.fits`).
  ///
  /// Inlinable, so that the value is moved in by the specialized code of the key that sets it.
  @inlinable
  static func setting<Value: Sendable>(
    _ key: _KeyIdentity, to value: __owned Value, in base: __shared _Scope?
  ) -> _ValueScope {
    let scope = spare() ?? _ValueScope()
    scope.ownValueAddress.initializeMemory(as: Value.self, to: value)
    scope.valueKind = _OwnValueKindOf<Value>.self
    scope.valueNeedsDestroying = !_isPOD(Value.self)
    scope.settleOwnValue(key, on: base)
    return scope
  }

  /// A scope this thread kept spare (emptied: the empty root, no parent, no value), if any.
  @inlinable @inline(__always)
  static func spare() -> _ValueScope? {
    guard let spare = dck_spare_scope_take() else { return nil }
    return Unmanaged<_ValueScope>.fromOpaque(spare).takeRetainedValue()
  }

  /// Ends the reference a binding took to its values' scope (`_TaskLocalBinding.push`), after the
  /// binding ended. When it was the last reference to a `_ValueScope`, no weak reference to the
  /// scope was ever formed and it keeps no default (`_Scope.mayBeKeptSpare`), nothing else can
  /// reach the scope: it is emptied (`empty()`) and kept for this thread's next scope entry, and
  /// its parent, which it referenced, is ended the same way (the scopes of an update that set
  /// several keys). Otherwise (the scope escaped the binding, or is not one that carries its value,
  /// or the thread keeps as many as it may, or the build has ThreadSanitizer, which keeps none: see
  /// `dck_spare_scope_may_keep`) the reference is released, as the binding's own would have been.
  @usableFromInline
  static func recycle(_ reference: Unmanaged<_Scope>) {
    var next: Unmanaged<_Scope>? = reference
    while let reference = next {
      next = nil
      let object = reference.toOpaque()
      let keptSpare = reference._withUnsafeGuaranteedRef { scope in
        guard type(of: scope) == _ValueScope.self, dck_spare_scope_may_keep(object),
          scope.mayBeKeptSpare
        else { return false }
        next = unsafeDowncast(scope, to: _ValueScope.self).empty().map {
          Unmanaged.passRetained($0)
        }
        return dck_spare_scope_keep(object)
      }
      if !keptSpare { reference.release() }
    }
  }

  /// Destroys the value and gives back the root, as `deinit` does, leaving a scope of the empty
  /// root like a new one; returns the parent (+1). Only when nothing else references the scope.
  private func empty() -> _Scope? {
    destroyValue()
    return takeParentGivingBackRoot()
  }

  override func makeStandIn() -> _AnyDependencyBox {
    valueKind!.makeStandIn(at: ownValueAddress)
  }

  private func destroyValue() {
    let valueKind = self.valueKind.take()
    if valueNeedsDestroying, let valueKind { valueKind.destroy(at: ownValueAddress) }
  }

  deinit {
    destroyValue()
  }
}

/// The type of the value a `_ValueScope` carries, as what the scope needs of it: a box of the value
/// (its stand-in), and its destruction. A class only for its metatype, whose calls are dispatched
/// through the class's table (`_OwnValueKindOf<Value>` overrides them); never instantiated.
@usableFromInline
class _OwnValueKind {
  /// A box of the value at `address`.
  class func makeStandIn(at address: UnsafeMutableRawPointer) -> _AnyDependencyBox {
    fatalError("swift-dependencies: internal error: a stand-in asked of a value of no type")
  }

  /// Destroys the value at `address` (only asked for a value that is not trivial).
  class func destroy(at address: UnsafeMutableRawPointer) {}
}

/// `_OwnValueKind` of values of type `Value`.
@usableFromInline
final class _OwnValueKindOf<Value: Sendable>: _OwnValueKind {
  override class func makeStandIn(at address: UnsafeMutableRawPointer) -> _AnyDependencyBox {
    _DependencyBox(address.assumingMemoryBound(to: Value.self).pointee)
  }

  override class func destroy(at address: UnsafeMutableRawPointer) {
    address.assumingMemoryBound(to: Value.self).deinitialize(count: 1)
  }
}
