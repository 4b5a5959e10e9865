import CDependencies

// Spare scopes (see `_Scope`).
//
// A scope that carries its value can serve any key once emptied (`valueKind` says which type its
// storage holds). When such a scope's binding ends and nothing else references it (see
// `recycle(_:)`), it is emptied — its value destroyed, its root and parent given back, as its
// `deinit` would — and the thread keeps it (`dck_spare_scope_keep`) for its next scope entry, which
// then allocates nothing. A scope that escaped its binding (into a model, a task, an escaped
// continuation) is freed as usual, when the last of those lets it go.

extension _Scope {
  /// A scope this thread kept spare (emptied: the empty root, no parent, no value), if any.
  @inline(__always)
  static func spare() -> _Scope? {
    guard let spare = dck_spare_scope_take() else { return nil }
    return Unmanaged<_Scope>.fromOpaque(spare).takeRetainedValue()
  }

  /// Ends the reference a binding took to its values' scope (`_TaskLocalBinding.push`), after the
  /// binding ended (through `_recycleScope(_:)`, which the inlined pop calls). When it was the last reference to a scope that carries its value, no weak
  /// reference to the scope was ever formed and it keeps no default (`mayBeKeptSpare`), nothing
  /// else can reach the scope: it is emptied (`empty()`) and kept for this thread's next scope
  /// entry, and its parent, which it referenced, is ended the same way (the scopes of an update that
  /// set several keys). Otherwise (the scope escaped the binding, or does not carry its value, or
  /// the thread keeps as many as it may, or the build has ThreadSanitizer, which keeps none: see
  /// `dck_spare_scope_may_keep`) the reference is released, as the binding's own would have been.
  @inline(__always)
  static func recycle(_ reference: Unmanaged<_Scope>) {
    var next: Unmanaged<_Scope>? = reference
    while let reference = next {
      next = nil
      let object = reference.toOpaque()
      let keptSpare = reference._withUnsafeGuaranteedRef { scope in
        guard scope.valueKind != nil, dck_spare_scope_may_keep(object), scope.mayBeKeptSpare
        else { return false }
        next = scope.empty().map { Unmanaged.passRetained($0) }
        return dck_spare_scope_keep(object)
      }
      if !keptSpare { reference.release() }
    }
  }

  /// Destroys the value and gives back the root, as `deinit` does, leaving a scope of the empty
  /// root like a new one; returns the parent (+1). Only when nothing else references the scope.
  private final func empty() -> _Scope? {
    destroyValue()
    return takeParentGivingBackRoot()
  }
}

/// `_Scope.recycle(_:)`, as the inlined pop of a binding calls it: a function of its own rather
/// than a static method, whose call would first ask for the class's metadata (its `self`), and go
/// through a thunk that drops it.
///
/// Its fast way first: a scope that carries a trivial value, whose root is its first override at the
/// root that nothing used, and that nothing else references, is kept as it is (only its value's
/// type is forgotten and its handle reset), in one call of the core
/// (`dck_spare_scope_keep_settled`); the next `_settledScopeAtRoot(_:)` builds its root over.
///
/// Clients see it: the inlined pop ends the binding's reference to its scope through it.
@usableFromInline
func _recycleScope(_ reference: Unmanaged<_Scope>) {
  let keeping = reference._withUnsafeGuaranteedRef { $0.keepSettled(reference.toOpaque()) }
  if keeping == DCK_SPARE_SCOPE_KEPT { return }
  if keeping == DCK_SPARE_SCOPE_NOT_KEPT { return reference.release() }
  _Scope.recycle(reference)
}

extension _Scope {
  /// `recycle(_:)`'s fast way (see `_recycleScope(_:)`) for this scope, `object`: kept, not kept
  /// (to be released: a scope that carries no value is never kept), or to be emptied first
  /// (`DCK_SPARE_SCOPE_NOT_BARE`: `recycle(_:)` then decides, as for any scope that does not fit
  /// the fast way).
  @inline(__always)
  fileprivate final func keepSettled(_ object: UnsafeMutableRawPointer) -> dck_spare_scope_keeping_t
  {
    guard valueKind != nil else { return DCK_SPARE_SCOPE_NOT_KEPT }
    let node = embeddedNodeAddress
    // The parent first: a scope nested in another has one, and goes the general way at once.
    guard parent == nil, !valueNeedsDestroying, mayBeKeptSpare,
      UnsafeMutableRawPointer(handle) == node
    else { return DCK_SPARE_SCOPE_NOT_BARE }
    let keeping = dck_spare_scope_keep_settled(object, node)
    if keeping == DCK_SPARE_SCOPE_KEPT {
      valueKind = nil
      handle = dck_trie_empty()
    }
    return keeping
  }
}
