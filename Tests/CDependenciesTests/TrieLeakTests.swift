import CDependencies
import Testing

/// Every node and value reference a trie takes is given back.
///
/// Each test counts its own values with a `Tracker`. The C core's live counters
/// (`dck_debug_live_trie_nodes`, `dck_debug_live_trie_values`) are process-wide and other suites
/// run in parallel in this process, so the tests that expect them to return to zero run their
/// workload in an exit test: a fresh child process in which nothing else touches a trie.
/// Expectations that fail in the child are reported by the parent with their messages; a crash
/// fails the exit status. Release builds have no counters: there that test is skipped.
@Suite struct TrieLeakTests {
  init() { _ = registerValueCallbacks }

  @Test(.needsDebugChecks) func randomizedWorkloadsReturnEveryNodeAndValue() async {
    await #expect(processExitsWith: .success) {
      _ = registerValueCallbacks
      let tracker = Tracker()
      for (index, scheme) in HashScheme.allCases.enumerated() {
        let failure = runSharedRootsWorkload(
          scheme: scheme, seed: 0x0DC6_0000 + UInt64(index), steps: 600, tracker: tracker)
        #expect(failure == nil, "\(failure ?? "")")
      }
      let failures = await runConcurrentTrieWorkload(
        threads: 4, iterations: 500, seed: 0x0DC6_1000, tracker: tracker)
      #expect(failures.isEmpty, "\(failures)")
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

/// Owns one trie reference and gives it back in `deinit`, which runs inside the trie's value
/// release callback when the holder is stored as a value.
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

/// Expects every value to be gone and the C core to hold no trie nodes and no value references.
/// The counters exist in debug builds only (callers are enabled with `.needsDebugChecks`), and are
/// meaningful only in a process where no other test uses a trie.
func expectNoLiveTrieState(tracker: Tracker) {
  #expect(tracker.liveCount == 0, "\(tracker.liveCount) values still alive")
  let nodes = dck_debug_live_trie_nodes()
  let values = dck_debug_live_trie_values()
  #expect(nodes == 0, "\(nodes) trie nodes still allocated")
  #expect(values == 0, "\(values) trie value references still held")
}
