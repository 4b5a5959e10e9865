import CDependencies

/// A scope: the overrides in effect where `withDependencies` runs its operation, and the default
/// values that belong to those overrides. The one Swift owner of a trie root.
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
/// One class, in files by aspect:
/// - here, what a scope holds, how it is made and how it goes away;
/// - `Scope+Root.swift`: its trie root — roots are immutable, so "setting" a key builds a new root
///   and leaves this one untouched, and a root can be shared freely between scopes, tasks and
///   threads. A scope either holds one reference (+1) to a root the trie allocated, or carries the
///   root in its own storage (`nodeStorage`): a scope's new root is usually an overlay node (see
///   `dck_trie_overlay.c`), which the trie builds inside the scope (`dck_trie_insert_into`), so the
///   scope's reference count is the root's and entering a scope allocates no trie node of its own;
/// - `Scope+OwnValue.swift`: a scope that sets one key carries the value itself when it fits
///   (`valueStorage`): entering it makes one object, not a scope and a box;
/// - `Scope+Spare.swift`: a scope that carries its value, once its binding ended and nothing else
///   holds it, is emptied and kept by its thread for the next scope entry.
///
/// Clients see it: the inlined scope entry makes one (`setting(_:to:in:)`), the inlined read takes
/// the root of a captured one (`handle(at:)`).
@usableFromInline
final class _Scope: @unchecked Sendable {
  // @unchecked Sendable: `valueStorage`, `valueKind`, `valueNeedsDestroying`, `nodeStorage`,
  // `handle` and `parent` are written only while the scope is made (or emptied to be kept spare),
  // when no one else can see it; after that they name an immutable trie node whose references are
  // atomic (the trie's own count, or this object's when the node is embedded in it) and an
  // immutable Sendable value. `defaults` and `wasWeaklyReferenced` are only touched with the
  // scope's lock held (`_ScopeLocks`), or in `deinit`, when no other reference is left.

  /// Room for the value of the override, when the scope carries it (`Scope+OwnValue.swift`): the
  /// first stored property, so that it starts `_valueOffset` bytes into the object, where a
  /// `_DependencyBox` keeps its value too (a read takes the value at that offset of either).
  /// Unused otherwise.
  @exclusivity(unchecked) private var valueStorage = _OwnValueStorage()
  /// Room for an embedded overlay node, at an address that is stable for the scope's life (a class
  /// instance never moves).
  @exclusivity(unchecked) private var nodeStorage = dck_trie_overlay_storage_t()
  /// The root's C handle: `nodeStorage`'s address when the root is embedded. Set while the scope is
  /// made (`Scope+Root.swift`), before it is shared; reads need no exclusivity check.
  @exclusivity(unchecked) @usableFromInline var handle: OpaquePointer
  /// The room of the byte that says whether this scope's root may be kept bare when its binding ends
  /// (`dck_spare_scope_end`), right after `handle`, where the core reads it
  /// (`DCK_SCOPE_KEEPS_BARE_OFFSET`): read and written only through `mayKeepRootBare`, atomically.
  @exclusivity(unchecked) private var keepsRootBareByte = false
  /// The type of the value in `valueStorage`, or nil while the storage holds none (a scope with a
  /// box, one emptied to be kept spare, or one being set up); a scope kept with its bare root may
  /// still name the trivial type of the value it carried (see `spare()`).
  @exclusivity(unchecked) @usableFromInline var valueKind: (any Sendable.Type)?
  /// Whether the value in `valueStorage` needs destroying (it is not trivial, as a number is).
  @exclusivity(unchecked) @usableFromInline var valueNeedsDestroying = false
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
  /// out, or a merge). So the link keeps alive nothing the root does not: never a
  /// value the new root replaced (a value holding the scope that replaced it would otherwise close
  /// a cycle).
  ///
  /// `box` is a +1 reference the new root takes over; `base` is borrowed (`__shared`). This is
  /// every scope entry's path: an owned `base` would cost the caller a retain and this initializer
  /// a release.
  init(inserting key: _KeyIdentity, taking box: Unmanaged<AnyObject>, into base: __shared _Scope?) {
    handle = dck_trie_empty()
    // The base's root is alive (the caller holds `base`) while the new root is built.
    insert(key, taking: box, into: base?.handle ?? dck_trie_empty())
    settleParent(base)
  }

  /// A scope of the empty root, which `setting(_:to:in:)` gives its value and its root right away
  /// (`_settledScope(_:on:)`), before anyone else can see it.
  @usableFromInline init() { handle = dck_trie_empty() }

  /// A scope of its own (no parent) for the root `handle` (+1, taken over).
  init(adopting handle: OpaquePointer) { self.handle = handle }

  /// Sets `parent` for a root just built on `base`'s (see `init(inserting:taking:into:)`), in a
  /// scope that has none yet (a new one, or one kept spare): the parent is moved in with no call to
  /// release the one it does not have.
  final func settleParent(_ base: __shared _Scope?) {
    assert(parent == nil, "swift-dependencies: internal error: a scope's parent settled twice")
    guard let base, let rootBase = dck_trie_overlay_base(handle) else { return }
    if rootBase == base.handle {
      withUnsafeMutablePointer(to: &parent) { $0.initialize(to: base) }
    } else if let grandparent = base.parent, rootBase == grandparent.handle {
      withUnsafeMutablePointer(to: &parent) { $0.initialize(to: grandparent) }
    }
  }

