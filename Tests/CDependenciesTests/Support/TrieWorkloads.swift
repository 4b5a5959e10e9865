import CDependencies
import Foundation

/// The seed of a randomized test: `base`, or the `DCK_TEST_SEED` environment variable when set
/// (to replay a failure whose message named its seed).
func testSeed(_ base: UInt64) -> UInt64 {
  ProcessInfo.processInfo.environment["DCK_TEST_SEED"].flatMap { UInt64($0) } ?? base
}

/// A root (one reference) and the model it must match.
struct TrieVersion: @unchecked Sendable {
  // @unchecked: trie nodes are immutable once built and their reference counts are atomic; the
  // reference itself is owned by whoever holds the version.
  let root: OpaquePointer
  let model: TrieModel
}

/// The keys of a random operation's world, and where its fresh values come from.
struct TrieWorld {
  let keys: KeySpace
  let tracker: Tracker
  var rng: SplitMix64

  /// Applies one random operation to `version` (borrowed): insert a fresh value, insert a value
  /// already stored (under this key: the root must come back as is), remove (an absent key: the
  /// root must come back as is), or merge with one of `others` (borrowed) in either order, checking
  /// that merge returns an input whenever the result equals it. Returns the new version (+1) and
  /// the first failed expectation, if any. With `shrinking`, removals are more likely than inserts.
  mutating func randomOperation(
    on version: TrieVersion, others: [TrieVersion], shrinking: Bool = false
  ) -> (TrieVersion, failure: String?) {
    let key = UInt.random(in: keys.keys, using: &rng)
    let hash = keys.hash(key)
    let roll = rng.next() % 16
    let removes = shrinking ? roll < 9 : roll < 4
    if removes {
      let root: OpaquePointer = dck_trie_remove(version.root, key, hash)
      var model = version.model
      let wasPresent = model.removeValue(forKey: key) != nil
      let failure = !wasPresent && root != version.root ? "removing absent key \(key) copied" : nil
      return (TrieVersion(root: root, model: model), failure)
    }
    if roll < 11 || others.isEmpty {
      let value = TrackedValue(Int(roll), tracker: tracker)
      let root: OpaquePointer = dck_trie_insert(version.root, key, hash, value.opaque)
      var model = version.model
      model[key] = value
      return (
        TrieVersion(root: root, model: model), root == version.root ? "insert kept root" : nil
      )
    }
    if roll < 13 {
      // Store a value object already in the trie: under its own key (a no-op), or under this one.
      guard let (storedKey, stored) = version.model.randomElement(using: &rng) else {
        return randomOperation(on: version, others: others, shrinking: false)
      }
      let target = roll == 11 ? storedKey : key
      let root: OpaquePointer = dck_trie_insert(
        version.root, target, keys.hash(target), stored.opaque)
      var model = version.model
      let unchanged = model[target] === stored
      model[target] = stored
      let failure = unchanged && root != version.root ? "re-inserting key \(target) copied" : nil
      return (TrieVersion(root: root, model: model), failure)
    }
    let other = others.randomElement(using: &rng)!
    let (a, b) = rng.next() % 2 == 0 ? (version, other) : (other, version)
    let root: OpaquePointer = dck_trie_merge(a.root, b.root)
    let model = mergedModel(a.model, b.model)
    var failure: String?
    if sameEntries(model, b.model) && root != b.root {
      failure = "merge equal to b is not b"
    } else if !sameEntries(model, b.model) && sameEntries(model, a.model) && root != a.root {
      failure = "merge equal to a is not a"
    }
    return (TrieVersion(root: root, model: model), failure)
  }
}

/// Random operations on a pool of live versions, each derived from a random earlier one, so that
/// most operations path-copy from shared roots. After every step the new root must match its model;
/// every 100 steps, and whenever a version is dropped, older versions must still match theirs.
/// Returns the first failure, naming the seed and step. Releases every root it made.
func runSharedRootsWorkload(
  scheme: HashScheme, seed: UInt64, steps: Int, keyCount: Int = 120, tracker: Tracker
) -> String? {
  var rng = SplitMix64(seed: seed)
  let keys = KeySpace(count: keyCount, scheme: scheme, using: &rng)
  var world = TrieWorld(keys: keys, tracker: tracker, rng: rng)
  var versions = [TrieVersion(root: dck_trie_empty(), model: [:])]
  defer { for version in versions { dck_trie_release(version.root) } }

  func fail(_ step: Int, _ message: String) -> String {
    "\(scheme), seed \(seed), step \(step): \(message)"
  }
  for step in 0..<steps {
    let source = versions.randomElement(using: &world.rng)!
    let shrinking = (step / 200) % 2 == 1
    let (next, failure) = world.randomOperation(on: source, others: versions, shrinking: shrinking)
    versions.append(next)
    if let failure { return fail(step, failure) }
    if let mismatch = trieMismatch(next.root, next.model, keys: keys) {
      return fail(step, "new root: \(mismatch)")
    }
    if versions.count > 8 {
      let dropped = versions.remove(at: Int.random(in: 0..<versions.count, using: &world.rng))
      defer { dck_trie_release(dropped.root) }
      if let mismatch = trieMismatch(dropped.root, dropped.model, keys: keys) {
        return fail(step, "old root changed: \(mismatch)")
      }
    }
    if step % 100 == 99 {
      for version in versions {
        if let mismatch = trieMismatch(version.root, version.model, keys: keys) {
          return fail(step, "old root changed: \(mismatch)")
        }
      }
    }
  }
  return nil
}

