import CDependencies
import Testing

/// `dck_trie_merge` against the model: `b` wins, the result is canonical, an input comes back
/// whenever the result equals it, and neither input changes.
@Suite struct TrieMergeTests {
  let tracker = Tracker()

  init() { _ = registerValueCallbacks }

  /// Checks `dck_trie_merge(a, b)` (inputs borrowed) and returns the first failure.
  func checkMerge(_ a: TrieVersion, _ b: TrieVersion, keys: KeySpace) -> String? {
    let merged: OpaquePointer = dck_trie_merge(a.root, b.root)
    defer { dck_trie_release(merged) }
    let model = mergedModel(a.model, b.model)
    if let mismatch = trieMismatch(merged, model, keys: keys) { return "merge: \(mismatch)" }
    if sameEntries(model, b.model) {
      if merged != b.root { return "a merge equal to b is not b" }
    } else if sameEntries(model, a.model) {
      if merged != a.root { return "a merge equal to a is not a" }
    } else if merged == a.root || merged == b.root {
      return "a merge equal to neither input returned an input"
    }
    // Canonical form: the same walk order as the same map built by inserting.
    let built = makeTrie(model, keys: keys)
    defer { dck_trie_release(built) }
    if trieEntries(built) != trieEntries(merged) { return "merge is not in canonical form" }
    if let mismatch = trieMismatch(a.root, a.model, keys: keys) { return "a changed: \(mismatch)" }
    if let mismatch = trieMismatch(b.root, b.model, keys: keys) { return "b changed: \(mismatch)" }
    return nil
  }

  /// A random model over `keys`: each key present with probability `density`, its value either the
  /// key's entry in `shared` (the same object in several maps) or a fresh one.
  func randomModel(
    keys: KeySpace, density: Double, shared: [TrackedValue], using rng: inout SplitMix64
  ) -> TrieModel {
    var model = TrieModel()
    for key in keys.keys where Double.random(in: 0..<1, using: &rng) < density {
      model[key] = rng.next() % 2 == 0 ? shared[Int(key)] : TrackedValue(-1, tracker: tracker)
    }
    return model
  }

  @Test(arguments: HashScheme.allCases)
  func independentMaps(scheme: HashScheme) {
    let seed = testSeed(0x0DC3_0000 + UInt64(HashScheme.allCases.firstIndex(of: scheme)!))
    var rng = SplitMix64(seed: seed)
    do {
      let keys = KeySpace(count: 90, scheme: scheme, using: &rng)
      let shared = keys.keys.map { TrackedValue(Int($0), tracker: tracker) }
      for round in 0..<120 {
        let densities = [0.0, 0.05, 0.3, 0.7, 1.0]
        let a = randomModel(
          keys: keys, density: densities.randomElement(using: &rng)!, shared: shared, using: &rng)
        let b = randomModel(
          keys: keys, density: densities.randomElement(using: &rng)!, shared: shared, using: &rng)
        let first = TrieVersion(root: makeTrie(a, keys: keys), model: a)
        let second = TrieVersion(root: makeTrie(b, keys: keys), model: b)
        defer {
          dck_trie_release(first.root)
          dck_trie_release(second.root)
        }
        for (x, y) in [(first, second), (second, first), (first, first)] {
          if let failure = checkMerge(x, y, keys: keys) {
            Issue.record("\(scheme), seed \(seed), round \(round): \(failure)")
            return
          }
        }
      }
    }
    #expect(tracker.liveCount == 0)
  }

