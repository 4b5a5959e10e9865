import CDependencies
import Testing

/// Every node and value reference a trie takes is given back.
///
/// Each test counts its own values with a `Tracker`. The C core's live counters
/// (`dck_debug_live_trie_nodes`, `dck_debug_live_trie_values`) are process-wide and other suites run
/// in parallel in this process, so the tests that expect them to return to zero run their workload
/// in an exit test: a fresh child process in which nothing else touches a trie.
@Suite struct TrieLeakTests {
  init() { _ = registerValueCallbacks }

  @Test func randomizedWorkloadsReturnEveryNodeAndValue() async {
    await #expect(processExitsWith: .success) {
      _ = registerValueCallbacks
      let tracker = Tracker()
      for (index, scheme) in HashScheme.allCases.enumerated() {
        let failure = runSharedRootsWorkload(
          scheme: scheme, seed: 0x0DC6_0000 + UInt64(index), steps: 600, tracker: tracker)
        precondition(failure == nil, failure ?? "")
      }
      let failures = await runConcurrentTrieWorkload(
        threads: 4, iterations: 500, seed: 0x0DC6_1000, tracker: tracker)
      precondition(failures.isEmpty, "\(failures)")
      releaseTrieFromValueDeinit(tracker: tracker)
      expectNoLiveTrieState(tracker: tracker)
    }
  }

  @Test func valueDeinitMayReleaseAnotherTrie() {
    let tracker = Tracker()
    releaseTrieFromValueDeinit(tracker: tracker)
    #expect(tracker.liveCount == 0)
  }
}

/// Owns one trie reference and gives it back in `deinit`, which runs inside the trie's value release
/// callback when the holder is stored as a value.
private final class TrieHolder {
  let root: OpaquePointer
  init(consuming root: OpaquePointer) { self.root = root }
  deinit { dck_trie_release(root) }
}

/// Releases a trie whose freeing releases a value whose deinit releases a second trie sharing nodes
/// with the first: the release callback runs arbitrary code, re-entering the trie.
private func releaseTrieFromValueDeinit(tracker: Tracker) {
  var rng = SplitMix64(seed: 0x0DC7_0000)
  let keys = KeySpace(count: 200, scheme: .mixed, using: &rng)
  var model = TrieModel()
  for key in keys.keys { model[key] = TrackedValue(Int(key), tracker: tracker) }
  let base = makeTrie(model, keys: keys)
  let extra = TrackedValue(-1, tracker: tracker)
  let sibling: OpaquePointer = dck_trie_insert(base, 0, keys.hash(0), extra.opaque)
  var holder: TrieHolder? = TrieHolder(consuming: sibling)
  let outer: OpaquePointer = dck_trie_insert(
    base, 1, keys.hash(1), Unmanaged.passUnretained(holder!).toOpaque())
  holder = nil  // the outer trie holds the last reference to the holder
  model = [:]  // and the tries the last references to the values
  dck_trie_release(base)
  dck_trie_release(outer)  // frees outer, releases the holder, which releases the sibling
}

/// Fails the process unless every value is gone and, in debug builds, the C core holds no trie
/// nodes and no value references (release builds have no counters: they report -1).
private func expectNoLiveTrieState(tracker: Tracker) {
  precondition(tracker.liveCount == 0, "\(tracker.liveCount) values still alive")
  let nodes = dck_debug_live_trie_nodes()
  let values = dck_debug_live_trie_values()
  precondition(nodes == 0 || nodes == -1, "\(nodes) trie nodes still allocated")
  precondition(values == 0 || values == -1, "\(values) trie value references still held")
}
