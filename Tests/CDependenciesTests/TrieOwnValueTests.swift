import CDependencies
import Foundation
import Testing

// Own values (`dck_trie_insert_owner_into`): a root embedded in an owner that is also the value of
// the root's entry, as the façade's `_Scope.setting` makes them. The root does not count its own value,
// every other root holds the value's stand-in, and nothing is kept alive that should go.
//
// Each test runs in a process of its own: the stand-in callback is process-wide, and the façade
// registers its own (for its scopes) in the test process.

@Suite struct TrieOwnValueTests {
  @Test(.needsDebugChecks) func anOwnValueIsEmbeddedWhereAnOverlayCanBeAndOnlyThere() async {
    await #expect(processExitsWith: .success) {
      let tracker = Tracker()
      let owners = Tracker()
      registerOwnValueCallbacks()
      var rng = SplitMix64(seed: 0x0E71_0101)
      let keys = KeySpace(count: 16, scheme: .random, using: &rng)
      do {
        // Eight own values over the empty root: each an overlay in its owner.
        var chain: [OwnValueOwner] = []
        var current: OpaquePointer = dck_trie_empty()
        for key in UInt(0)..<8 {
          let owner = OwnValueOwner(
            key, keys.hash(key), into: current, tracker: tracker, owners: owners)!
          #expect(owner.isEmbedded)
          chain.append(owner)
          current = owner.root
        }
        // The chain is full, and key 3 is set below the top: neither is an overlay in an owner.
        #expect(
          OwnValueOwner(8, keys.hash(8), into: current, tracker: tracker, owners: owners) == nil)
        #expect(
          OwnValueOwner(3, keys.hash(3), into: current, tracker: tracker, owners: owners) == nil)
        // The top key again replaces the top overlay, in the new owner.
        let replacing = OwnValueOwner(
          7, keys.hash(7), into: current, tracker: tracker, owners: owners)!
        #expect(replacing.isEmbedded)
        #expect(trieInvariantsHold(replacing.root))

        // A lookup finds the owner itself; the shared lookup its stand-in, one for every call.
        for key in UInt(0)..<7 {
          #expect(dck_trie_get(current, key, keys.hash(key)) == chain[Int(key)].opaque)
          let standIn = dck_trie_get_shared(current, key, keys.hash(key))!
          #expect(standIn != chain[Int(key)].opaque)
          #expect(TrackedValue.from(standIn).payload == Int(key))
          #expect(dck_trie_get_shared(chain[Int(key)].root, key, keys.hash(key)) == standIn)
        }
        #expect(dck_trie_get(replacing.root, 7, keys.hash(7)) == replacing.opaque)

        // The canonical form (what a walk visits) holds the stand-ins, not the owners.
        let entries = trieEntries(current)
        #expect(entries.count == 8)
        for entry in entries {
          #expect(entry.value == dck_trie_get_shared(current, entry.key, entry.hash))
        }
      }
      expectNoLiveTrieState(tracker: tracker)
      #expect(owners.liveCount == 0)
      exit(0)
    }
  }

  @Test(.needsDebugChecks) func aFoldHoldsStandInsSoTheOwnersGoWhileItLives() async {
    await #expect(processExitsWith: .success) {
      let tracker = Tracker()
      let owners = Tracker()
      registerOwnValueCallbacks()
      var rng = SplitMix64(seed: 0x0E71_0102)
      let keys = KeySpace(count: 16, scheme: .mixed, using: &rng)
      var folded: OpaquePointer?
      var merged: OpaquePointer?
      do {
        var chain: [OwnValueOwner] = []
        var current: OpaquePointer = dck_trie_empty()
        for key in UInt(0)..<8 {
          chain.append(
            OwnValueOwner(key, keys.hash(key), into: current, tracker: tracker, owners: owners)!)
          current = chain.last!.root
        }
        // A ninth key folds the chain; an override of key 2 builds a canonical root too; a merge
        // with a canonical root merges the canonical forms.
        let ninth = TrackedValue(8, tracker: tracker)
        folded = dck_trie_insert(current, 8, keys.hash(8), ninth.opaque)
        let two = TrackedValue(-2, tracker: tracker)
        let replaced: OpaquePointer = dck_trie_insert(current, 2, keys.hash(2), two.opaque)
        let other: OpaquePointer = dck_trie_insert(dck_trie_empty(), 9, keys.hash(9), ninth.opaque)
        merged = dck_trie_merge(other, current)
        dck_trie_release(other)
        for key in UInt(0)..<8 {
          let standIn = dck_trie_get_shared(current, key, keys.hash(key))
          #expect(dck_trie_get(folded!, key, keys.hash(key)) == standIn)
          #expect(dck_trie_get(merged!, key, keys.hash(key)) == standIn)
          if key != 2 { #expect(dck_trie_get(replaced, key, keys.hash(key)) == standIn) }
        }
        #expect(dck_trie_get(replaced, 2, keys.hash(2)) == two.opaque)
        #expect(trieInvariantsHold(folded!) && trieInvariantsHold(merged!))
        dck_trie_release(replaced)
      }
      // No root holds an owner: the owners are gone, the stand-ins still read.
      #expect(owners.liveCount == 0)
      for key in UInt(0)..<8 {
        #expect(TrackedValue.from(dck_trie_get(folded!, key, keys.hash(key))!).payload == Int(key))
      }
      dck_trie_release(folded)
      dck_trie_release(merged)
      expectNoLiveTrieState(tracker: tracker)
      #expect(owners.liveCount == 0)
      exit(0)
    }
  }
}

/// An owner whose embedded root maps its key to the owner itself (an own value), as `_Scope`
/// is. Its stand-in is a `TrackedValue` of its payload, counted by `tracker`; the owners alive are
/// counted by `owners`.
private final class OwnValueOwner {
  // The first stored property: `_getUnsafePointerToStoredProperties` is its address.
  var storage = dck_trie_overlay_storage_t()
  private(set) var root: OpaquePointer = dck_trie_empty()
  let payload: Int
  let tracker: Tracker
  let owners: Tracker

  var storageAddress: UnsafeMutableRawPointer { _getUnsafePointerToStoredProperties(self) }
  var isEmbedded: Bool { UnsafeMutableRawPointer(root) == storageAddress }
  var opaque: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

  /// Nil when the trie would not build the root in this owner.
  init?(_ key: UInt, _ hash: UInt64, into parent: OpaquePointer, tracker: Tracker, owners: Tracker)
  {
    payload = Int(key)
    self.tracker = tracker
    self.owners = owners
    guard let root = dck_trie_insert_owner_into(storageAddress, opaque, parent, key, hash) else {
      return nil
    }
    self.root = root
    owners.adjust(+1)
  }

  deinit {
    // Every owner that was made is embedded.
    if isEmbedded {
      dck_trie_embedded_destroy(storageAddress)
      owners.adjust(-1)
    }
  }
}

/// Retain and release as everywhere, and stand-ins for `OwnValueOwner`s.
private func registerOwnValueCallbacks() {
  _ = registerValueCallbacks
  dck_values_set_stand_in_callback { owner in
    let owner = Unmanaged<OwnValueOwner>.fromOpaque(owner!).takeUnretainedValue()
    return Unmanaged.passRetained(TrackedValue(owner.payload, tracker: owner.tracker)).toOpaque()
  }
}
