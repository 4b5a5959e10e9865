import CDependencies

/// The C trie's merge of two roots that share structure, beside a dictionary merge (the raw
/// operation under `withDependencies(from:)`), in the "Merges" group.
func runTrieMergeBenchmarks(_ settings: BenchmarkSettings, _ report: Report, sizes: [Int]) {
  let group = "Merges"

  // The raw merge: `b` is `a` with two keys added and two replaced (what a nested scope makes of
  // its parent's root), merged over `a`. The trie shares every subtree the two roots have in
  // common; the dictionary copies `a` and inserts every key of `b`.
  dck_values_set_callbacks(
    { _ = Unmanaged<AnyObject>.fromOpaque($0!).retain() },
    { Unmanaged<AnyObject>.fromOpaque($0!).release() })
  final class Payload {}
  let first = Payload()
  let second = Payload()
  let firstValue = Unmanaged.passUnretained(first).toOpaque()
  let secondValue = Unmanaged.passUnretained(second).toOpaque()
  for size in sizes {
    var random = SplitMix64(seed: UInt64(size) &+ 0x3E6E)
    let keys = (0..<size).map { _ in UInt(truncatingIfNeeded: random.next()) & ~0xF }
    var a = dck_trie_empty()!
    var dictionaryA: [UInt: AnyObject] = [:]
    for key in keys {
      let next = dck_trie_insert(a, key, mixHash(UInt64(key)), firstValue)!
      dck_trie_release(a)
      a = next
      dictionaryA[key] = first
    }
    var b = a
    dck_trie_retain(b)
    var dictionaryB = dictionaryA
    let changed = [0xA11C_E000, 0xB0B0_0000, keys[0], keys[size / 2]]
    for key in changed {
      let next = dck_trie_insert(b, key, mixHash(UInt64(key)), secondValue)!
      dck_trie_release(b)
      b = next
      dictionaryB[key] = second
    }
    let merged = dck_trie_merge(a, b)!
    precondition(dck_trie_count(merged) == dictionaryB.count)
    dck_trie_release(merged)

    report.measure(group, "trie merge, b = a + 4 inserts, \(size) keys", parameter: size) {
      measure(settings) { iterations in
        for _ in 0..<iterations { dck_trie_release(dck_trie_merge(a, b)!) }
      }
    } plainSwift: {
      measure(settings) { iterations in
        for _ in 0..<iterations {
          var result = dictionaryA
          result.merge(dictionaryB) { _, new in new }
          blackHole(result)
        }
      }
    }
    dck_trie_release(a)
    dck_trie_release(b)
  }
}
