import CDependencies

/// The Swift owner of one root of the C trie.
///
/// Roots are immutable: "setting" a key builds a new root and leaves this one untouched, so a root
/// can be shared freely between scopes, tasks and threads. An owner either holds one reference
/// (+1) to a root the trie allocated and gives it back in `deinit`, or carries the root in its own
/// storage: a scope's new root is usually an overlay node (see `dck_trie_overlay.c`), which the
/// trie then builds inside the owner (`dck_trie_insert_into`), so the owner's reference count is
/// the root's and entering a scope allocates no trie node of its own.
@usableFromInline
final class _TrieRoot: @unchecked Sendable {
  // @unchecked Sendable: the stored properties are written only while the owner is being made,
  // before anyone else can see it; after that they name an immutable trie node whose references
  // are atomic (the trie's own count, or this object's when the node is embedded in it).

  /// Room for an embedded overlay node. The first stored property, so that it starts where
  /// `_getUnsafePointerToStoredProperties` says (class properties are laid out in declaration
  /// order), at an address that is stable for the owner's life (a class instance never moves).
  @exclusivity(unchecked) private var nodeStorage = dck_trie_overlay_storage_t()
  /// The defaults that belong to this root's scope (see `ScopeDefaults.swift`): nil, a
  /// `_ScopeDefaults` (+1, published once with `dck_published_set`), or `_ScopeDefaults.closed`.
  /// The second stored property, right after `nodeStorage` (`scopeDefaultsSlotAddress`); only
  /// touched through the C atomics.
  @exclusivity(unchecked) private var scopeDefaultsSlot: UnsafeMutableRawPointer? = nil
  /// Set (from nil, once, with `dck_published_set`) by the `withDependencies` operation that claims
  /// this root as its scope: only such a root keeps the defaults of its scope, and only the
  /// operation that claimed it closes them when it returns. The third stored property, right after
  /// `scopeDefaultsSlot` (`operationSlotAddress`); only touched through the C atomics.
  @exclusivity(unchecked) private var operationSlot: UnsafeMutableRawPointer? = nil
  /// For an owner made for one default's computation (`init(proxying:for:)`): the root of the
  /// `withDependencies` scope it stands for, if any, whose defaults the computation shares.
  @exclusivity(unchecked) private(set) var scopeItStandsFor: _TrieRoot?
  /// Whether this owner was made for one default's computation (`init(proxying:for:)`).
  @exclusivity(unchecked) private(set) var isProxy = false
  /// The owners made for a default's computation (`init(proxying:for:)`) whose maps this root was
  /// built on — by setting a key (`inserting`) or merging (`merging`) — held so that a value that
  /// keeps this root keeps them too: the computation then knows its overrides were kept (see
  /// `DependencyValues._computeDefault`). Nil for a root built on no such owner (every root outside
  /// a computation). Set before the root is shared.
  @exclusivity(unchecked) private(set) var proxiesBuiltOn: [_TrieRoot]?
  /// The root's C handle: `nodeStorage`'s address when the root is embedded. Set once, by
  /// `inserting`, before the owner is shared; reads need no exclusivity check.
  @exclusivity(unchecked) @usableFromInline private(set) var handle: OpaquePointer

  /// Takes over a +1 reference to `handle`.
  @usableFromInline init(adopting handle: OpaquePointer) { self.handle = handle }

  /// Takes a reference of its own to `handle` (borrowed).
  convenience init(retaining handle: OpaquePointer) {
    dck_trie_retain(handle)
    self.init(adopting: handle)
  }

  /// An owner of its own for the map of `root` (borrowed), for one default's computation: whatever
  /// still holds it once the computation has returned kept the computation's overrides (see
  /// `DependencyValues._computeDefault`). `scope` is the `withDependencies` scope whose map it is,
  /// if any.
  convenience init(proxying root: _TrieRoot, for scope: _TrieRoot?) {
    self.init(retaining: root.handle)
    scopeItStandsFor = scope
    isProxy = true
    proxiesBuiltOn = root.proxiesToHold
  }

  /// What a root built on this one holds (see `proxiesBuiltOn`): this owner, if it is a proxy, and
  /// the proxies it holds itself.
  var proxiesToHold: [_TrieRoot]? {
    isProxy ? [self] + (proxiesBuiltOn ?? []) : proxiesBuiltOn
  }

  /// Records that this new root (not yet shared) was built on `base`'s map.
  @inline(__always)
  func noteBuilt(on base: _TrieRoot) {
    if base.isProxy || base.proxiesBuiltOn != nil { holdProxies(of: base) }
  }

  private func holdProxies(of base: _TrieRoot) {
    guard let held = base.proxiesToHold else { return }
    let own = proxiesBuiltOn ?? []
    proxiesBuiltOn = own + held.filter { proxy in !own.contains { $0 === proxy } }
  }

