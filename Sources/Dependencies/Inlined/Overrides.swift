/// The overrides a ``DependencyValues`` carries: the scope whose root they are, and that root's C
/// handle kept beside it, so that a read looks keys up without touching the scope's reference count
/// (a write to memory every thread reading the scope shares).
///
/// ```swift
/// values._overrides = _Overrides(scope)   // scope and handle change together
/// dck_trie_get(values._overrides.handle!, key.raw, key.hash)
/// ```
///
/// Clients see it: the inlined read takes the handle out of it, the inlined scope entry builds a
/// scope on top of `scope`.
@usableFromInline
struct _Overrides: @unchecked Sendable {
  // @unchecked Sendable: `handle` only names the root `scope` keeps alive, an immutable trie node
  // whose reference counts are atomic.

  /// The scope whose root the overrides are, or nil for none (the shared empty root: values at the
  /// root hold no scope).
  @usableFromInline var scope: _Scope?
  /// `scope`'s root, or nil when there is no scope: nothing to look up.
  @usableFromInline var handle: OpaquePointer?

  /// The overrides of `scope`.
  init(_ scope: __owned _Scope?) {
    self.handle = scope?.handle
    self.scope = scope
  }

  /// Makes `scope` the overrides. (Not an initializer: in a build for library evolution, an
  /// inlinable initializer of a type that is not frozen cannot set its fields.)
  @inlinable @inline(__always)
  mutating func set(_ scope: __owned _Scope) {
    handle = scope.handle
    self.scope = scope
  }

  /// `set(_:)` of overrides that have no scope (the root values' copy: every scope entry's at the
  /// root): the scope is moved in with no call to release the one they do not have.
  @inlinable @inline(__always)
  mutating func setFirst(_ scope: __owned _Scope) {
    assert(self.scope == nil, "swift-dependencies: internal error: overrides set first twice")
    handle = scope.handle
    withUnsafeMutablePointer(to: &self.scope) { $0.initialize(to: scope) }
  }

  /// Takes the scope out (+1, moved: no retain), leaving no overrides.
  @inlinable @inline(__always)
  mutating func takeScope() -> _Scope? {
    handle = nil
    return scope.take()
  }
}
