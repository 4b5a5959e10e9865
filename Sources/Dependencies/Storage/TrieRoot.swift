import CDependencies

/// The Swift owner of one root of the C trie.
///
/// Roots are immutable: "setting" a key builds a new root and leaves this one untouched, so a root
/// can be shared freely between scopes, tasks and threads. An owner either holds one reference
/// (+1) to a root the trie allocated and gives it back in `deinit`, or carries the root in its own
/// storage: a scope's new root is usually an overlay node (see `dck_trie_overlay.c`), which the
/// trie then builds inside the owner (`dck_trie_insert_into`), so the owner's reference count is
/// the root's and entering a scope allocates no trie node of its own.
///
/// An owner that nobody else holds yet — the values one `withDependencies` update is setting — can
/// take further keys in place (`add(_:taking:)`): each new key is one more overlay the owner owns,
/// on top of the last (`dck_trie_add_owned`; invariant O5 of `dck_trie_overlay.c`: an overlay does
/// not count a parent its owner owns). So an update that sets a few keys makes one owner, not one
/// per key. Nobody can tell: no other value, task or root refers to the owner while it changes.
///
/// The roots that values carry are owned by ``_Scope``, which adds what a scope keeps; this class
/// is only the ownership of the C root.
@usableFromInline
class _TrieRoot: @unchecked Sendable {
  // @unchecked Sendable: the stored properties are written only while no other reference to the
  // owner exists (while it is made, or by `add(_:taking:)`, whose caller holds the only one); after
  // that they name an immutable trie node whose references are atomic (the trie's own count, or
  // this object's when the node is owned by it).

  /// Room for an embedded overlay node. The only stored property besides `handle`, and the first,
  /// so that it starts where `_getUnsafePointerToStoredProperties` says, at an address that is
  /// stable for the owner's life (a class instance never moves).
  @exclusivity(unchecked) private var nodeStorage = dck_trie_overlay_storage_t()
  /// The root's C handle: `nodeStorage`'s address when the root is embedded. Changed only while no
  /// other reference to the owner exists; reads need no exclusivity check.
  @exclusivity(unchecked) @usableFromInline final private(set) var handle: OpaquePointer

  /// Takes over a +1 reference to `handle`.
  @usableFromInline init(adopting handle: OpaquePointer) { self.handle = handle }

  /// An owner whose root maps `key` to `box` and otherwise equals the root `base` (borrowed), where
  /// `key` does not map to `box` already (which would give back `base` itself). A new key, or the
  /// key of the top overlay, adds one overlay node whatever the size of the map, built inside this
  /// owner; otherwise the trie builds a root of its own, which this owner adopts.
  ///
  /// `box` is a +1 reference the trie takes over (`dck_trie_insert_into`): a new box goes into the
  /// new root without a retain and a release around the call.
  ///
  /// The value callbacks are registered: every values that can be set have a cache, and making a
  /// cache registers them (`_registerValueCallbacks`).
  init(inserting key: _KeyIdentity, taking box: Unmanaged<AnyObject>, into base: OpaquePointer) {
    handle = dck_trie_empty()
    let storage = embeddedNodeAddress
    // `self` is borrowed: it stays alive until the trie has retained what it keeps.
    handle = dck_trie_insert_into(
      storage, Unmanaged.passUnretained(self).toOpaque(), base, key.raw, key.hash,
      box.toOpaque())!  // embedded in `self`, or +1 adopted
  }

  deinit {
    // No reference to this owner is left, so none to the roots it owns: give back an adopted root,
    // or the overlays this owner owns, newest first.
    dck_trie_owned_destroy(
      handle, Unmanaged.passUnretained(self).toOpaque(), embeddedNodeAddress)
  }

  /// Whether `add(_:taking:)` can add `key`: it is a new key (setting a key again in place would
  /// keep the replaced value alive), and the chain of overlays on top of the root is not at its
  /// longest.
  final func canAdd(_ key: _KeyIdentity) -> Bool {
    dck_trie_can_add_owned(handle, key.raw, key.hash)
  }

  /// Makes the root map `key` (see `canAdd(_:)`) to `box` as well, in place: one more overlay,
  /// owned by this owner, on top of the current root. `box` is a +1 reference the trie takes over,
  /// and so is this owner's reference to the old root (`dck_trie_add_owned`).
  ///
  /// Only for an owner the caller holds the only reference to: nobody else can see it change.
  final func add(_ key: _KeyIdentity, taking box: Unmanaged<AnyObject>) {
    handle = dck_trie_add_owned(
      Unmanaged.passUnretained(self).toOpaque(), handle, key.raw, key.hash, box.toOpaque())!
  }

  /// The address of `nodeStorage`.
  private final var embeddedNodeAddress: UnsafeMutableRawPointer {
    _getUnsafePointerToStoredProperties(self)
  }

  @inlinable @inline(__always)
  final var isEmpty: Bool { dck_trie_count(handle) == 0 }

  /// The value stored for `key`, borrowed from this root (valid while `self` is alive).
  @inlinable @inline(__always)
  final func lookup(_ key: _KeyIdentity) -> UnsafeMutableRawPointer? {
    dck_trie_get(handle, key.raw, key.hash)
  }

  /// The value stored for `key` in the root `handle` (borrowed: the caller keeps its owner alive),
  /// borrowed from it.
  @inlinable @inline(__always)
  static func lookup(_ key: _KeyIdentity, in handle: OpaquePointer) -> UnsafeMutableRawPointer? {
    dck_trie_get(handle, key.raw, key.hash)
  }
}
