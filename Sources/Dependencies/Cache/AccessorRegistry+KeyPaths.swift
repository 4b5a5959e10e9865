import CDependencies

// The accessors of key paths (`@Dependency(\\.key)`) in the registry of accessors, which holds
// those of key types too (`_AccessorRegistry`, what the inlined `@Dependency(Key.self)` reads).

extension _AccessorRegistry {
  /// The namespace of key paths in the table (key types have `keyTypes`).
  static let keyPaths: UInt32 = 1

  /// How many key paths the table takes before new ones get accessors of their own (not
  /// registered, so they are freed with their properties): key-path literals are a bounded set, but
  /// key paths built at run time (`appending(path:)`) could otherwise grow the table without end.
  static let limit = 16_384

  /// The accessor of `keyPath`, and the object that keeps it alive when the registry does not (past
  /// `limit`). It runs the key path's getters on every read.
  static func accessor<Value>(for keyPath: KeyPath<DependencyValues, Value> & Sendable) -> (
    accessor: Unmanaged<_DependencyAccessor<Value>>, owner: _DependencyAccessor<Value>?
  ) {
    let id = UInt(bitPattern: ObjectIdentifier(keyPath))
    if let pointer = registry.value(for: id, keyPaths) {
      return (Unmanaged.fromOpaque(pointer), nil)
    }
    let make = { _DependencyAccessor<Value>(keyPath: keyPath) }
    guard dck_cache_count(table) < limit else {
      let accessor = make()
      return (Unmanaged.passUnretained(accessor), accessor)
    }
    // The registry holds the accessor, and with it the key path (in `get`, which also keeps alive
    // the memory `getter` names), for the rest of the process: the key path's address can never
    // be reused by another key path.
    return (register(id, in: keyPaths, make: make), nil)
  }
}
