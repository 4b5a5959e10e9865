import CDependencies

/// Reads one dependency: the code a `@Dependency` runs on every read, specialised for its key.
///
/// The arguments are the current values (borrowed in place), the trie root the reading property
/// captured where it was created (a borrowed handle, or nil), the context it captured, where it
/// reads, and uninitialised memory for the value, which the read initialises with a value of the
/// accessor's `Value` type.
///
/// The type names no generic parameter on purpose, and is not `@Sendable` on purpose: a closure
/// formed where the key is known has exactly this representation, so calling it through an
/// accessor needs no reabstraction thunk. (A closure returning a generic `Value`, or one converted
/// to `@Sendable` through a generic cast, is wrapped in two thunks on every read.) Every read
/// captures only immutable, thread-safe state: a key's metatype, a key path, its resolution.
@usableFromInline
typealias _KeyRead =
  (
    UnsafePointer<DependencyValues>, OpaquePointer?, DependencyContext?, _ReadSite,
    UnsafeMutableRawPointer
  ) -> Void

/// How a `@Dependency` reaches its value: one immortal object per key type (`@Dependency(Key.self)`)
/// and per key-path object (`@Dependency(\.key)`), shared by every property that reads it.
///
/// A property refers to its accessor without a strong reference (`Unmanaged`), so that copying the
/// property — which Swift does on every read of a `@Dependency var` stored in a class — writes to no
/// shared reference count. That is sound because accessors live for the rest of the process: the
/// registry (`_AccessorRegistry`) holds them, and never lets go.
@usableFromInline
final class _DependencyAccessor<Value>: @unchecked Sendable {
  // @unchecked Sendable: `read` captures only immutable, thread-safe state (see `_KeyRead`);
  // `direct` is nil or a slot that the accessor's `_KeyPathResolution` owns and that is only read
  // with `dck_published_get`.

  /// The read, specialised for the key where it was formed (for a key path: the read through the
  /// key path, which also decides whether `direct` can be used). It initialises a `Value`.
  @usableFromInline let read: _KeyRead
  /// For a key path, the slot where the accessor of the key its getter reads is published once
  /// known (`_KeyPathResolution`); nil for a key.
  @usableFromInline let direct: UnsafeMutablePointer<UnsafeMutableRawPointer?>?

  @usableFromInline
  init(
    read: @escaping _KeyRead, direct: UnsafeMutablePointer<UnsafeMutableRawPointer?>? = nil
  ) {
    self.read = read
    self.direct = direct
  }

  /// Reads the dependency: through the accessor of the key published in `direct`, when there is
  /// one, or through `read`.
  @inlinable @inline(__always)
  func value(
    _ values: UnsafePointer<DependencyValues>, _ captured: OpaquePointer?,
    _ capturedContext: DependencyContext?, _ site: _ReadSite
  ) -> Value {
    if let direct, let published = dck_published_get(direct),
      published != _KeyPathResolution<Value>.readsThroughTheKeyPath
    {
      return Unmanaged<_DependencyAccessor<Value>>.fromOpaque(published)._withUnsafeGuaranteedRef {
        Self.call($0.read, values, captured, capturedContext, site)
      }
    }
    return Self.call(read, values, captured, capturedContext, site)
  }

  /// Runs `read` into a temporary and returns the value it stored there.
  @inlinable @inline(__always)
  static func call(
    _ read: _KeyRead, _ values: UnsafePointer<DependencyValues>, _ captured: OpaquePointer?,
    _ capturedContext: DependencyContext?, _ site: _ReadSite
  ) -> Value {
    withUnsafeTemporaryAllocation(of: Value.self, capacity: 1) { buffer in
      let value = buffer.baseAddress!
      read(values, captured, capturedContext, site, UnsafeMutableRawPointer(value))
      return value.move()
    }
  }
}

/// Stores the result of a `_KeyRead` in the memory it was given.
@inlinable @inline(__always)
func _store<Value>(_ value: Value, in memory: UnsafeMutableRawPointer) {
  memory.assumingMemoryBound(to: Value.self).initialize(to: value)
}

/// The registry of accessors: a table that holds every accessor for the rest of the process, keyed
/// by the key's metatype or the key path's object. It is a C live-value cache (`dck_cache`) that is
/// never destroyed: a lookup is a per-thread memo hit or a lock-free table read, and creation is
/// exactly-once per key.
@usableFromInline
enum _AccessorRegistry {
  /// Namespaces of the table's keys.
  @usableFromInline static let keyTypes: UInt32 = 0
  @usableFromInline static let keyPaths: UInt32 = 1

  /// The table. Created once, never destroyed; safe for concurrent use. Immutable after
  /// initialisation, hence `nonisolated(unsafe)`.
  @usableFromInline nonisolated(unsafe) static let table: OpaquePointer = {
    _ = _registerValueCallbacks
    return dck_cache_create()!
  }()

  /// How many key paths the table takes before new ones get accessors of their own (not
  /// registered, so they are freed with their properties): key-path literals are a bounded set, but
  /// key paths built at run time (`appending(path:)`) could otherwise grow the table without end.
  static let keyPathLimit = 16_384

  /// The accessor registered under `id` in `namespace`, made by `make` on the first request.
  @inlinable
  static func accessor<Value>(
    _ id: UInt, in namespace: UInt32, make: () -> _DependencyAccessor<Value>
  ) -> Unmanaged<_DependencyAccessor<Value>> {
    if let pointer = dck_cache_get(table, id, namespace) {
      return Unmanaged.fromOpaque(pointer)
    }
    return register(id, in: namespace, make: make)
  }

  @usableFromInline
  static func register<Value>(
    _ id: UInt, in namespace: UInt32, make: () -> _DependencyAccessor<Value>
  ) -> Unmanaged<_DependencyAccessor<Value>> {
    withoutActuallyEscaping(make) { make in
      var compute: () -> UnsafeMutableRawPointer? = {
        Unmanaged.passRetained(make()).toOpaque()
      }
      var result: UnsafeMutableRawPointer?
      let status = withUnsafeMutablePointer(to: &compute) { compute in
        dck_cache_get_or_compute(
          table, id, namespace,
          { _, _, info in
            info!.assumingMemoryBound(to: (() -> UnsafeMutableRawPointer?).self).pointee()
          },
          compute, &result)
      }
      precondition(
        status == DCK_CACHE_FOUND || status == DCK_CACHE_COMPUTED,
        "swift-dependencies: internal error: accessor registry status \(status.rawValue)")
      return Unmanaged.fromOpaque(result!)
    }
  }

  /// The accessor of `keyPath`, and the object that keeps it alive when the registry does not (past
  /// `keyPathLimit`).
  static func accessor<Value>(for keyPath: KeyPath<DependencyValues, Value> & Sendable) -> (
    accessor: Unmanaged<_DependencyAccessor<Value>>, owner: _DependencyAccessor<Value>?
  ) {
    let id = UInt(bitPattern: ObjectIdentifier(keyPath))
    if let pointer = dck_cache_get(table, id, keyPaths) {
      return (Unmanaged.fromOpaque(pointer), nil)
    }
    guard dck_cache_count(table) < keyPathLimit else {
      let accessor = _KeyPathResolution(keyPath).accessor
      return (Unmanaged.passUnretained(accessor), accessor)
    }
    // The registry holds the accessor, and with it the key path, for the rest of the process: the
    // key path's address can never be reused by another key path.
    return (register(id, in: keyPaths) { _KeyPathResolution(keyPath).accessor }, nil)
  }
}
