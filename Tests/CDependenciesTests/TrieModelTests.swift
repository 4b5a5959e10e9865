import CDependencies
import Testing

/// Randomized tests of the trie against a `Dictionary` model, on unique and on shared roots, with
/// hashes that collide fully, share long prefixes, or are random.
@Suite struct TrieModelTests {
  let tracker = Tracker()

  init() { _ = registerValueCallbacks }

  /// Two lineages, each root released as soon as the next one exists (so the old root is unique
  /// when it is copied), occasionally merged into each other.
  @Test(arguments: HashScheme.allCases)
  func uniqueRoots(scheme: HashScheme) {
    let seed = testSeed(0x0DC1_0000 + UInt64(HashScheme.allCases.firstIndex(of: scheme)!))
    var rng = SplitMix64(seed: seed)
    let keys = KeySpace(count: 160, scheme: scheme, using: &rng)
    var world = TrieWorld(keys: keys, tracker: tracker, rng: rng)
    do {
      let empty = TrieVersion(root: dck_trie_empty(), model: [:])
      var lineages = [empty, empty]
      defer { for lineage in lineages { dck_trie_release(lineage.root) } }
      for step in 0..<1500 {
        let which = Int(world.rng.next() % 2)
        let (next, failure) = world.randomOperation(
          on: lineages[which], others: [lineages[1 - which]], shrinking: (step / 250) % 2 == 1)
        dck_trie_release(lineages[which].root)
        lineages[which] = next
        if let failure {
          Issue.record("\(scheme), seed \(seed), step \(step): \(failure)")
          return
        }
        if let mismatch = trieMismatch(next.root, next.model, keys: keys) {
          Issue.record("\(scheme), seed \(seed), step \(step): \(mismatch)")
          return
        }
      }
    }
    #expect(tracker.liveCount == 0)
  }

  /// Many live versions derived from one another; old versions must never change.
  @Test(arguments: HashScheme.allCases)
  func sharedRoots(scheme: HashScheme) {
    let seed = testSeed(0x0DC2_0000 + UInt64(HashScheme.allCases.firstIndex(of: scheme)!))
    let failure = runSharedRootsWorkload(scheme: scheme, seed: seed, steps: 1500, tracker: tracker)
    #expect(failure == nil)
    #expect(tracker.liveCount == 0)
  }
}
