import CDependencies
import Testing

/// Overlay roots (`dck_trie_overlay.c`): an insert adds one small node on top of the root it
/// starts from, whatever the size of the map and the length of the chain; an overlay deeper than
/// eight also indexes the map below it, sharing the index of the overlay below but one in eight.
///
/// Node counts come from the process-wide debug counter, so the tests that read it run in exit
/// tests (a fresh process where nothing else touches a trie). Release builds have no counter: there
/// those tests are skipped.
@Suite struct TrieOverlayTests {
  let tracker = Tracker()

  init() { _ = registerValueCallbacks }

  /// A map of `count` keys with random hashes, and its keys.
  func bigMap(_ count: Int, seed: UInt64) -> (root: OpaquePointer, keys: KeySpace, model: TrieModel)
  {
    var rng = SplitMix64(seed: seed)
    let keys = KeySpace(count: count + 64, scheme: .random, using: &rng)
    var model = TrieModel()
    for key in 0..<UInt(count) { model[key] = TrackedValue(Int(key), tracker: tracker) }
    return (makeTrie(model, keys: keys), keys, model)
  }

  @Test(.needsDebugChecks) func anInsertIntoALargeMapAddsOneNodeAtAnyDepth() async {
    await #expect(processExitsWith: .success) {
      _ = registerValueCallbacks
      let tracker = Tracker()
      var rng = SplitMix64(seed: 0x0E71_0001)
      let keys = KeySpace(count: 1_100, scheme: .random, using: &rng)
      var model = TrieModel()
      for key in 0..<UInt(1_000) { model[key] = TrackedValue(Int(key), tracker: tracker) }
      let base = makeCanonicalTrie(model, keys: keys)
      let baseNodes = dck_debug_live_trie_nodes()

      // One insert: one node, and the base is untouched.
      let value = TrackedValue(-1, tracker: tracker)
      let first: OpaquePointer = dck_trie_insert(base, 1_000, keys.hash(1_000), value.opaque)
      #expect(dck_debug_live_trie_nodes() - baseNodes == 1)
      #expect(dck_trie_count(first) == 1_001)
      #expect(dck_trie_get(base, 1_000, keys.hash(1_000)) == nil)

      // The same key again replaces the top overlay instead of stacking a second one.
      let other = TrackedValue(-2, tracker: tracker)
      let replaced: OpaquePointer = dck_trie_insert(first, 1_000, keys.hash(1_000), other.opaque)
      dck_trie_release(first)
      #expect(dck_trie_count(replaced) == 1_001)
      #expect(dck_debug_live_trie_nodes() - baseNodes == 1)
      #expect(dck_trie_get(replaced, 1_000, keys.hash(1_000)) == other.opaque)

      // Overriding a key below the top builds a canonical root: the value it replaces is not kept
      // alive by the new root (no overlay shadows an entry).
      var doomed: TrackedValue? = TrackedValue(-3, tracker: tracker)
      let withDoomed: OpaquePointer = dck_trie_insert(
        replaced, 1_001, keys.hash(1_001), doomed!.opaque)
      let above: OpaquePointer = dck_trie_insert(withDoomed, 1_002, keys.hash(1_002), value.opaque)
      let overridden: OpaquePointer = dck_trie_insert(above, 1_001, keys.hash(1_001), value.opaque)
      dck_trie_release(withDoomed)
      dck_trie_release(above)
      let liveBefore = tracker.liveCount
      doomed = nil
      #expect(tracker.liveCount == liveBefore - 1)
      #expect(dck_trie_count(overridden) == 1_003)
      #expect(dck_trie_get(overridden, 1_001, keys.hash(1_001)) == value.opaque)
      dck_trie_release(overridden)

      // Overriding a key of the base: the base is unchanged.
      let shadow: OpaquePointer = dck_trie_insert(replaced, 7, keys.hash(7), value.opaque)
      #expect(dck_trie_count(shadow) == 1_001)
      #expect(dck_trie_get(shadow, 7, keys.hash(7)) == value.opaque)
      #expect(dck_trie_get(replaced, 7, keys.hash(7)) == model[7]!.opaque)
      #expect(trieInvariantsHold(shadow))

      // Walking an overlay folds it once: the overlay keeps the fold, so the next walk (or merge,
      // or removal) allocates nothing. (Threads racing to fold: TrieFoldRaceTests.)
      let walked: OpaquePointer = dck_trie_insert(replaced, 1_029, keys.hash(1_029), value.opaque)
      let beforeWalks = dck_debug_live_trie_nodes()
      let firstWalk = trieEntries(walked)
      let afterFirstWalk = dck_debug_live_trie_nodes()
      #expect(trieEntries(walked) == firstWalk)
      #expect(afterFirstWalk > beforeWalks)
      #expect(dck_debug_live_trie_nodes() == afterFirstWalk)
      dck_trie_release(walked)

      // Merging a scope's root into the root it was built on returns it, allocating nothing.
      let before = dck_debug_live_trie_nodes()
      let merged: OpaquePointer = dck_trie_merge(base, replaced)
      #expect(merged == replaced)
      #expect(dck_debug_live_trie_nodes() == before)
      dck_trie_release(merged)

      // A chain of nested scopes, one key each, over a canonical root (the override of key 7):
      // each adds one overlay and takes one value reference; past eight, one in eight also builds
      // an index of the map below it (in nodes that hold no value), the others share the index of
      // the overlay they are put on. The invariant checker checks each index, and every level
      // reads its own and every outer key.
      #expect(dck_trie_overlay_base(shadow) == nil)
      var roots: [OpaquePointer] = [shadow]
      var expected = model
      expected[1_000] = other
      expected[7] = value
      var indexing: [Int] = []
      for (level, key) in (UInt(1_003)..<1_030).enumerated() {
        let nodesBefore = dck_debug_live_trie_nodes()
        let valuesBefore = dck_debug_live_trie_values()
        let next: OpaquePointer = dck_trie_insert(roots.last!, key, keys.hash(key), value.opaque)
        if dck_debug_live_trie_nodes() - nodesBefore > 1 { indexing.append(level + 1) }
        #expect(dck_debug_live_trie_values() - valuesBefore == 1)  // the new overlay's value
        roots.append(next)
        expected[key] = value
        #expect(trieInvariantsHold(next))
        #expect(trieMismatch(next, expected, keys: keys) == nil)
      }
      #expect(indexing == [9, 17, 25])

      // Scopes entered one after another on one scope (requests on a server's base scope): the
      // index of the overlays put on the 16th level was made when the 17th was, and that level
      // keeps it: each scope entered on it adds its overlay and nothing else.
      for key in [UInt(1_030), 1_031, 1_032] {
        let nodesBefore = dck_debug_live_trie_nodes()
        let sibling: OpaquePointer = dck_trie_insert(roots[16], key, keys.hash(key), value.opaque)
        #expect(dck_debug_live_trie_nodes() - nodesBefore == 1)
        #expect(dck_trie_get(sibling, key, keys.hash(key)) == value.opaque)
        #expect(trieInvariantsHold(sibling))
        dck_trie_release(sibling)
      }
      for root in roots { dck_trie_release(root) }
      dck_trie_release(replaced)
      dck_trie_release(base)
      #expect(dck_debug_live_trie_nodes() == 0)
    }
  }

  @Test func walkAndRemoveSeeTheCanonicalMap() {
    do {
      let (base, keys, model) = bigMap(100, seed: 0x0E71_0002)
      let value = TrackedValue(-1, tracker: tracker)
      // Three overlays over the base: one new key, one override, one new key again.
      var root: OpaquePointer = base
      dck_trie_retain(root)
      for key in [150, 3, 151] as [UInt] {
        let next: OpaquePointer = dck_trie_insert(root, key, keys.hash(key), value.opaque)
        dck_trie_release(root)
        root = next
      }
      var expected = model
      for key in [150, 3, 151] as [UInt] { expected[key] = value }
      // The walk visits each key once, in the order of the same map built without overlays.
      let direct = makeTrie(expected, keys: keys)
      #expect(trieEntries(root) == trieEntries(direct))
      // Removing a key folds the chain: the result holds everything else.
      let removed: OpaquePointer = dck_trie_remove(root, 3, keys.hash(3))
      expected[3] = nil
      #expect(trieMismatch(removed, expected, keys: keys) == nil)  // invariants too, in debug
      for node in [root, removed, direct, base] { dck_trie_release(node) }
    }
    #expect(tracker.liveCount == 0)
  }
}

