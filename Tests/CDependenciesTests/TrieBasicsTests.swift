import CDependencies
import Testing

/// Small, exact checks of the trie API: identity of no-op updates, counts, walk order, collisions.
/// The tests that also run the invariant checker after each step need a debug build (release runs
/// skip them).
@Suite struct TrieBasicsTests {
  let tracker = Tracker()

  init() { _ = registerValueCallbacks }

  func value(_ payload: Int) -> TrackedValue { TrackedValue(payload, tracker: tracker) }

  @Test(.needsDebugChecks) func emptyRootIsSharedAndImmortal() {
    let empty: OpaquePointer = dck_trie_empty()
    #expect(dck_trie_empty() == empty)
    #expect(dck_trie_count(empty) == 0)
    #expect(dck_trie_get(empty, 1, 1) == nil)
    #expect(trieEntries(empty).isEmpty)
    #expect(trieInvariantsHold(empty))
    for _ in 0..<3 { dck_trie_release(empty) }
    dck_trie_retain(empty)
    #expect(dck_trie_count(empty) == 0)

    let removed: OpaquePointer = dck_trie_remove(empty, 1, 1)
    #expect(removed == empty)
    let merged: OpaquePointer = dck_trie_merge(empty, empty)
    #expect(merged == empty)
  }

  @Test(.needsDebugChecks) func insertGetAndCount() {
    do {
      let values = (0..<100).map(value)
      var root: OpaquePointer = dck_trie_empty()
      for (index, value) in values.enumerated() {
        let next: OpaquePointer = dck_trie_insert(
          root, UInt(index), UInt64(index) &* 0x9E37_79B9, value.opaque)
        #expect(dck_trie_count(next) == index + 1)
        dck_trie_release(root)
        root = next
      }
      for (index, value) in values.enumerated() {
        #expect(dck_trie_get(root, UInt(index), UInt64(index) &* 0x9E37_79B9) == value.opaque)
      }
      #expect(dck_trie_get(root, 1000, 1000 &* 0x9E37_79B9) == nil)
      #expect(trieInvariantsHold(root))
      dck_trie_release(root)
    }
    #expect(tracker.liveCount == 0)
  }

  @Test func insertingTheSameValueReturnsTheSameRoot() {
    do {
      let first = value(1)
      let root: OpaquePointer = dck_trie_insert(dck_trie_empty(), 7, 77, first.opaque)
      let again: OpaquePointer = dck_trie_insert(root, 7, 77, first.opaque)
      #expect(again == root)
      dck_trie_release(again)

      // A new value for the key is a new root; the old root still has the old value.
      let second = value(2)
      let replaced: OpaquePointer = dck_trie_insert(root, 7, 77, second.opaque)
      #expect(replaced != root)
      #expect(dck_trie_get(replaced, 7, 77) == second.opaque)
      #expect(dck_trie_get(root, 7, 77) == first.opaque)
      #expect(dck_trie_count(replaced) == 1)
      dck_trie_release(root)
      dck_trie_release(replaced)
    }
    #expect(tracker.liveCount == 0)
  }

  @Test(.needsDebugChecks) func removingAnAbsentKeyReturnsTheSameRoot() {
    do {
      let values = (0..<3).map(value)
      // Keys 0 and 1 share a full hash (a collision node); key 2 sits alone.
      var root: OpaquePointer = dck_trie_empty()
      for (key, hash) in [(0, 5), (1, 5), (2, 6)] as [(UInt, UInt64)] {
        let next: OpaquePointer = dck_trie_insert(root, key, hash, values[Int(key)].opaque)
        dck_trie_release(root)
        root = next
      }
      // Absent: an empty slot, a stranger in an entry's slot, a stranger in the collision node.
      for (key, hash) in [(9, 9), (9, 6), (9, 5), (2, 5)] as [(UInt, UInt64)] {
        let same: OpaquePointer = dck_trie_remove(root, key, hash)
        #expect(same == root, "remove(\(key), \(hash))")
        dck_trie_release(same)
      }
      #expect(trieInvariantsHold(root))
      dck_trie_release(root)
    }
    #expect(tracker.liveCount == 0)
  }

