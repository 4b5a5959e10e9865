/// How a dependency key type is named inside the C core: its metatype pointer and a hash of it.
///
/// Clients see it (`@frozen`): inlined reads build it for their key and pass its two words to the
/// core.
@frozen @usableFromInline
struct _KeyIdentity: Sendable {
  @usableFromInline let raw: UInt
  @usableFromInline let hash: UInt64

  @inlinable @inline(__always)
  init(_ key: Any.Type) {
    let raw = UInt(bitPattern: ObjectIdentifier(key))
    self.raw = raw
    self.hash = _KeyIdentity.mix(UInt64(raw))
  }

  /// The identity whose `raw` is `raw` (a key's metatype pointer, as recorded earlier).
  init(raw: UInt) {
    self.raw = raw
    self.hash = _KeyIdentity.mix(UInt64(raw))
  }

  /// A fixed, fast bijective mix of the pointer bits (the SplitMix64 finaliser). Metatype pointers are
  /// aligned and clustered, so the trie needs their entropy spread across all 64 bits. Deterministic
  /// across runs, which keeps tree shapes (and benchmarks) reproducible.
  @inlinable @inline(__always)
  static func mix(_ x: UInt64) -> UInt64 {
    var z = x &+ 0x9E37_79B9_7F4A_7C15
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
