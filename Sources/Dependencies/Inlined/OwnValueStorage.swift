/// The room a scope has for the value of its override (`_Scope.valueStorage`): six words, which
/// hold most dependency values (numbers, strings, identifiers, a class reference, an existential, a
/// client of up to three closures). A larger value, or one aligned to more than 16 bytes, goes in a
/// box of its own.
///
/// Clients see it: the inlined scope entry asks whether its value `fits`.
@usableFromInline
struct _OwnValueStorage {
  private var words: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0)

  /// Whether a `Value` fits.
  @inlinable @inline(__always)
  static func fits<Value>(_: Value.Type) -> Bool {
    MemoryLayout<Value>.size <= MemoryLayout<Self>.size && MemoryLayout<Value>.alignment <= 16
  }
}