  @Test func removingTheLastKeyReturnsTheEmptyRoot() {
    do {
      let only = value(0)
      let root: OpaquePointer = dck_trie_insert(dck_trie_empty(), 3, 3, only.opaque)
      let removed: OpaquePointer = dck_trie_remove(root, 3, 3)
      #expect(removed == dck_trie_empty())
      #expect(dck_trie_get(root, 3, 3) == only.opaque)
      dck_trie_release(root)
    }
    #expect(tracker.liveCount == 0)
  }

  @Test(.needsDebugChecks) func walkOrderIsCanonical() {
    // Equal maps have equal shapes, so the walk order does not depend on the history.
    do {
      var rng = SplitMix64(seed: 0x5EED_0001)
      let keys = KeySpace(count: 120, scheme: .mixed, using: &rng)
      var model = TrieModel()
      for key in keys.keys where key % 3 != 0 { model[key] = value(Int(key)) }
      let noise = (0..<40).map(value)

      let reference = makeTrie(model, keys: keys)
      let expected = trieEntries(reference)
      for round in 0..<5 {
        // A shuffled insertion order, with extra keys inserted on the way and removed afterwards.
        var root = makeTrie(model, keys: keys, order: model.keys.shuffled(using: &rng))
        let extras = keys.keys.filter { $0 % 3 == 0 }.shuffled(using: &rng)
        for (index, key) in extras.enumerated() {
          let next: OpaquePointer = dck_trie_insert(root, key, keys.hash(key), noise[index].opaque)
          dck_trie_release(root)
          root = next
        }
        for key in extras.shuffled(using: &rng) {
          let next: OpaquePointer = dck_trie_remove(root, key, keys.hash(key))
          dck_trie_release(root)
          root = next
        }
        #expect(trieEntries(root) == expected, "round \(round)")
        #expect(trieInvariantsHold(root))
        dck_trie_release(root)
      }
      dck_trie_release(reference)
    }
    #expect(tracker.liveCount == 0)
  }

  @Test func walkStopsWhenTheVisitorSaysSo() {
    do {
      let values = (0..<10).map(value)
      var model = TrieModel()
      for (index, value) in values.enumerated() { model[UInt(index)] = value }
      var rng = SplitMix64(seed: 0x5EED_0002)
      let root = makeTrie(model, keys: KeySpace(count: 10, scheme: .random, using: &rng))
      var visits = 0
      let completed = withUnsafeMutablePointer(to: &visits) { visits in
        dck_trie_foreach(
          root,
          { _, _, _, context in
            let visits = context!.assumingMemoryBound(to: Int.self)
            visits.pointee += 1
            return visits.pointee < 4
          },
          visits
        )
      }
      #expect(!completed)
      #expect(visits == 4)
      dck_trie_release(root)
    }
    #expect(tracker.liveCount == 0)
  }