  /// The address of `nodeStorage`.
  private var embeddedNodeAddress: UnsafeMutableRawPointer {
    _getUnsafePointerToStoredProperties(self)
  }

  /// The address of `scopeDefaultsSlot`: class properties are laid out in declaration order, each
  /// at its type's alignment.
  var scopeDefaultsSlotAddress: UnsafeMutablePointer<UnsafeMutableRawPointer?> {
    let alignment = MemoryLayout<UnsafeMutableRawPointer?>.alignment
    let offset =
      (MemoryLayout<dck_trie_overlay_storage_t>.size + alignment - 1) / alignment * alignment
    return (embeddedNodeAddress + offset).assumingMemoryBound(to: UnsafeMutableRawPointer?.self)
  }

  /// The address of `operationSlot`, right after `scopeDefaultsSlot` (both pointers).
  private var operationSlotAddress: UnsafeMutablePointer<UnsafeMutableRawPointer?> {
    scopeDefaultsSlotAddress + 1
  }

  /// Claims this root as the scope of the calling `withDependencies` operation; false when an
  /// operation claimed it before (a root made by another scope, such as a model's captured values
  /// that `withDependencies(from:)` adopts unchanged, or values assigned whole). Lock-free.
  func claimAsScopeOfAnOperation() -> Bool {
    dck_published_set(operationSlotAddress, UnsafeMutableRawPointer(bitPattern: 1)!)
  }

  /// Whether an operation claimed this root as its scope (`claimAsScopeOfAnOperation`).
  var isScopeOfAnOperation: Bool { dck_published_get(operationSlotAddress) != nil }

  deinit {
    _ScopeDefaults.release(scopeDefaultsSlot)
    if UnsafeMutableRawPointer(handle) == embeddedNodeAddress {
      // No reference to this owner is left, so none to the root in it: give back what it holds.
      dck_trie_embedded_destroy(embeddedNodeAddress)
    } else {
      dck_trie_release(handle)
    }
  }

  /// The shared empty root.
  @usableFromInline static let empty = _TrieRoot(adopting: dck_trie_empty())

  @inlinable @inline(__always)
  var isEmpty: Bool { dck_trie_count(handle) == 0 }

  /// The value stored for `key`, borrowed from this root (valid while `self` is alive).
  @inlinable @inline(__always)
  func lookup(_ key: _KeyIdentity) -> UnsafeMutableRawPointer? {
    dck_trie_get(handle, key.raw, key.hash)
  }

  /// The value stored for `key` in the root `handle` (borrowed: the caller keeps its owner alive),
  /// borrowed from it.
  @inlinable @inline(__always)
  static func lookup(_ key: _KeyIdentity, in handle: OpaquePointer) -> UnsafeMutableRawPointer? {
    dck_trie_get(handle, key.raw, key.hash)
  }

  /// The owner of a root that maps `key` to `box` and otherwise equals the root `handle`
  /// (borrowed), or nil when `key` already maps to `box`. A new key, or the key of the top overlay,
  /// adds one overlay node whatever the size of the map, built inside the new owner.
  static func inserting(
    _ key: _KeyIdentity, _ box: AnyObject, into handle: OpaquePointer
  ) -> _TrieRoot? {
    _ = _registerValueCallbacks
    let owner = _TrieRoot(adopting: dck_trie_empty())
    let storage = owner.embeddedNodeAddress
    // `box` is a guaranteed argument: alive until the trie has retained it.
    let root = dck_trie_insert_into(
      storage, Unmanaged.passUnretained(owner).toOpaque(), handle, key.raw, key.hash,
      Unmanaged.passUnretained(box).toOpaque())!
    if root == handle && UnsafeMutableRawPointer(root) != storage {
      dck_trie_release(root)  // the key already held this very box
      return nil
    }
    owner.handle = root  // embedded in `owner`, or +1 adopted by it
    return owner
  }

  /// `self` overlaid with `other` (`other` wins), sharing every identical subtree.
  func merging(_ other: _TrieRoot) -> _TrieRoot {
    if other === self || other.handle == handle || self.isEmpty { return other }
    if other.isEmpty { return self }
    let root = dck_trie_merge(handle, other.handle)!
    if root == other.handle { return other.releasingDuplicate(root) }
    if root == handle { return self.releasingDuplicate(root) }
    let merged = _TrieRoot(adopting: root)
    merged.noteBuilt(on: self)
    merged.noteBuilt(on: other)
    return merged
  }

  /// When the C core hands back an existing root (+1), keep the existing owner and drop the extra
  /// reference instead of wrapping the same node twice.
  private func releasingDuplicate(_ root: OpaquePointer) -> _TrieRoot {
    dck_trie_release(root)
    return self
  }
}
