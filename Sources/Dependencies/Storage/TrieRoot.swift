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
/// The roots that values carry are owned by ``_Scope``, which adds what a scope keeps; this class
/// is only the ownership of the C root.
@usableFromInline
class _TrieRoot: @unchecked Sendable {
  // @unchecked Sendable: the stored properties are written only while the owner is being made,
  // before anyone else can see it; after that they name an immutable trie node whose references
  // are atomic (the trie's own count, or this object's when the node is embedded in it).

  /// Room for the value of a scope that carries its override's value itself (`_ValueScope`): the
  /// first stored property, so that it starts 16 bytes into the object, where a `_DependencyBox`
  /// keeps its value too (a read takes the value at that offset of either). Unused otherwise.
  @exclusivity(unchecked) private var valueStorage = _OwnValueStorage()
  /// Room for an embedded overlay node, at an address that is stable for the owner's life (a class
  /// instance never moves).
  @exclusivity(unchecked) private var nodeStorage = dck_trie_overlay_storage_t()
  /// The root's C handle: `nodeStorage`'s address when the root is embedded. Set once, before the
  /// owner is shared; reads need no exclusivity check.
  @exclusivity(unchecked) @usableFromInline final private(set) var handle: OpaquePointer

  /// Takes over a +1 reference to `handle`.
  @usableFromInline init(adopting handle: OpaquePointer) { self.handle = handle }

  /// An owner of the empty root, which the subclass's initializer gives its root right away
  /// (`insert(_:taking:into:)` or `insertOwnValue(_:into:)`), before anyone else can see it.
  @usableFromInline init() { handle = dck_trie_empty() }

  /// Makes this owner's root map `key` to `box` and otherwise equal the root `base` (borrowed),
  /// where `key` does not map to `box` already (which would give back `base` itself). A new key, or
  /// the key of the top overlay, adds one overlay node whatever the size of the map, built inside
  /// this owner; otherwise the trie builds a root of its own, which this owner adopts. Called on an
  /// owner of the empty root, before anyone else can see it.
  ///
  /// `box` is a +1 reference the trie takes over (`dck_trie_insert_into`): a new box goes into the
  /// new root without a retain and a release around the call.
  ///
  /// The value callbacks are registered: every values that can be set have a cache, and making a
  /// cache registers them (`_registerValueCallbacks`).
  final func insert(_ key: _KeyIdentity, taking box: Unmanaged<AnyObject>, into base: OpaquePointer)
  {
    // `self` is borrowed: it stays alive until the trie has retained what it keeps.
    handle = dck_trie_insert_into(
      embeddedNodeAddress, Unmanaged.passUnretained(self).toOpaque(), base, key.raw, key.hash,
      box.toOpaque())!  // embedded in `self`, or +1 adopted
  }

  /// Makes this owner's root map `key` to this owner itself, whose `valueStorage` holds the value,
  /// and otherwise equal the root `base` (borrowed), when that root is an overlay the trie can build
  /// inside this owner (`dck_trie_insert_owner_into`): then returns true. Returns false, and leaves
  /// the owner as it was, when the trie would build a root of its own (a key set below the top
  /// overlay, or a full chain): the caller inserts a box instead.
  final func insertOwnValue(_ key: _KeyIdentity, into base: OpaquePointer) -> Bool {
    guard
      let root = dck_trie_insert_owner_into(
        embeddedNodeAddress, Unmanaged.passUnretained(self).toOpaque(), base, key.raw, key.hash)
    else { return false }
    handle = root
    return true
  }

  deinit {
    releaseRoot()
  }

  /// Gives back the root, leaving an owner of the empty root, as `init()` makes, which
  /// `insert(_:taking:into:)` or `insertOwnValue(_:into:)` may give a root again: for a scope
  /// emptied to be kept spare (`_ValueScope.recycle(_:)`). Only when no one else references the
  /// owner.
  final func giveBackRoot() {
    releaseRoot()
    handle = dck_trie_empty()
  }

  /// Gives back the root: what the embedded one holds, or the reference to one of the trie's.
  private final func releaseRoot() {
    if UnsafeMutableRawPointer(handle) == embeddedNodeAddress {
      // No reference to this owner is left but its holder's, so none to the root in it: give back
      // what it holds.
      dck_trie_embedded_destroy(embeddedNodeAddress)
    } else {
      dck_trie_release(handle)
    }
  }

  /// The address of `nodeStorage`, right after `valueStorage`.
  private final var embeddedNodeAddress: UnsafeMutableRawPointer {
    _getUnsafePointerToStoredProperties(self) + MemoryLayout<_OwnValueStorage>.size
  }

  /// The address of `valueStorage`: 16 bytes into the object, as `_DependencyBox`'s value.
  @inlinable
  final var ownValueAddress: UnsafeMutableRawPointer { _getUnsafePointerToStoredProperties(self) }

  @inlinable @inline(__always)
  final var isEmpty: Bool { dck_trie_count(handle) == 0 }

  /// The value stored for `key`, borrowed from this root (valid while `self` is alive).
  @inlinable @inline(__always)
  final func lookup(_ key: _KeyIdentity) -> UnsafeMutableRawPointer? {
    dck_trie_get(handle, key.raw, key.hash)
  }

  /// The value stored for `key` as every root holds it (`dck_trie_get_shared`): the box a scope that
  /// carries its value stands in with, rather than the scope. Values found in different roots are
  /// one override exactly when these are equal; compare these, never `lookup`'s.
  final func sharedLookup(_ key: _KeyIdentity) -> UnsafeMutableRawPointer? {
    dck_trie_get_shared(handle, key.raw, key.hash)
  }

  /// The value stored for `key` in the root `handle` (borrowed: the caller keeps its owner alive),
  /// borrowed from it.
  @inlinable @inline(__always)
  static func lookup(_ key: _KeyIdentity, in handle: OpaquePointer) -> UnsafeMutableRawPointer? {
    dck_trie_get(handle, key.raw, key.hash)
  }
}

/// The room a scope has for the value of its override (`_TrieRoot.valueStorage`): six words, which
/// hold most dependency values (numbers, strings, identifiers, a class reference, an existential, a
/// client of up to three closures). A larger value, or one aligned to more than 16 bytes, goes in a
/// box of its own.
@usableFromInline
struct _OwnValueStorage {
  private var words: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0)

  /// Whether a `Value` fits.
  @inlinable @inline(__always)
  static func fits<Value>(_: Value.Type) -> Bool {
    MemoryLayout<Value>.size <= MemoryLayout<Self>.size && MemoryLayout<Value>.alignment <= 16
  }
}