  /// Maps derived from one ancestor share most subtrees, which merge reuses without descending.
  @Test(arguments: HashScheme.allCases)
  func mapsWithACommonAncestor(scheme: HashScheme) {
    let seed = testSeed(0x0DC4_0000 + UInt64(HashScheme.allCases.firstIndex(of: scheme)!))
    var rng = SplitMix64(seed: seed)
    do {
      let keys = KeySpace(count: 200, scheme: scheme, using: &rng)
      var world = TrieWorld(keys: keys, tracker: tracker, rng: rng)
      for round in 0..<30 {
        var ancestorModel = TrieModel()
        for key in keys.keys where world.rng.next() % 4 != 0 {
          ancestorModel[key] = TrackedValue(Int(key), tracker: tracker)
        }
        let ancestor = TrieVersion(root: makeTrie(ancestorModel, keys: keys), model: ancestorModel)
        // Two descendants by a few random edits each (no merges), and one by removals only.
        var descendants = [ancestor, ancestor, ancestor]
        for _ in descendants { dck_trie_retain(ancestor.root) }
        defer { for version in descendants + [ancestor] { dck_trie_release(version.root) } }
        for index in descendants.indices {
          for _ in 0..<Int.random(in: 1...12, using: &world.rng) {
            let (next, _) = world.randomOperation(
              on: descendants[index], others: [], shrinking: index == 2)
            dck_trie_release(descendants[index].root)
            descendants[index] = next
          }
        }
        if isSubMap(descendants[2], of: ancestor) {
          // Merging a sub-map under its ancestor gives the ancestor back, and the other way round.
          let merged: OpaquePointer = dck_trie_merge(descendants[2].root, ancestor.root)
          #expect(merged == ancestor.root, "\(scheme), seed \(seed), round \(round)")
          dck_trie_release(merged)
        }
        let pairs = [
          (descendants[0], descendants[1]), (descendants[1], descendants[0]),
          (ancestor, descendants[0]), (descendants[0], ancestor),
          (descendants[2], descendants[0]), (ancestor, descendants[2]),
        ]
        for (x, y) in pairs {
          if let failure = checkMerge(x, y, keys: keys) {
            Issue.record("\(scheme), seed \(seed), round \(round): \(failure)")
            return
          }
        }
      }
    }
    #expect(tracker.liveCount == 0)
  }

  /// Whether `version` holds a subset of `ancestor`'s entries with the same values.
  func isSubMap(_ version: TrieVersion, of ancestor: TrieVersion) -> Bool {
    version.model.allSatisfy { key, value in ancestor.model[key] === value }
  }

  /// An inline entry on one side and a subtree (or a collision node) at the same slot on the other.
  @Test func entryMeetsSubtreeAtTheSameSlot() {
    do {
      let values = (0..<4).map { TrackedValue($0, tracker: tracker) }
      let override = TrackedValue(9, tracker: tracker)
      // All in root slot 1. Keys 0 and 1 split at depth 1; keys 2 and 3 collide fully with key 1.
      let hashes: [UInt64] = [0x01, 0x21, 0x21, 0x21]
      let keys = KeySpace(hashes: hashes)
      let cases: [(TrieModel, TrieModel)] = [
        ([0: values[0]], [1: values[1], 2: values[2]]),  // entry vs subtree, distinct keys
        ([1: values[1], 2: values[2]], [0: values[0]]),  // subtree vs entry
        ([1: values[1]], [2: values[2], 3: values[3]]),  // entry vs collision chain
        ([2: values[2], 3: values[3]], [1: values[1]]),
        ([2: values[2]], [2: override, 3: values[3]]),  // the same key on both sides
        ([2: values[2], 3: values[3]], [2: override]),
        ([2: values[2], 3: values[3]], [3: values[3]]),  // b already in a: the result is a
        ([3: values[3]], [2: values[2], 3: values[3]]),  // a already in b: the result is b
        ([0: values[0], 1: values[1]], [0: values[0], 2: values[2], 3: values[3]]),
      ]
      for (index, (a, b)) in cases.enumerated() {
        let first = TrieVersion(root: makeTrie(a, keys: keys), model: a)
        let second = TrieVersion(root: makeTrie(b, keys: keys), model: b)
        let failure = checkMerge(first, second, keys: keys)
        #expect(failure == nil, "case \(index)")
        dck_trie_release(first.root)
        dck_trie_release(second.root)
      }
    }
    #expect(tracker.liveCount == 0)
  }
}
