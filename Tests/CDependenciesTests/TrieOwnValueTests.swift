import CDependencies
import Foundation
import Testing

// Own values (`dck_trie_insert_owner_into`): a root embedded in an owner that is also the value of
// the root's entry, as the façade's `_Scope.setting` makes them. The root does not count its own value,
// every root that holds values holds the value's stand-in instead, the index of an overlay deeper
// than eight refers to the owner's overlay (so nesting makes no stand-in), and nothing is kept alive
// that should go.
//
// Each test runs in a process of its own: the stand-in callback is process-wide, and the façade
// registers its own (for its scopes) in the test process.

@Suite struct TrieOwnValueTests {
  @Test(.needsDebugChecks) func anOwnValueIsEmbeddedAtAnyDepthAndOnlyAsAnOverlay() async {
    await #expect(processExitsWith: .success) {
      let tracker = Tracker()
      let owners = Tracker()
      registerOwnValueCallbacks()
      var rng = SplitMix64(seed: 0x0E71_0101)
      let keys = KeySpace(count: 40, scheme: .random, using: &rng)
      do {
        // Twenty-five own values over the empty root, as twenty-five nested scopes make them:
        // each an overlay in its owner, those deeper than eight indexed.
        var chain: [OwnValueOwner] = []
        var current: OpaquePointer = dck_trie_empty()
        for key in UInt(0)..<25 {
          let owner = OwnValueOwner(
            key, keys.hash(key), into: current, tracker: tracker, owners: owners)!
          #expect(owner.isEmbedded)
          chain.append(owner)
          current = owner.root
        }
        // Key 3 is set below the top: not an overlay in an owner.
        #expect(
          OwnValueOwner(3, keys.hash(3), into: current, tracker: tracker, owners: owners) == nil)
        // The top key again replaces the top overlay, in the new owner.
        let replacing = OwnValueOwner(
          24, keys.hash(24), into: current, tracker: tracker, owners: owners)!
        #expect(replacing.isEmbedded)

        // A lookup finds the owner itself, through the indexes too; nesting and
        // lookups made no stand-in (the invariant checker, below, folds the chain: it makes them).
        for key in UInt(0)..<25 {
          #expect(dck_trie_get(current, key, keys.hash(key)) == chain[Int(key)].opaque)
        }
        #expect(dck_trie_get(replacing.root, 24, keys.hash(24)) == replacing.opaque)
        #expect(tracker.liveCount == 0)
        #expect(trieInvariantsHold(current) && trieInvariantsHold(replacing.root))

        // The shared lookup gives its stand-in, one for every call and every root.
        for key in UInt(0)..<24 {
          let standIn = dck_trie_get_shared(current, key, keys.hash(key))!
          #expect(standIn != chain[Int(key)].opaque)
          #expect(TrackedValue.from(standIn).payload == Int(key))
          #expect(dck_trie_get_shared(chain[Int(key)].root, key, keys.hash(key)) == standIn)
          #expect(dck_trie_get_shared(replacing.root, key, keys.hash(key)) == standIn)
        }

        // The canonical form (what a walk visits) holds the stand-ins, not the owners.
        let entries = trieEntries(current)
        #expect(entries.count == 25)
        for entry in entries {
          #expect(entry.value == dck_trie_get_shared(current, entry.key, entry.hash))
        }
      }
      expectNoLiveTrieState(tracker: tracker)
      #expect(owners.liveCount == 0)
      exit(0)
    }
  }

  @Test(.needsDebugChecks) func rootsThatHoldValuesHoldStandInsSoTheOwnersGoWhileTheyLive() async {
    await #expect(processExitsWith: .success) {
      let tracker = Tracker()
      let owners = Tracker()
      registerOwnValueCallbacks()
      var rng = SplitMix64(seed: 0x0E71_0102)
      let keys = KeySpace(count: 40, scheme: .mixed, using: &rng)
      var replaced: OpaquePointer?
      var merged: OpaquePointer?
      var onTop: OpaquePointer?
      do {
        var chain: [OwnValueOwner] = []
        var current: OpaquePointer = dck_trie_empty()
        for key in UInt(0)..<20 {
          chain.append(
            OwnValueOwner(key, keys.hash(key), into: current, tracker: tracker, owners: owners)!)
          current = chain.last!.root
        }
        // An override of key 2 path-copies the canonical form; a merge with a canonical root
        // merges the canonical forms; a key added on top is an overlay, which holds the chain.
        let two = TrackedValue(-2, tracker: tracker)
        replaced = dck_trie_insert(current, 2, keys.hash(2), two.opaque)
        let extra = TrackedValue(30, tracker: tracker)
        let other: OpaquePointer = dck_trie_insert(
          dck_trie_empty(), 30, keys.hash(30), extra.opaque)
        merged = dck_trie_merge(other, current)
        dck_trie_release(other)
        onTop = dck_trie_insert(current, 31, keys.hash(31), extra.opaque)
        for key in UInt(0)..<20 {
          let standIn = dck_trie_get_shared(current, key, keys.hash(key))
          #expect(dck_trie_get(merged!, key, keys.hash(key)) == standIn)
          if key != 2 { #expect(dck_trie_get(replaced!, key, keys.hash(key)) == standIn) }
          #expect(dck_trie_get(onTop!, key, keys.hash(key)) == chain[Int(key)].opaque)
        }
        #expect(dck_trie_get(replaced!, 2, keys.hash(2)) == two.opaque)
        #expect(trieInvariantsHold(replaced!) && trieInvariantsHold(merged!))
        #expect(trieInvariantsHold(onTop!))
      }
      // The overlay on top keeps the chain, so its owners, alive; the roots that hold values keep
      // no owner.
      #expect(owners.liveCount == 20)
      dck_trie_release(onTop)
      #expect(owners.liveCount == 0)
      for key in UInt(0)..<20 where key != 2 {
        #expect(
          TrackedValue.from(dck_trie_get(replaced!, key, keys.hash(key))!).payload == Int(key))
      }
      dck_trie_release(replaced)
      dck_trie_release(merged)
      expectNoLiveTrieState(tracker: tracker)
      #expect(owners.liveCount == 0)
      exit(0)
    }
  }

  /// Random nests of scopes as the façade makes them — own values and boxed values, new keys and
  /// the top key again, an override of a key further out (a root of the trie's own), scopes
  /// ending in any order, merges with the scope around — checked at every step against a model:
  /// every lookup, every shared lookup, the walk, the invariants (each overlay's index among
  /// them); and at the end nothing is left: no owner, no value, no node.
  @Test(.needsDebugChecks) func randomNestsMatchTheModelAndLeaveNothing() async {
    await #expect(processExitsWith: .success) {
      let tracker = Tracker()
      let owners = Tracker()
      registerOwnValueCallbacks()
      for (index, scheme) in HashScheme.allCases.enumerated() {
        var rng = SplitMix64(seed: 0x0E71_0103_0000 + UInt64(index))
        let keys = KeySpace(count: 48, scheme: scheme, using: &rng)
        if let failure = runNests(keys: keys, rng: &rng, tracker: tracker, owners: owners) {
          Issue.record("\(scheme): \(failure)")
          break
        }
      }
      expectNoLiveTrieState(tracker: tracker)
      #expect(owners.liveCount == 0)
      exit(0)
    }
  }
}

