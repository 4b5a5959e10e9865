/// A weak reference to a scope: the only way the library forms one.
///
/// A thread keeps the object of a scope that ended, unreferenced, for its next scope entry
/// (`_Scope.recycle(_:)`). A weak reference would not stop that (the runtime's uniqueness test
/// counts strong references only) and would then load the scope's next use, a scope with other
/// overrides. So making one marks the scope first (`_Scope.noteWeakReference()`): a scope that ever
/// had a weak reference is never kept for reuse, and is freed as usual when its last strong
/// reference goes, after which this reference loads nil.
///
/// ```swift
/// let other = _WeakScope(modelScope)  // modelScope will never be used again for another scope
/// other.scope  // the scope while it lives, then nil
/// ```
///
/// Write `_WeakScope` where a scope is referenced weakly, never `weak var`/`weak let` of a scope
/// type: `make lint` fails on those (scripts/check-weak-scopes.sh).
struct _WeakScope: Sendable {
  /// The scope while it lives.
  private(set) weak var scope: _Scope?

  /// A weak reference to `scope`, which is never kept for reuse from now on.
  init(_ scope: _Scope) {
    scope.noteWeakReference()
    self.scope = scope
  }
}
