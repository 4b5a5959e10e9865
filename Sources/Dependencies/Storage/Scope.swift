import CDependencies

/// A scope: the overrides in effect where `withDependencies` runs its operation, and the default
/// values that belong to those overrides.
///
/// Every non-empty map of overrides that values carry is a scope's root: setting a key makes a new
/// scope on top of the one the values had (its `parent`), merging a model's captured values with
/// the current ones (`withDependencies(from:)`) makes one of its own. Whatever holds the values —
/// the task-local binding while the operation runs, its child tasks, a `@Dependency` property
/// created in it (a model), values escaped with `withEscapedDependencies`, the record of an object
/// the scope returned — holds the scope.
///
/// A scope keeps the defaults that belong to it (see `_ScopeDefaults`): those whose computation read
/// one of its overrides. They live exactly as long as the scope: when nothing holds it any more, it
/// releases them, and starts the shutdown of those that are ``ShutdownableDependency``.
///
/// ```swift
/// let model = withDependencies { $0.requestID = 42 } operation: {
///   RequestModel()  // @Dependency(Session.self) var session; Session.liveValue reads \.requestID
/// }
/// model.session === model.session  // one Session for the scope, for as long as the model lives
/// ```
///
/// A scope that sets a key carries the value itself when it fits (`_ValueScope`): entering it makes
/// one object, not a scope and a box.
@usableFromInline
class _Scope: _TrieRoot, @unchecked Sendable {
  // @unchecked Sendable: `parent` is immutable; `defaults` is only touched with the scope's lock
  // held (`_ScopeLocks`), or in `deinit`, when no other reference is left.

  /// The scope whose root this scope's root adds its override to, if any (see
  /// `init(inserting:taking:into:)`): the defaults it keeps are this scope's too wherever they read
  /// what this scope agrees with (see `_DefaultReader`). Set while the scope is made, before anyone
  /// else can see it.
  @exclusivity(unchecked) private(set) var parent: _Scope?
  /// The defaults this scope keeps; only touched with its lock held (or in `deinit`).
  @exclusivity(unchecked) private var defaults = _ScopeDefaults()
  /// Whether a weak reference to this scope was ever formed (`noteWeakReference()`); only set with
  /// its lock held.
  @exclusivity(unchecked) private var wasWeaklyReferenced = false

  /// A scope whose root maps `key` to `box` and otherwise equals `base`'s root (or the empty
  /// root), where no root holds `box` yet (a new box: `key` cannot map to it already).
  ///
  /// Its parent is the scope whose root the new root keeps alive (`dck_trie_overlay_base`):
  /// `base` for a new key (an overlay on `base`'s root), `base`'s parent when the new root
  /// replaces `base`'s own override, none for a root the trie built afresh (a key set further
  /// out, or a long chain folded). So the link keeps alive nothing the root does not: never a
  /// value the new root replaced (a value holding the scope that replaced it would otherwise close
  /// a cycle).
  ///
  /// `box` is a +1 reference the new root takes over; `base` is borrowed (`__shared`). This is
  /// every scope entry's path: an owned `base` would cost the caller a retain and this initializer
  /// a release.
  init(inserting key: _KeyIdentity, taking box: Unmanaged<AnyObject>, into base: __shared _Scope?) {
    super.init()
    // The base's root is alive (the caller holds `base`) while the new root is built.
    insert(key, taking: box, into: base?.handle ?? dck_trie_empty())
    settleParent(base)
  }

  /// A scope whose root is still the empty root: the subclass sets it (`_ValueScope`), then calls
  /// `settleParent(_:)`.
  @usableFromInline override init() { super.init() }

  /// Gives a scope that carries its value (`_ValueScope`, whose storage holds it already) its root:
  /// `base`'s root (or the empty root) with `key` mapped to this scope itself, or, where the trie
  /// would build a root of its own, to a box of the value (`makeStandIn()`); then its parent.
  @usableFromInline
  final func settleOwnValue(_ key: _KeyIdentity, on base: __shared _Scope?) {
    // The base's root is alive (the caller holds `base`) while the new root is built.
    let baseHandle = base?.handle ?? dck_trie_empty()!
    if !insertOwnValue(key, into: baseHandle) {
      insert(key, taking: Unmanaged.passRetained(makeStandIn()), into: baseHandle)
    }
    settleParent(base)
  }

  /// Sets `parent` for a root just built on `base`'s (see `init(inserting:taking:into:)`).
  private final func settleParent(_ base: __shared _Scope?) {
    guard let base, let rootBase = dck_trie_overlay_base(handle) else { return }
    if rootBase == base.handle {
      parent = base
    } else if let grandparent = base.parent, rootBase == grandparent.handle {
      parent = grandparent
    }
  }

  /// A scope of its own (no parent) for the root `handle` (+1, taken over).
  override init(adopting handle: OpaquePointer) {
    super.init(adopting: handle)
  }

