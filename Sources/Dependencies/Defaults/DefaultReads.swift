/// What a default's computation read of the overrides around it: each key it read, once, with the
/// override it found (its value's box as every root holds it, `_Scope.sharedLookup`, compared by
/// address and never dereferenced) or none (the key was not overridden: its default was served).
///
/// A computation records its reads through the reader's values (`_DefaultComputation`), and reads
/// of a key's override among the cache's shared overrides (its `baseline`). A default that read an
/// override the shared overrides do not hold — a scope's — belongs to that scope
/// (`readsAScopesOverride`). The reads also say where such a default is valid: in any scope that
/// maps every key read to what was read (`agree(with:)`), so a nested scope that overrides one of
/// them gets its own.
struct _DefaultReads: @unchecked Sendable {
  // @unchecked Sendable: the boxes are addresses only, never dereferenced; whoever keeps these
  // reads keeps the scope whose root holds those boxes (see `_DefaultReader`).

  /// A key read, and the box of the override found, or nil.
  struct Read {
    let key: _KeyIdentity
    let box: UnsafeMutableRawPointer?
  }

  private(set) var reads: [Read] = []
  /// Whether some read found an override other than the shared one.
  private(set) var readsAScopesOverride = false

  /// Records that `key` read `box` (nil: no override); `isShared` when `box` is what the cache's
  /// shared overrides hold for it (nil included, when they hold none). The first read of a key
  /// counts.
  mutating func record(_ key: _KeyIdentity, _ box: UnsafeMutableRawPointer?, isShared: Bool) {
    guard !reads.contains(where: { $0.key.raw == key.raw }) else { return }
    reads.append(Read(key: key, box: box))
    if !isShared { readsAScopesOverride = true }
  }

  /// Adds what another computation read: one whose value this computation read.
  mutating func absorb(_ other: _DefaultReads) {
    for read in other.reads where !reads.contains(where: { $0.key.raw == read.key.raw }) {
      reads.append(read)
    }
    if other.readsAScopesOverride { readsAScopesOverride = true }
  }

  /// Every key read (raw identities), in the order first read.
  var keysRead: [UInt] { reads.map(\.key.raw) }

  /// Whether `lookup` maps every key read to what was read.
  func agree(with lookup: (_KeyIdentity) -> UnsafeMutableRawPointer?) -> Bool {
    reads.allSatisfy { lookup($0.key) == $0.box }
  }
}