/// Roots embedded in their owners (`dck_trie_insert_into`), as the façade's `_Scope` makes them.
@Suite struct TrieEmbeddedOverlayTests {
  let tracker = Tracker()

  init() { _ = registerValueCallbacks }

  @Test func anEmbeddedRootLivesAsLongAsItsOwnerAndThenGivesEverythingBack() {
    do {
      var rng = SplitMix64(seed: 0x0E71_0003)
      let keys = KeySpace(count: 80, scheme: .mixed, using: &rng)
      var model = TrieModel()
      for key in 0..<UInt(40) { model[key] = TrackedValue(Int(key), tracker: tracker) }
      let base = makeTrie(model, keys: keys)

      // A chain of scopes, each root embedded in its owner; the owners are all the chain holds.
      var owners: [EmbeddingOwner] = []
      var current = base
      for key in UInt(40)..<60 {
        let value = TrackedValue(Int(key), tracker: tracker)
        let owner = EmbeddingOwner(inserting: key, keys.hash(key), value, into: current)
        model[key] = value
        #expect(trieMismatch(owner.root, model, keys: keys) == nil)
        owners.append(owner)
        current = owner.root
      }
      // Every one is embedded: a chain does not fold, however long.
      #expect(owners.filter(\.isEmbedded).count == owners.count)

      // A retain from C keeps the owner (and so the root) alive after the Swift reference is gone.
      let top = owners.last!.root
      dck_trie_retain(top)
      weak let weakOwner = owners.last
      owners.removeAll()
      #expect(weakOwner != nil)
      #expect(trieMismatch(top, model, keys: keys) == nil)
      // A merge of the chain with the base returns the chain's root, with one more reference.
      let merged: OpaquePointer = dck_trie_merge(base, top)
      #expect(merged == top)
      dck_trie_release(merged)
      dck_trie_release(top)
      #expect(weakOwner == nil)
      dck_trie_release(base)
      model.removeAll()
    }
    #expect(tracker.liveCount == 0)
  }

