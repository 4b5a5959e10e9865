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

/// `_Scope.recycle(_:)`, as the inlined end of a binding calls it once the core's fast way
/// (`dck_spare_scope_end`, for a scope whose root may be kept bare) left the reference with it: a
/// function of its own rather than a static method, whose call would first ask for the class's
/// metadata (its `self`), and go through a thunk that drops it.
///
/// Clients see it: the inlined pop ends the binding's reference to its scope through it.
@usableFromInline
func _recycleScope(_ reference: Unmanaged<_Scope>) {
  _Scope.recycle(reference)
}
