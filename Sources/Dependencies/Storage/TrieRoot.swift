import CDependencies

/// The Swift owner of one root of the C trie: it holds one reference (+1) and gives it back in
/// `deinit`.
///
/// Roots are immutable: "setting" a key builds a new root by path copying (O(log₃₂ n) new nodes)
/// and leaves this one untouched, so a root can be shared freely between scopes, tasks and threads.
@usableFromInline
final class _TrieRoot: @unchecked Sendable {
  // @unchecked Sendable: the only stored property is a C handle to an immutable trie node whose
  // reference count is atomic; nothing mutates the node after it is published.
  @usableFromInline let handle: OpaquePointer

  /// Takes over a +1 reference.
  @usableFromInline init(adopting handle: OpaquePointer) { self.handle = handle }

  /// Takes a reference of its own to `handle` (borrowed).
  init(retaining handle: OpaquePointer) {
    dck_trie_retain(handle)
    self.handle = handle
  }

  deinit { dck_trie_release(handle) }

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
  /// adds one small node whatever the size of the map (see `dck_trie_overlay.c`).
  static func inserting(
    _ key: _KeyIdentity, _ box: AnyObject, into handle: OpaquePointer
  ) -> _TrieRoot? {
    _ = _registerValueCallbacks
    // `box` is a guaranteed argument: alive until the trie has retained it.
    let root = dck_trie_insert(
      handle, key.raw, key.hash, Unmanaged.passUnretained(box).toOpaque())!
    if root == handle {
      dck_trie_release(root)
      return nil
    }
    return _TrieRoot(adopting: root)
  }

  /// `self` overlaid with `other` (`other` wins), sharing every identical subtree.
  func merging(_ other: _TrieRoot) -> _TrieRoot {
    if other === self || self.isEmpty { return other }
    if other.isEmpty { return self }
    let root = dck_trie_merge(handle, other.handle)!
    if root == other.handle { return other.releasingDuplicate(root) }
    if root == handle { return self.releasingDuplicate(root) }
    return _TrieRoot(adopting: root)
  }

  /// When the C core hands back an existing root (+1), keep the existing owner and drop the extra
  /// reference instead of wrapping the same node twice.
  private func releasingDuplicate(_ root: OpaquePointer) -> _TrieRoot {
    dck_trie_release(root)
    return self
  }
}