  @Test(.needsDebugChecks) func fullHashCollisions() {
    // 40 keys with one hash: a collision node larger than a bitmap node's 32 slots, at the bottom
    // of a chain of single-child nodes; removing down to one key inlines it back into the root.
    do {
      let hash: UInt64 = 0xDEAD_BEEF_0BAD_F00D
      let values = (0..<40).map(value)
      var root: OpaquePointer = dck_trie_empty()
      for key in (0..<40).reversed() {
        let next: OpaquePointer = dck_trie_insert(root, UInt(key), hash, values[key].opaque)
        dck_trie_release(root)
        root = next
        #expect(trieInvariantsHold(root))
      }
      #expect(dck_trie_count(root) == 40)
      #expect(trieEntries(root).map(\.key) == Array(0..<40))  // a collision node is key-sorted
      for key in 0..<40 { #expect(dck_trie_get(root, UInt(key), hash) == values[key].opaque) }
      #expect(dck_trie_get(root, 40, hash) == nil)
      #expect(dck_trie_get(root, 0, hash ^ 1) == nil)
      for key in 0..<39 {
        let next: OpaquePointer = dck_trie_remove(root, UInt(key), hash)
        dck_trie_release(root)
        root = next
        #expect(trieInvariantsHold(root))
        #expect(dck_trie_count(root) == 39 - key)
      }
      #expect(dck_trie_get(root, 39, hash) == values[39].opaque)
      dck_trie_release(root)
    }
    #expect(tracker.liveCount == 0)
  }

  @Test(.needsDebugChecks) func hashesDifferingOnlyInTheLastLevel() {
    // Equal in bits 0 ... 59, different in bits 60 ... 63: they split at depth 12, the last level.
    do {
      let low: UInt64 = 0x0123_4567_89AB_CDEF & ((1 << 60) - 1)
      let hashes = (0..<16).map { low | (UInt64($0) << 60) }
      let values = (0..<16).map(value)
      var root: OpaquePointer = dck_trie_empty()
      for (index, hash) in hashes.enumerated() {
        let next: OpaquePointer = dck_trie_insert(root, UInt(index), hash, values[index].opaque)
        dck_trie_release(root)
        root = next
        #expect(trieInvariantsHold(root))
      }
      for (index, hash) in hashes.enumerated() {
        #expect(dck_trie_get(root, UInt(index), hash) == values[index].opaque)
        #expect(dck_trie_get(root, UInt(index), hash ^ (1 << 59)) == nil)
      }
      for (index, hash) in hashes.enumerated().reversed() {
        let next: OpaquePointer = dck_trie_remove(root, UInt(index), hash)
        dck_trie_release(root)
        root = next
        #expect(trieInvariantsHold(root))
        #expect(dck_trie_count(root) == index)
      }
      #expect(root == dck_trie_empty())
    }
    #expect(tracker.liveCount == 0)
  }

  @Test func mergeIdentities() {
    do {
      var rng = SplitMix64(seed: 0x5EED_0003)
      let keys = KeySpace(count: 50, scheme: .mixed, using: &rng)
      var model = TrieModel()
      for key in keys.keys { model[key] = value(Int(key)) }
      let root = makeTrie(model, keys: keys)
      let empty: OpaquePointer = dck_trie_empty()
      for (a, b, expected) in [(root, root, root), (empty, root, root), (root, empty, root)] {
        let merged: OpaquePointer = dck_trie_merge(a, b)
        #expect(merged == expected)
        dck_trie_release(merged)
      }
      dck_trie_release(root)
    }
    #expect(tracker.liveCount == 0)
  }

  @Test func dumpDescribesTheTree() async {
    // The dump writes to standard error; run it in a child process to keep the test output clean.
    let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
      _ = registerValueCallbacks
      let tracker = Tracker()
      let values = (0..<3).map { TrackedValue($0, tracker: tracker) }
      // Keys 1 and 2 as overlays on key 0; another root merged into them lays its key over their
      // canonical form, a trie where keys 0 and 1 share a collision node.
      var root: OpaquePointer = dck_trie_empty()
      for (key, hash) in [(0, 0x21), (1, 0x21), (2, 0x42)] as [(UInt, UInt64)] {
        let next: OpaquePointer = dck_trie_insert(root, key, hash, values[Int(key)].opaque)
        dck_trie_release(root)
        root = next
      }
      let other: OpaquePointer = dck_trie_insert(dck_trie_empty(), 3, 0x63, values[0].opaque)
      let folded: OpaquePointer = dck_trie_merge(root, other)
      dck_trie_dump(root)
      dck_trie_dump(folded)
      for node in [root, other, folded] { dck_trie_release(node) }
    }
    guard let result else { return }
    let dump = String(decoding: result.standardErrorContent, as: UTF8.self)
    if dck_trie_check_invariants(dck_trie_empty()) == DCK_TRIE_CHECK_UNAVAILABLE {
      #expect(dump.isEmpty)  // release build: the dump is compiled away
    } else {
      #expect(dump.contains("overlay"))
      #expect(dump.contains("depth=3"))
      #expect(dump.contains("collision"))
      #expect(dump.contains("hash=0000000000000021"))
      #expect(dump.contains("key=0x2 "))
    }
  }
}
