import CDependencies

// A scope's trie root: how it is built, looked up, merged and given back (see `_Scope`).

extension _Scope {
  /// Makes this scope's root map `key` to `box` and otherwise equal the root `base` (borrowed),
  /// where `key` does not map to `box` already (which would give back `base` itself). A new key, or
  /// the key of the top overlay, adds one overlay node whatever the size of the map, built inside
  /// this scope; otherwise the trie builds a root of its own, which this scope adopts. Called on a
  /// scope of the empty root, before anyone else can see it.
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

  /// Makes this scope's root map `key` to this scope itself, whose `valueStorage` holds the value,
  /// and otherwise equal the root `base` (borrowed), when that root is an overlay the trie can build
  /// inside this scope (`dck_trie_insert_owner_into`): then returns true. Returns false, and leaves
  /// the scope as it was, when the trie would build a root of its own (a key set below the top
  /// overlay): the caller inserts a box instead.
  final func insertOwnValue(_ key: _KeyIdentity, into base: OpaquePointer) -> Bool {
    guard
      let root = dck_trie_insert_owner_into(
        embeddedNodeAddress, Unmanaged.passUnretained(self).toOpaque(), base, key.raw, key.hash)
    else { return false }
    handle = root
    return true
  }

  /// Gives back the root: what the embedded one holds, or the reference to one of the trie's.
  final func releaseRoot() {
    if UnsafeMutableRawPointer(handle) == embeddedNodeAddress {
      // No reference to this scope is left but its holder's, so none to the root in it: give back
      // what it holds.
      dck_trie_embedded_destroy(embeddedNodeAddress)
    } else {
      dck_trie_release(handle)
    }
  }

  /// Whether the root maps no key.
  final var isEmpty: Bool { dck_trie_count(handle) == 0 }

  /// The value stored for `key`, borrowed from this root (valid while `self` is alive).
  final func lookup(_ key: _KeyIdentity) -> UnsafeMutableRawPointer? {
    dck_trie_get(handle, key.raw, key.hash)
  }

  /// The value stored for `key` as every root holds it (`dck_trie_get_shared`): the box a scope that
  /// carries its value stands in with, rather than the scope. Values found in different roots are
  /// one override exactly when these are equal; compare these, never `lookup`'s.
  final func sharedLookup(_ key: _KeyIdentity) -> UnsafeMutableRawPointer? {
    dck_trie_get_shared(handle, key.raw, key.hash)
  }

  /// The root of the scope at `pointer` (a `_Scope` passed unretained, as a read carries a
  /// property's captured scope), borrowed.
  @inlinable @inline(__always)
  static func handle(at pointer: OpaquePointer) -> OpaquePointer {
    Unmanaged<_Scope>.fromOpaque(UnsafeRawPointer(pointer))._withUnsafeGuaranteedRef { $0.handle }
  }

  /// The scope at `pointer` (see `handle(at:)`).
  static func scope(at pointer: OpaquePointer) -> _Scope {
    Unmanaged<_Scope>.fromOpaque(UnsafeRawPointer(pointer)).takeUnretainedValue()
  }

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
}