  /// The value this scope's override carries, as a box of its own (`_ValueScope` overrides this):
  /// what every root but this scope's own holds for it (`dck_trie_insert_owner_into`). Only asked of
  /// a scope that carries its value.
  func makeStandIn() -> _AnyDependencyBox {
    fatalError("swift-dependencies: internal error: a stand-in asked of a scope without a value")
  }

  /// Records that a weak reference to this scope is being formed: called by `_WeakScope.init`, the
  /// only place one is formed. A scope that ever had one is never emptied and kept spare
  /// (`_ValueScope.recycle(_:)`): the weak reference would load the scope's next use.
  final func noteWeakReference() {
    _ScopeLocks.withLock(for: self) { wasWeaklyReferenced = true }
  }

  /// Whether this scope may be emptied and kept spare once its caller holds the only reference to
  /// it: it never had a weak reference and keeps no default. Read without the lock: the caller's
  /// uniqueness test ordered every other holder's writes before it
  /// (`dck_spare_scope_may_keep`).
  final var mayBeKeptSpare: Bool { !wasWeaklyReferenced && defaults.isEmpty }

  /// Gives back the root, as `deinit` does, and hands the parent (+1) to the caller, leaving a scope
  /// of the empty root without parent, as `init()` makes: for a scope emptied to be kept spare, whose
  /// parent may be left unreferenced too.
  final func takeParentGivingBackRoot() -> _Scope? {
    let parent = self.parent.take()
    giveBackRoot()
    return parent
  }

  deinit {
    guard !defaults.isEmpty else { return }
    let shutdownables = defaults.shutdownables
    if !shutdownables.isEmpty { _ScopeDefaults.shutDownInBackground(shutdownables) }
  }

  /// The shared empty scope: no overrides. Values at the root carry none (nil).
  static let empty = _Scope(adopting: dck_trie_empty())

  /// `self` overlaid with `other` (`other` wins), sharing every identical subtree: `self` or
  /// `other` when one of them is the result, otherwise a scope of its own.
  final func merging(_ other: _Scope) -> _Scope {
    if other === self || other.handle == handle || isEmpty { return other }
    if other.isEmpty { return self }
    let root = dck_trie_merge(handle, other.handle)!
    if root == other.handle { return other.releasingDuplicate(root) }
    if root == handle { return releasingDuplicate(root) }
    return _Scope(adopting: root)
  }

  /// The scope without `key`'s override, or nil when it has none.
  final func removing(_ key: _KeyIdentity) -> _Scope? {
    let root = dck_trie_remove(handle, key.raw, key.hash)!
    if root == handle {
      dck_trie_release(root)
      return nil
    }
    return _Scope(adopting: root)
  }

  /// A scope of its own with the same overrides, whose root holds this scope's values but not this
  /// scope (nor what it keeps).
  final func detachedCopy() -> _Scope {
    var root = dck_trie_empty()!
    forEach { key, box in
      let next = dck_trie_insert(root, key.raw, key.hash, box)!
      dck_trie_release(root)
      root = next
    }
    return _Scope(adopting: root)
  }

  /// The names of the keys this scope overrides, sorted (what reflection shows of values).
  final var overriddenKeyNames: [String] {
    var names: [String] = []
    forEach { key, _ in
      names.append(ReportedTypeName.qualified(unsafeBitCast(key.raw, to: Any.Type.self)))
    }
    return names.sorted()
  }

  /// Calls `body` with every key this scope overrides and its value's box (borrowed).
  final func forEach(_ body: (_KeyIdentity, UnsafeMutableRawPointer) -> Void) {
    withoutActuallyEscaping(body) { body in
      var visit = body
      withUnsafeMutablePointer(to: &visit) { visit in
        _ = dck_trie_foreach(
          handle,
          { key, _, value, context in
            context!.assumingMemoryBound(to: ((_KeyIdentity, UnsafeMutableRawPointer) -> Void).self)
              .pointee(_KeyIdentity(raw: key), value!)
            return true
          }, visit)
      }
    }
  }

  /// When the C core hands back an existing root (+1), keep the existing scope and drop the extra
  /// reference instead of wrapping the same node twice.
  private final func releasingDuplicate(_ root: OpaquePointer) -> _Scope {
    dck_trie_release(root)
    return self
  }

  /// The scope at `pointer` (a `_Scope` passed unretained, as a read carries a property's captured
  /// scope), borrowed.
  @inlinable @inline(__always)
  static func handle(at pointer: OpaquePointer) -> OpaquePointer {
    Unmanaged<_Scope>.fromOpaque(UnsafeRawPointer(pointer))._withUnsafeGuaranteedRef { $0.handle }
  }

  /// The scope at `pointer` (see `handle(at:)`).
  static func scope(at pointer: OpaquePointer) -> _Scope {
    Unmanaged<_Scope>.fromOpaque(UnsafeRawPointer(pointer)).takeUnretainedValue()
  }

  /// Runs `body` on the defaults this scope keeps, with its lock held. `body` must not release
  /// what it removes (a deinit could run user code under the lock): it returns it instead.
  final func withDefaults<R>(_ body: (inout _ScopeDefaults) -> R) -> R {
    _ScopeLocks.withLock(for: self) { body(&defaults) }
  }
}