  @Test(.needsDebugChecks) func embeddedInsertsMatchTheModelAndLeakNothing() async {
    await #expect(processExitsWith: .success) {
      _ = registerValueCallbacks
      let tracker = Tracker()
      var rng = SplitMix64(seed: 0x0E71_0004)
      let keys = KeySpace(count: 64, scheme: .mixed, using: &rng)
      // Random walks of inserts, each root embedded where it can be, kept alive only by owners.
      for _ in 0..<40 {
        var model = TrieModel()
        var owners: [EmbeddingOwner] = []
        var current: OpaquePointer = dck_trie_empty()
        for _ in 0..<30 {
          let key = UInt(rng.next() % 64)
          let value =
            rng.next() % 4 == 0 && model[key] != nil
            ? model[key]! : TrackedValue(Int(key), tracker: tracker)
          let owner = EmbeddingOwner(inserting: key, keys.hash(key), value, into: current)
          model[key] = value
          #expect(trieMismatch(owner.root, model, keys: keys) == nil)
          owners.append(owner)
          current = owner.root
        }
      }
      expectNoLiveTrieState(tracker: tracker)
    }
  }
}

/// Owns one root the way the façade does: embedded in `storage` when the trie could build it there,
/// otherwise as a +1 reference.
private final class EmbeddingOwner {
  // The first stored property: `_getUnsafePointerToStoredProperties` is its address.
  var storage = dck_trie_overlay_storage_t()
  private(set) var root: OpaquePointer = dck_trie_empty()

  var storageAddress: UnsafeMutableRawPointer { _getUnsafePointerToStoredProperties(self) }
  var isEmbedded: Bool { UnsafeMutableRawPointer(root) == storageAddress }

  init(inserting key: UInt, _ hash: UInt64, _ value: TrackedValue, into parent: OpaquePointer) {
    // The call takes a reference to the value.
    root = dck_trie_insert_into(
      storageAddress, Unmanaged.passUnretained(self).toOpaque(), parent, key, hash,
      Unmanaged.passRetained(value).toOpaque())
  }

  deinit {
    if isEmbedded {
      dck_trie_embedded_destroy(storageAddress)
    } else {
      dck_trie_release(root)
    }
  }
}
