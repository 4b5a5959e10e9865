import CDependencies

/// The C trie against a Swift dictionary that must be copied before it can take one more key (what a
/// copy-on-write store pays when a scope adds one override).
func runTrieBenchmarks(_ settings: BenchmarkSettings, _ report: Report, sizes: [Int]) {
  dck_values_set_callbacks(
    { _ = Unmanaged<AnyObject>.fromOpaque($0!).retain() },
    { Unmanaged<AnyObject>.fromOpaque($0!).release() })
  final class Payload {}
  let payload = Payload()
  let value = Unmanaged.passUnretained(payload).toOpaque()

  for size in sizes {
    var random = SplitMix64(seed: UInt64(size))
    let keys = (0..<size).map { _ in UInt(truncatingIfNeeded: random.next()) & ~0xF }
    let hashes = keys.map { mixHash(UInt64($0)) }

    var root = dck_trie_empty()!
    var dictionary: [UInt: AnyObject] = [:]
    for (key, hash) in zip(keys, hashes) {
      let next = dck_trie_insert(root, key, hash, value)!
      dck_trie_release(root)
      root = next
      dictionary[key] = payload
    }
    let probes = (0..<1024).map { _ in Int.random(in: 0..<size, using: &random) }

    report.measure(
      "Trie vs Dictionary (C core)", "lookup, \(size) keys", parameter: size
    ) {
      measure(settings) { iterations in
        var found = 0
        for i in 0..<iterations {
          let probe = probes[i & 1023]
          if dck_trie_get(root, keys[probe], hashes[probe]) != nil { found &+= 1 }
        }
        blackHole(found)
      }
    } plainSwift: {
      measure(settings) { iterations in
        var found = 0
        for i in 0..<iterations where dictionary[keys[probes[i & 1023]]] != nil { found &+= 1 }
        blackHole(found)
      }
    }

    let newKey: UInt = 0xDEAD_BEE0
    let newHash = mixHash(UInt64(newKey))
    report.measure(
      "Trie vs Dictionary (C core)", "insert into shared, \(size) keys", parameter: size
    ) {
      measure(settings) { iterations in
        for _ in 0..<iterations {
          dck_trie_release(dck_trie_insert(root, newKey, newHash, value)!)
        }
      }
    } plainSwift: {
      measure(settings) { iterations in
        for _ in 0..<iterations {
          var copy = dictionary  // shared, so the insert below copies it
          copy[newKey] = payload
          blackHole(copy)
        }
      }
    }
    dck_trie_release(root)
  }
}

/// The hash the façade uses for key identifiers: SplitMix64's step and finaliser applied to `x`,
/// which is the first output of a SplitMix64 seeded with `x`.
func mixHash(_ x: UInt64) -> UInt64 {
  var generator = SplitMix64(seed: x)
  return generator.next()
}
