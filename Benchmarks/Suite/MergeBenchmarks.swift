import CDependencies
import Dependencies

/// Merging dependency values: `withDependencies(from: model)` laying the current scope over what a
/// model captured, and the C trie's merge of two roots that share structure beside a dictionary
/// merge.
func runMergeBenchmarks(
  _ settings: BenchmarkSettings, _ report: Report, modelSizes: [Int], trieSizes: [Int]
) {
  let group = "Merges"

  // withDependencies(from:): the model was created where `size` other keys (and benchNumber) were
  // overridden; the current scope overrides another key. Both sides find the model's captured
  // values by reflection (Mirror) and lay the current ones over them: ours merges trie roots, the
  // classic one merges dictionaries.
  for size in modelSizes {
    let keys = fillerKeys(size)
    let oursModel = withDependencies {
      setting(keys, in: &$0)
      $0.benchNumber = 3
    } operation: {
      OursSmallModel()
    }
    let classicModel = Classic.withDependencies {
      setting(keys, in: &$0)
      $0.benchNumber = 3
    } operation: {
      ClassicSmallModel()
    }

    let ours = withDependencies {
      $0.benchClient = otherBenchClient
    } operation: {
      precondition(withDependencies(from: oursModel) { oursModel.number } == 3)
      return measure(settings) { iterations in
        for i in 0..<iterations {
          withDependencies(from: oursModel) { blackHole(i) }
        }
      }
    }
    let classic = Classic.withDependencies {
      $0.benchClient = otherBenchClient
    } operation: {
      precondition(Classic.withDependencies(from: classicModel) { classicModel.number } == 3)
      return measure(settings) { iterations in
        for i in 0..<iterations {
          Classic.withDependencies(from: classicModel) { blackHole(i) }
        }
      }
    }
    report.add(
      row(
        group, "withDependencies(from:), model has \(size) overrides",
        parameter: size, ours, classic))
  }

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
  for size in trieSizes {
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

    let trie = measure(settings) { iterations in
      for _ in 0..<iterations { dck_trie_release(dck_trie_merge(a, b)!) }
    }
    let dictionary = measure(settings) { iterations in
      for _ in 0..<iterations {
        var result = dictionaryA
        result.merge(dictionaryB) { _, new in new }
        blackHole(result)
      }
    }
    report.add(
      row(
        group, "trie merge, b = a + 4 inserts, \(size) keys", parameter: size, trie,
        dictionary))
    dck_trie_release(a)
    dck_trie_release(b)
  }
}
