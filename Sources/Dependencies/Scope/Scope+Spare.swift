import CDependencies

// Spare scopes (see `_Scope`).
//
// A scope that carries its value can serve any key once emptied (`valueKind` says which type its
// storage holds). When such a scope's binding ends and nothing else references it (see
// `recycle(_:)`), it is emptied — its value destroyed, its root and parent given back, as its
// `deinit` would — and the thread keeps it (`dck_spare_scope_keep`) for its next scope entry, which
// then allocates nothing. A scope that escaped its binding (into a model, a task, an escaped
// continuation) is freed as usual, when the last of those lets it go.
//
// The commonest scope, a first override at the root carrying a trivial value whose root nothing
// used (`mayKeepRootBare`), the core keeps as it is when its binding ends, in the same call as the
// pop (`dck_task_local_pop_ending`, `dck_spare_scope_end`); the next first override at the root
// takes it with its root built over the old one (`dck_spare_scope_take_settled`). Every other scope
// comes here.

extension _Scope {
  /// A scope this thread kept spare (emptied: the empty root, no parent, no value to destroy), if
  /// any, for a scope that may not keep its root bare. One kept with its bare root
  /// (`dck_spare_scope_end`) still says it may, and may still name the type of the trivial value
  /// it carried (`valueKind`, set again by `carry(_:)`).
  @inline(__always)
  static func spare() -> _Scope? {
    guard let spare = dck_spare_scope_take() else { return nil }
    let scope = Unmanaged<_Scope>.fromOpaque(spare).takeRetainedValue()
    scope.mayKeepRootBare = false
    return scope
  }

  /// Ends the reference a binding took to its values' scope (`_TaskLocalBinding.push`), after the
  /// binding ended, when the core's fast way (`dck_spare_scope_end`, for a scope whose root may be
  /// kept bare) left it with the caller. When it was the last reference to a scope that carries its
  /// value, no weak reference to the scope was ever formed and it keeps no default
  /// (`mayBeKeptSpare`), nothing else can reach the scope: it is emptied (`empty()`) and kept for
  /// this thread's next scope entry, and its parent, which it referenced, is ended the same way (the
  /// scopes of an update that set several keys). Otherwise (the scope escaped the binding, or does
  /// not carry its value, or the thread keeps as many as it may, or the build has ThreadSanitizer,
  /// which keeps none: see `dck_spare_scope_may_keep`) the reference is released, as the binding's
  /// own would have been.
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
    // A kept scope that says it may keep its root bare has one (`dck_spare_scope_take_settled`
    // builds on it): this one's root goes.
    mayKeepRootBare = false
    destroyValue()
    return takeParentGivingBackRoot()
  }
}
