import CDependencies

/// How a test's keys get their hashes. Every scheme gives each key exactly one hash.
enum HashScheme: String, CaseIterable, Codable, Sendable {
  /// Fully random 64-bit hashes: a wide, shallow trie.
  case random
  /// Hashes drawn from a pool of three: large collision nodes at the bottom of the trie.
  case fullCollisions
  /// A few shared low-bit prefixes (20, 40, 60 or 63 bits) under random high bits: long chains of
  /// single-child nodes that split deep down, some only in the last level.
  case sharedLowBits
  /// Each key picks one of the above, with the pools related so that collision nodes and deep
  /// splits sit next to each other.
  case mixed
}

/// The keys `0 ..< count` of a test and the one hash of each.
struct KeySpace: Sendable {
  let hashes: [UInt64]

  init(count: Int, scheme: HashScheme, using rng: inout SplitMix64) {
    let collisionPool = (0..<3).map { _ in rng.next() }
    let prefixPool: [(value: UInt64, mask: UInt64)] = collisionPool.map { value in
      let bits = [20, 40, 60, 63].randomElement(using: &rng)!
      return (value, (1 << UInt64(bits)) - 1)
    }
    hashes = (0..<count).map { _ in
      let kind = scheme == .mixed ? HashScheme.allCases.randomElement(using: &rng)! : scheme
      switch kind {
      case .random, .mixed:
        return rng.next()
      case .fullCollisions:
        return collisionPool.randomElement(using: &rng)!
      case .sharedLowBits:
        let prefix = prefixPool.randomElement(using: &rng)!
        return (prefix.value & prefix.mask) | (rng.next() & ~prefix.mask)
      }
    }
  }

  /// Keys with the given hashes, for tests that need an exact shape.
  init(hashes: [UInt64]) { self.hashes = hashes }

  var keys: Range<UInt> { 0..<UInt(hashes.count) }

  func hash(_ key: UInt) -> UInt64 { hashes[Int(key)] }

  /// A key that is never stored but has the hash of `key`: it lands in the same slot, or the same
  /// collision node, as `key` does.
  func stranger(sharingHashWith key: UInt) -> UInt { key + 1_000_000 }
}

/// What a trie should hold: key to value. The model's references keep the values alive, so value
/// pointers read from a trie can be compared with the model's.
typealias TrieModel = [UInt: TrackedValue]

/// One entry as `dck_trie_foreach` reports it.
struct TrieEntry: Equatable {
  let key: UInt
  let hash: UInt64
  let value: UnsafeMutableRawPointer
}

private final class EntryCollector {
  var entries: [TrieEntry] = []
}

/// Every entry of `root` (borrowed), in `dck_trie_foreach` order.
func trieEntries(_ root: OpaquePointer) -> [TrieEntry] {
  let collector = EntryCollector()
  let completed = withExtendedLifetime(collector) {
    dck_trie_foreach(
      root,
      { key, hash, value, context in
        let collector = Unmanaged<EntryCollector>.fromOpaque(context!).takeUnretainedValue()
        collector.entries.append(TrieEntry(key: key, hash: hash, value: value!))
        return true
      },
      Unmanaged.passUnretained(collector).toOpaque()
    )
  }
  precondition(completed, "the collecting visitor never stops a walk")
  return collector.entries
}

/// Whether the invariant checker accepts `root` (`DCK_TRIE_CHECK_OK`). The checker exists in debug
/// builds only: a test that calls this is enabled with `.needsDebugChecks`, so that a release run
/// skips it instead of passing it unchecked.
func trieInvariantsHold(_ root: OpaquePointer) -> Bool {
  dck_trie_check_invariants(root) == DCK_TRIE_CHECK_OK
}

/// Describes the first way `root` (borrowed) differs from `model`, or returns nil when it matches:
/// count, a lookup of every key of `keys` (and of a stranger sharing its hash), the entries the
/// walk reports, and, where it exists (`debugChecksAvailable`: debug builds), the invariant
/// checker. A release run of a test that uses this checks the map against the model, not the
/// invariants; the tests whose subject is the invariants use `trieInvariantsHold` and are skipped
/// there.
func trieMismatch(_ root: OpaquePointer, _ model: TrieModel, keys: KeySpace) -> String? {
  if dck_trie_count(root) != model.count {
    return "count is \(dck_trie_count(root)), model has \(model.count)"
  }
  for key in keys.keys {
    let hash = keys.hash(key)
    if dck_trie_get(root, key, hash) != model[key]?.opaque {
      return "get(\(key), hash \(hash)) is \(String(describing: dck_trie_get(root, key, hash))), "
        + "model has \(String(describing: model[key]?.opaque))"
    }
    if dck_trie_get(root, keys.stranger(sharingHashWith: key), hash) != nil {
      return "get finds a stranger sharing the hash of key \(key)"
    }
  }
  let entries = trieEntries(root)
  if entries.count != model.count {
    return "foreach visits \(entries.count) entries, model has \(model.count)"
  }
  var seen = Set<UInt>()
  for entry in entries {
    if !seen.insert(entry.key).inserted {
      return "foreach visits key \(entry.key) twice"
    }
    if entry.hash != keys.hash(entry.key) || entry.value != model[entry.key]?.opaque {
      return "foreach reports \(entry), model has \(String(describing: model[entry.key]?.opaque))"
    }
  }
  let check = dck_trie_check_invariants(root)
  if debugChecksAvailable && check != DCK_TRIE_CHECK_OK {
    dck_trie_dump(root)
    return "dck_trie_check_invariants returns \(check.rawValue) (tree dumped to stderr)"
  }
  return nil
}

/// A new root (+1) holding `model`, built by inserting its keys in `order` (default: ascending).
func makeTrie(_ model: TrieModel, keys: KeySpace, order: [UInt]? = nil) -> OpaquePointer {
  var root: OpaquePointer = dck_trie_empty()
  for key in order ?? model.keys.sorted() {
    let next: OpaquePointer = dck_trie_insert(root, key, keys.hash(key), model[key]!.opaque)
    dck_trie_release(root)
    root = next
  }
  return root
}

/// A canonical root (+1: no overlay, as a merge or a removal makes) holding `model`, of two keys
/// or more: the merge of two roots built by `makeTrie`, each with half of the keys.
func makeCanonicalTrie(_ model: TrieModel, keys: KeySpace) -> OpaquePointer {
  precondition(model.count >= 2, "a merge of two non-empty halves")
  let sorted = model.keys.sorted()
  let lower = Set(sorted[..<(sorted.count / 2)])
  let first = makeTrie(model.filter { lower.contains($0.key) }, keys: keys)
  let second = makeTrie(model.filter { !lower.contains($0.key) }, keys: keys)
  let merged: OpaquePointer = dck_trie_merge(first, second)
  dck_trie_release(first)
  dck_trie_release(second)
  precondition(dck_trie_overlay_base(merged) == nil, "a merge of two halves is canonical")
  return merged
}

/// `model` overlaid with `other`: the model of `dck_trie_merge(model, other)`.
func mergedModel(_ model: TrieModel, _ other: TrieModel) -> TrieModel {
  model.merging(other) { _, new in new }
}

/// Whether two models hold the same keys with the very same value objects.
func sameEntries(_ left: TrieModel, _ right: TrieModel) -> Bool {
  left.count == right.count && left.allSatisfy { key, value in right[key] === value }
}

/// A root reference handed from one thread to another; whoever holds it owns one reference.
struct TrieReference: @unchecked Sendable {
  // @unchecked: trie nodes are immutable once built, and reference counts are atomic.
  let root: OpaquePointer
}