/// Lock-protected hand-off between threads: versions (each one reference, owned by the box while
/// inside it) and failure messages.
final class TrieMailbox: @unchecked Sendable {
  // @unchecked: every stored property is only touched with `lock` held.
  private let lock = NSLock()
  private var versions: [TrieVersion] = []
  private var failureLog: [String] = []

  func post(_ version: TrieVersion) {
    lock.lock()
    versions.append(version)
    lock.unlock()
  }

  func take() -> TrieVersion? {
    lock.lock()
    defer { lock.unlock() }
    return versions.popLast()
  }

  func record(_ failure: String) {
    lock.lock()
    failureLog.append(failure)
    lock.unlock()
  }

  var failures: [String] {
    lock.lock()
    defer { lock.unlock() }
    return failureLog
  }
}

/// `threads` threads share one root and its values: each path-copies from it (insert, remove,
/// merge), reads, passes versions to the other threads through a mailbox, and releases its copies,
/// so the last release of shared nodes and values happens on arbitrary threads. The starting thread
/// gives up its own reference once the workers hold theirs. Returns the failures the threads saw.
func runConcurrentTrieWorkload(
  threads: Int, iterations: Int, seed: UInt64, tracker: Tracker
) async -> [String] {
  var rng = SplitMix64(seed: seed)
  let keys = KeySpace(count: 300, scheme: .mixed, using: &rng)
  var baseModel = TrieModel()
  for key in keys.keys where rng.next() % 3 != 0 {
    baseModel[key] = TrackedValue(Int(key), tracker: tracker)
  }
  let base = TrieVersion(root: makeTrie(baseModel, keys: keys), model: baseModel)
  for _ in 0..<threads { dck_trie_retain(base.root) }  // one reference per worker
  dck_trie_release(base.root)  // the workers' references keep it alive from here on

  let mailbox = TrieMailbox()
  let start = TrieStartingPoint(base)
  await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
    let group = DispatchGroup()
    for index in 0..<threads {
      group.enter()
      let threadSeed = seed &+ UInt64(index + 1) &* 0x9E37_79B9_7F4A_7C15
      Thread {
        concurrentWorker(
          base: start.version, seed: threadSeed, iterations: iterations, keys: keys,
          tracker: tracker, mailbox: mailbox)
        group.leave()
      }.start()
    }
    group.notify(queue: .global()) { done.resume() }
  }
  start.clear()
  while let version = mailbox.take() {
    if let mismatch = trieMismatch(version.root, version.model, keys: keys) {
      mailbox.record("seed \(seed), left in the mailbox: \(mismatch)")
    }
    dck_trie_release(version.root)
  }
  return mailbox.failures
}

/// The version every worker starts from. A `Thread` may keep its closure, and whatever the closure
/// captured, alive for a while after its last line runs; the workers reach the shared version
/// through this box, which is emptied once they are done, so that no exited thread keeps a value
/// alive past the workload.
private final class TrieStartingPoint: @unchecked Sendable {
  // @unchecked: `stored` is only touched with `lock` held.
  private let lock = NSLock()
  private var stored: TrieVersion?

  init(_ version: TrieVersion) { stored = version }

  var version: TrieVersion {
    lock.lock()
    defer { lock.unlock() }
    return stored!
  }

  func clear() {
    lock.lock()
    stored = nil
    lock.unlock()
  }
}

private func concurrentWorker(
  base: TrieVersion, seed: UInt64, iterations: Int, keys: KeySpace, tracker: Tracker,
  mailbox: TrieMailbox
) {
  var world = TrieWorld(keys: keys, tracker: tracker, rng: SplitMix64(seed: seed))
  var mine = [base]  // the worker's own reference to the shared root comes first
  defer { for version in mine { dck_trie_release(version.root) } }

  for iteration in 0..<iterations {
    let source = mine.randomElement(using: &world.rng)!
    let (next, failure) = world.randomOperation(on: source, others: mine)
    mine.append(next)
    if let failure {
      mailbox.record("seed \(seed), iteration \(iteration): \(failure)")
      return
    }
    // Spot-check a few keys every time, everything now and then.
    for _ in 0..<4 {
      let key = UInt.random(in: keys.keys, using: &world.rng)
      if dck_trie_get(next.root, key, keys.hash(key)) != next.model[key]?.opaque {
        mailbox.record("seed \(seed), iteration \(iteration): get(\(key)) differs from the model")
        return
      }
    }
    if iteration % 64 == 0, let mismatch = trieMismatch(next.root, next.model, keys: keys) {
      mailbox.record("seed \(seed), iteration \(iteration): \(mismatch)")
      return
    }
    switch world.rng.next() % 16 {
    case 0:  // hand a version to whichever thread takes it next
      mailbox.post(mine.remove(at: Int.random(in: 0..<mine.count, using: &world.rng)))
    case 1:  // adopt a version another thread built
      if let adopted = mailbox.take() { mine.append(adopted) }
    default:
      break
    }
    if mine.count > 6 {
      dck_trie_release(mine.remove(at: Int.random(in: 0..<mine.count, using: &world.rng)).root)
    }
    if mine.isEmpty {
      mine.append(TrieVersion(root: dck_trie_empty(), model: [:]))
    }
  }
}
