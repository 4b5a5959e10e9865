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
///
/// Clients see it: the inlined `@Dependency(Key.self)` makes one, the inlined read calls it.
@usableFromInline
typealias _KeyRead =
  (
    UnsafePointer<DependencyValues>, OpaquePointer?, DependencyContext?, _ReadSite,
    UnsafeMutableRawPointer
  ) -> Void

/// A function that applies a key path of `DependencyValues` (the fallback of `_DependencyAccessor`).
///
/// Clients see it: the inlined read calls it for a key path whose getter was not found.
@usableFromInline
typealias _Getter<Value> = @Sendable (DependencyValues) -> Value

/// How a `@Dependency` reaches its value: one object per key type (`@Dependency(Key.self)`) and per
/// key-path object (`@Dependency(\.key)`), shared by every property that reads it.
///
/// A property refers to its accessor without a strong reference (`Unmanaged`), so that copying the
/// property — which Swift does on every read of a `@Dependency var` stored in a class — writes to no
/// shared reference count. That is sound because registered accessors live for the rest of the
/// process: the registry (`_AccessorRegistry`) holds them, and never lets go. An accessor the
/// registry does not hold (past its limit, or a test-only spelling) is kept alive by the property's
/// `owner`.
///
/// Every read runs the code the property names, every time: the key's resolution for a key type;
/// for a key path, the getter of the `DependencyValues` property it names (called directly, see
/// `_KeyPathGetter`), or the key path applied as Swift applies it. Nothing is learned from one read
/// for the next.
///
/// Clients see it: the inlined read of a property goes through its accessor (`value(_:_:_:_:)`).
@usableFromInline
final class _DependencyAccessor<Value>: @unchecked Sendable {
  // @unchecked Sendable: every field is immutable; `read` captures only immutable, thread-safe
  // state (see `_KeyRead`), `get` is `@Sendable`, and `getter` names memory of a key path object
  // that this accessor (through `get`) keeps alive.
  //
  // Neither closure is optional on purpose: a closure inside an `Optional` is stored at the most
  // general abstraction, and calling it goes through a reabstraction thunk allocated on every read.

  /// For a key type: the read, specialised for the key where it was formed. It initialises a
  /// `Value`. For a key path: never called.
  @usableFromInline let read: _KeyRead
  /// For a key path whose getter was found (see `_KeyPathGetter`): that getter, called with the
  /// reading property's captured values and site in the thread's read frame. Nil otherwise.
  @usableFromInline let getter: _KeyPathGetter?
  /// For a key path: the key path applied as Swift applies it, used when `getter` is nil. For a key
  /// type: never called.
  @usableFromInline let get: _Getter<Value>
  /// Whether `read` is the read (a key type) rather than `getter` or `get` (a key path).
  @usableFromInline let readsKey: Bool
  /// What its properties name, for the dependency graph: recorded when a default's computation
  /// creates one (see `_DeclaredDependency`). Never read by a read.
  let declared: _DeclaredDependency

  /// An accessor that reads `key` with `read`.
  @usableFromInline
  init(key: _KeyIdentity, read: @escaping _KeyRead) {
    self.readsKey = true
    self.read = read
    self.getter = nil
    self.get = { _ in fatalError("swift-dependencies: internal error: a key type's getter ran") }
    self.declared = .key(key)
  }

  /// An accessor that runs `keyPath`'s getter on every read: directly when its getter can be found,
  /// through `subscript(keyPath:)` otherwise.
  convenience init(keyPath: KeyPath<DependencyValues, Value> & Sendable) {
    self.init(
      get: { $0[keyPath: keyPath] }, getter: _KeyPathGetter.of(keyPath),
      declaring: keyPath)
  }

  /// An accessor that runs `get` on every read, or `getter` instead when there is one; its
  /// properties name the key `keyPath` sets.
  init<Declared>(
    get: @escaping _Getter<Value>, getter: _KeyPathGetter? = nil,
    declaring keyPath: KeyPath<DependencyValues, Declared> & Sendable
  ) {
    self.readsKey = false
    self.read = { _, _, _, _, _ in
      fatalError("swift-dependencies: internal error: a key path's key read ran")
    }
    self.getter = getter
    self.get = get
    self.declared = _DeclaredKeyPath(keyPath).map { .keyPath($0) } ?? .none
  }

  /// Reads the dependency: runs the key's read, or the key path's getter with `captured`,
  /// `capturedContext` and `site` published in the thread's read frame for the key subscripts it
  /// calls.
  @inlinable @inline(__always)
  func value(
    _ values: UnsafePointer<DependencyValues>, _ captured: OpaquePointer?,
    _ capturedContext: DependencyContext?, _ site: _ReadSite
  ) -> Value {
    if readsKey {
      return Self.call(read, values, captured, capturedContext, site)
    }
    var frame = _ReadFrame(captured: captured, capturedContext: capturedContext, site: site)
    return withUnsafeMutablePointer(to: &frame) { frame in
      _ReadFrame.with(frame) {
        if let getter {
          return getter.value(of: values, as: Value.self)
        }
        return _ReadFrame.applying(get, to: values)
      }
    }
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
/// by the key's metatype or the key path's object. It is a C live-value
/// cache (`dck_cache`) that is never destroyed: a lookup is a per-thread memo hit or a lock-free
/// table read, and creation is exactly-once per key.
///
/// Clients see it: the inlined `@Dependency(Key.self)` finds its key's accessor here.
@usableFromInline
enum _AccessorRegistry {
  /// Namespaces of the table's keys.
  @usableFromInline static let keyTypes: UInt32 = 0

  /// The table. Created once, never destroyed; safe for concurrent use. Immutable after
  /// initialisation, hence `nonisolated(unsafe)`.
  @usableFromInline nonisolated(unsafe) static let table: OpaquePointer = registry.handle

  /// The table, as the registry computes in it.
  static let registry = _CacheTable()

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

  /// The accessor registered under `id` in `namespace`, made by `make` unless another thread or
  /// an earlier call registered one.
  @usableFromInline
  static func register<Value>(
    _ id: UInt, in namespace: UInt32, make: () -> _DependencyAccessor<Value>
  ) -> Unmanaged<_DependencyAccessor<Value>> {
    let lookup = registry.value(for: id, namespace) { () -> _CacheTable.Computed<Never> in
      .box(Unmanaged.passRetained(make()).toOpaque())
    }
    guard case .value(let accessor) = lookup else {
      // Never retired; making an accessor reads no accessor.
      preconditionFailure("swift-dependencies: internal error: accessor registry: \(lookup)")
    }
    return Unmanaged.fromOpaque(accessor)
  }
}
