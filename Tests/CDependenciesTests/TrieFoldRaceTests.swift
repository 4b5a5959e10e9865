import CDependencies
import Foundation
import Synchronization
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Threads that fold the same fresh overlay root at once (`dck_trie_canonical`: each folds, one
/// keeps its fold by compare-and-swap, the others release theirs) all see the one kept map, and
/// the losing folds leak nothing.
///
/// The race needs two threads that both find the overlay unfolded before either publishes its
/// fold. Two threads are released together by a spin gate, round after round, each round on a
/// fresh chain of overlays, in batches until the core's debug counter of lost folds
/// (`dck_debug_fold_races`) shows that they did race (on a busy machine the two threads may share
/// one core for a while; a cap on the batches ends the test). The counter is process-wide, so the
/// test runs in an exit test (a fresh process where nothing else folds); it needs a debug build
/// (the counter) and two cores (two threads that overlap).
@Suite struct TrieFoldRaceTests {
  @available(macOS 15.0, *)  // Atomic
  @Test(
    .needsDebugChecks,
    .enabled(
      if: ProcessInfo.processInfo.activeProcessorCount >= 2,
      "two threads run at the same time only on two cores or more"))
  func racingFoldsKeepOneFoldAndReleaseTheOthers() async {
    await #expect(processExitsWith: .success) {
      _ = registerValueCallbacks
      let tracker = Tracker()
      do {
        let roundsPerBatch = 500
        let maxBatches = 100
        var rng = SplitMix64(seed: 0x0E71_0005)
        let keys = KeySpace(count: 100, scheme: .random, using: &rng)
        var model = TrieModel()
        for key in 0..<UInt(40) { model[key] = TrackedValue(Int(key), tracker: tracker) }
        let base = makeTrie(model, keys: keys)
        // Each round folds a fresh chain of six overlays over the base into a canonical root.
        let chainValues = (0..<6).map { TrackedValue(-$0, tracker: tracker) }
        let chainKeys = (0..<chainValues.count).map { UInt(40 + $0) }
        for (key, value) in zip(chainKeys, chainValues) { model[key] = value }
        let direct = makeTrie(model, keys: keys)
        let expected = trieEntries(direct).map(\.key)
        dck_trie_release(direct)

        let racesBefore = dck_debug_fold_races()
        var batches = 0
        var mismatches: [Int] = []
        while batches < maxBatches && dck_debug_fold_races() == racesBefore {
          batches += 1
          let chains = (0..<roundsPerBatch).map { _ in
            var root = base
            dck_trie_retain(root)
            for (key, value) in zip(chainKeys, chainValues) {
              let next: OpaquePointer = dck_trie_insert(root, key, keys.hash(key), value.opaque)
              dck_trie_release(root)
              root = next
            }
            return TrieVersion(root: root, model: [:])
          }
          let gate = SpinGate()
          let walks = Locked([[UInt]](repeating: [], count: 2 * roundsPerBatch))
          runThreads(2) { thread in
            for round in 0..<roundsPerBatch {
              gate.arriveAndWait(parties: 2, round: round)
              let walk = trieEntries(chains[round].root).map(\.key)
              walks.withLock { $0[2 * round + thread] = walk }
            }
          }
          let all = walks.current
          mismatches += all.indices.filter { all[$0] != expected }
          for chain in chains { dck_trie_release(chain.root) }
        }
        let races = dck_debug_fold_races() - racesBefore

        #expect(
          races >= 1,
          "the two threads never raced to fold in \(batches * roundsPerBatch) rounds")
        #expect(mismatches.isEmpty, "walks that differ from the map: \(mismatches.prefix(10))")
        dck_trie_release(base)
      }
      expectNoLiveTrieState(tracker: tracker)
    }
  }
}

/// Releases `parties` threads together, round after round, by spinning: a thread that arrives
/// waits on the CPU (yielding it when the wait runs long), so once the last one arrives all of
/// them leave within a few instructions of each other, which a lock and condition variable (a
/// futex wake-up per waiter) cannot promise.
@available(macOS 15.0, *)
private final class SpinGate: Sendable {
  private let arrivals = Atomic<Int>(0)

  /// Returns once `parties` threads have arrived for `round` (0, 1, 2, ... in order; every party
  /// calls it once per round).
  func arriveAndWait(parties: Int, round: Int) {
    arrivals.add(1, ordering: .sequentiallyConsistent)
    var spins = 0
    while arrivals.load(ordering: .sequentiallyConsistent) < parties * (round + 1) {
      spins += 1
      if spins.isMultiple(of: 1_024) { sched_yield() }
    }
  }
}
