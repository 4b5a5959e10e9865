import CDependencies
import Testing

/// Threads sharing roots: path copying, reading and releasing concurrently, with the last release
/// of shared nodes and values on whichever thread gets there first.
@Suite struct TrieConcurrencyTests {
  let tracker = Tracker()

  init() { _ = registerValueCallbacks }

  @Test func threadsShareOneRoot() async {
    let seed = testSeed(0x0DC5_0000)
    let failures = await runConcurrentTrieWorkload(
      threads: 8, iterations: 1500, seed: seed, tracker: tracker)
    #expect(failures.isEmpty, "seed \(seed): \(failures)")
    #expect(tracker.liveCount == 0)
  }
}