/// A level of a nest: its root (+1, or embedded in `owner`), and what that root maps each key to (an
/// owner for an own value, else a value).
private struct Level {
  var root: OpaquePointer
  var owner: OwnValueOwner?
  var model: [UInt: AnyObject]

  /// Gives back the level's reference to its root.
  func end() {
    if owner == nil { dck_trie_release(root) }
  }
}

/// Runs random nests; returns the first mismatch, naming the step.
private func runNests(
  keys: KeySpace, rng: inout SplitMix64, tracker: Tracker, owners: Tracker
) -> String? {
  for nest in 0..<12 {
    var levels = [Level(root: dck_trie_empty(), owner: nil, model: [:])]
    defer { for level in levels.reversed() { level.end() } }
    for step in 0..<60 {
      let top = levels.last!
      let roll = rng.next() % 16
      if roll < 3 && levels.count > 1 {
        levels.removeLast().end()  // the innermost scope ends
        continue
      }
      if roll == 3 && levels.count > 2 {
        // A scope merged with an outer one (`withDependencies(from:)`): the outer wins.
        let outer = levels[Int(rng.next() % UInt64(levels.count - 1))]
        let root: OpaquePointer = dck_trie_merge(top.root, outer.root)
        var model = top.model
        for (key, value) in outer.model { model[key] = value }
        levels.append(Level(root: root, owner: nil, model: model))
      } else {
        // A new key (mostly), the top key again, or a key further out.
        let key =
          roll < 12
          ? UInt(rng.next() % UInt64(keys.hashes.count))
          : top.model.keys.randomElement(using: &rng) ?? 0
        if roll % 2 == 0,
          let owner = OwnValueOwner(
            key, keys.hash(key), into: top.root, tracker: tracker, owners: owners)
        {
          var model = top.model
          model[key] = owner
          levels.append(Level(root: owner.root, owner: owner, model: model))
        } else {
          let value = TrackedValue(Int(key), tracker: tracker)
          let root: OpaquePointer = dck_trie_insert(top.root, key, keys.hash(key), value.opaque)
          var model = top.model
          model[key] = value
          levels.append(Level(root: root, owner: nil, model: model))
        }
      }
      if let mismatch = nestMismatch(levels.last!, keys: keys) {
        return "nest \(nest), step \(step), depth \(levels.count - 1): \(mismatch)"
      }
    }
  }
  return nil
}

/// How `level`'s root differs from its model, or nil.
private func nestMismatch(_ level: Level, keys: KeySpace) -> String? {
  if dck_trie_count(level.root) != level.model.count {
    return "count \(dck_trie_count(level.root)), model \(level.model.count)"
  }
  for key in keys.keys {
    let hash = keys.hash(key)
    let expected = level.model[key]
    let found = dck_trie_get(level.root, key, hash)
    let shared = dck_trie_get_shared(level.root, key, hash)
    switch expected {
    case nil:
      if found != nil || shared != nil { return "key \(key) found, model has none" }
    case let owner as OwnValueOwner:
      // The owner in the chain of its overlay, its stand-in in a root that holds values.
      guard let found, let shared,
        found == owner.opaque || found == shared,
        TrackedValue.from(shared).payload == owner.payload,
        shared == dck_trie_get_shared(owner.root, key, hash)
      else { return "key \(key): own value not found as its owner or its stand-in" }
    case let value?:
      let opaque = Unmanaged.passUnretained(value).toOpaque()
      if found != opaque || shared != opaque { return "key \(key): wrong value" }
    }
  }
  for entry in trieEntries(level.root)
  where entry.value != dck_trie_get_shared(level.root, entry.key, entry.hash) {
    return "the walk reports key \(entry.key) with another value than the shared lookup"
  }
  if !trieInvariantsHold(level.root) {
    dck_trie_dump(level.root)
    return "invariants (\(dck_trie_check_invariants(level.root).rawValue); dumped to stderr)"
  }
  return nil
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