  deinit {
    destroyValue()
    if !defaults.isEmpty {
      let shutdownables = defaults.shutdownables
      if !shutdownables.isEmpty { _ScopeDefaults.shutDownInBackground(shutdownables) }
    }
    // The parent, then the kept defaults, then the root: the order in which they went when these
    // were three classes (`_ValueScope`, `_Scope`, `_TrieRoot`), each destroying its own.
    parent = nil
    defaults = _ScopeDefaults()
    releaseRoot()
  }

  /// The shared empty scope: no overrides. Values at the root carry none (nil).
  static let empty = _Scope(adopting: dck_trie_empty())

  /// Records that a weak reference to this scope is being formed: called by `_WeakScope.init`, the
  /// only place one is formed. A scope that ever had one is never emptied and kept spare
  /// (`recycle(_:)`): the weak reference would load the scope's next use.
  final func noteWeakReference() {
    _ScopeLocks.withLock(for: self) {
      wasWeaklyReferenced = true
      mayKeepRootBare = false
    }
  }

  /// Whether this scope may be emptied and kept spare once its caller holds the only reference to
  /// it: it never had a weak reference and keeps no default. Read without the lock: the caller's
  /// uniqueness test ordered every other holder's writes before it (`dck_spare_scope_may_keep`).
  final var mayBeKeptSpare: Bool { !wasWeaklyReferenced && defaults.isEmpty }

  /// Gives back the root, as `deinit` does, and hands the parent (+1) to the caller, leaving a scope
  /// of the empty root without parent, as `init()` makes: for a scope emptied to be kept spare, whose
  /// parent may be left unreferenced too.
  final func takeParentGivingBackRoot() -> _Scope? {
    let parent = self.parent.take()
    releaseRoot()
    handle = dck_trie_empty()
    return parent
  }

  /// The address of `valueStorage`: `_valueOffset` bytes into the object, as `_DependencyBox`'s
  /// value.
  @inlinable
  final var ownValueAddress: UnsafeMutableRawPointer { _getUnsafePointerToStoredProperties(self) }

  /// The address of `nodeStorage`: `embeddedNodeOffset` bytes into the object, where the core
  /// builds the root too (`dck_spare_scope_take_settled`): `layoutIsKnown` checks it once per
  /// process.
  final var embeddedNodeAddress: UnsafeMutableRawPointer {
    Unmanaged.passUnretained(self).toOpaque() + Self.embeddedNodeOffset
  }

  /// Whether the fields the core uses are where it takes them in this process (see
  /// `DCK_SCOPE_NODE_OFFSET`): `nodeStorage` right after the object's header and `valueStorage`,
  /// with no padding, then `handle`, then the byte `mayKeepRootBare` reads (`keepsRootBareByte`).
  /// Checked once, in every build, before any root is embedded, with the value's offset
  /// (`_registerValueCallbacks`).
  final var layoutIsKnown: Bool {
    let object = Unmanaged.passUnretained(self).toOpaque()
    func offset<Field>(_ field: UnsafeMutablePointer<Field>) -> Int {
      UnsafeMutableRawPointer(field) - object
    }
    return offset(&nodeStorage) == Self.embeddedNodeOffset
      && offset(&handle) == Int(DCK_SCOPE_HANDLE_OFFSET)
      && offset(&keepsRootBareByte) == Int(DCK_SCOPE_KEEPS_BARE_OFFSET)
  }

  /// Whether this scope's root may be kept bare when its binding ends (`dck_spare_scope_end`): true
  /// from when a first override at the root that carries a trivial value is made
  /// (`settingFirst(_:to:)`, through `dck_spare_scope_take_settled`), before anyone else can see
  /// the scope, until a weak reference is formed or a default is kept, which set it false with the
  /// scope's lock held; false stays while the scope is shared. Relaxed atomic accesses of the core
  /// (`dck_scope_keeps_bare`), as the core reads it on another thread.
  final var mayKeepRootBare: Bool {
    get { dck_scope_keeps_bare(Unmanaged.passUnretained(self).toOpaque()) }
    set { dck_scope_set_keeps_bare(Unmanaged.passUnretained(self).toOpaque(), newValue) }
  }

  /// How many bytes into the object `nodeStorage` starts (`DCK_SCOPE_NODE_OFFSET`): after the
  /// object's header (two words, where `_getUnsafePointerToStoredProperties` finds the stored
  /// properties) and `valueStorage`.
  static var embeddedNodeOffset: Int { Int(DCK_SCOPE_NODE_OFFSET) }

  /// Runs `body` on the defaults this scope keeps, with its lock held. `body` must not release
  /// what it removes (a deinit could run user code under the lock): it returns it instead.
  final func withDefaults<R>(_ body: (inout _ScopeDefaults) -> R) -> R {
    _ScopeLocks.withLock(for: self) {
      let result = body(&defaults)
      // A scope that keeps a default is not kept bare (`mayBeKeptSpare`).
      if !defaults.isEmpty { mayKeepRootBare = false }
      return result
    }
  }
}
