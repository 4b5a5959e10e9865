import CDependencies

// What inlined code calls on a scope beyond its stored fields (`Scope.swift`): a read takes the root
// of a property's captured scope, a binding's pop ends its reference to its scope. Making a scope
// that carries its value is in `Scope+OwnValue.swift`.

extension _Scope {
  /// The root of the scope at `pointer` (a `_Scope` passed unretained, as a read carries a
  /// property's captured scope), borrowed.
  @inlinable @inline(__always)
  static func handle(at pointer: OpaquePointer) -> OpaquePointer {
    Unmanaged<_Scope>.fromOpaque(UnsafeRawPointer(pointer))._withUnsafeGuaranteedRef { $0.handle }
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
