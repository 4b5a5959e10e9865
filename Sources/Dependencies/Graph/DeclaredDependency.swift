// What a default's computation declares: the `@Dependency` properties it creates, which the
// closures it returns may read later (the classic pattern):
//
//     static var liveValue: SessionStore {
//       @Dependency(\.database) var database       // declared now, read later
//       return SessionStore(load: { try await database.fetch($0) })
//     }
//
// A read of such a property is served like any other, on the fast path, and records nothing: what
// the graph and the shutdown order know of it is recorded when the property is created, on the
// computation's thread while it runs (`Dependency.init`, `_DefaultComputation.declare`). That is
// the key the property names — known at once for `@Dependency(Key.self)` — or its key path, whose
// key is found when a graph or a shutdown needs it: the property's setter is called with a value
// of its type that the cache holds, in values of its own, and the key it sets is the key
// (`_DeclaredKeyPath`). No getter runs, so no default is computed to find it.

/// What a `@Dependency` property names, as the computation that created it records it (see above):
/// the key of `@Dependency(Key.self)`, or the key path of `@Dependency(\.key)`; nothing for a key
/// path whose key cannot be found this way (one without a setter of its own, or through several
/// properties, such as `\.date.now`).
enum _DeclaredDependency: Sendable {
  case key(_KeyIdentity)
  case keyPath(_DeclaredKeyPath)
  case none

  /// The keys, as far as they are known: those a key path's setter sets, once found.
  var keys: [_KeyIdentity] {
    switch self {
    case .key(let key): [key]
    case .keyPath(let keyPath): keyPath.keys ?? []
    case .none: []
    }
  }

  /// The declaration of a key path whose keys were not found yet.
  var unresolved: _DeclaredKeyPath? {
    if case .keyPath(let keyPath) = self, keyPath.keys == nil { keyPath } else { nil }
  }

  /// Whether both name the same key, or the same key path.
  func isSame(as other: _DeclaredDependency) -> Bool {
    switch (self, other) {
    case (.key(let key), .key(let otherKey)): key.raw == otherKey.raw
    case (.keyPath(let keyPath), .keyPath(let otherKeyPath)): keyPath === otherKeyPath
    default: false
    }
  }
}

/// What the `@Dependency` properties one computation created name, once each, less the keys it read
/// while it ran: a key it read is its read, whatever the read found (a cached value, which is an
/// edge of its own; an override, which is no value of the cache's).
struct _Declarations: Sendable {
  /// What the properties name, in the order they were created.
  private(set) var all: [_DeclaredDependency] = []
  /// The keys the computation read (`_DefaultReads`), once it has returned, while a key path's
  /// keys may still be found among them.
  private var keysRead: [UInt] = []

  /// Adds what a property names, unless an earlier one named it.
  mutating func add(_ declared: _DeclaredDependency) {
    if case .none = declared { return }
    guard !all.contains(where: { $0.isSame(as: declared) }) else { return }
    all.append(declared)
  }

  /// Takes out the keys the computation read, `keysRead` (raw identities), when it returns.
  mutating func close(keysRead: [UInt]) {
    all.removeAll { if case .key(let key) = $0 { keysRead.contains(key.raw) } else { false } }
    let hasKeyPaths = all.contains { if case .keyPath = $0 { true } else { false } }
    self.keysRead = hasKeyPaths ? keysRead : []
  }

  /// The keys the properties name and the computation did not read, as far as they are known.
  var keys: [_KeyIdentity] {
    all.flatMap(\.keys).filter { !keysRead.contains($0.raw) }
  }

  /// The declarations of key paths whose keys were not found yet.
  var unresolved: [_DeclaredKeyPath] { all.compactMap(\.unresolved) }
}

/// The key path of `@Dependency(\.key)` properties, once per key path (its accessor holds it for
/// the life of the process), and the keys its property's setter sets, found once.
///
/// Finding them needs a value of the property's type: the setter is called with one, taken from a
/// value the cache holds, in values of its own whose assignments are recorded (as
/// `prepareDependencies` records them), and what it assigned is the answer, for good. Until the
/// cache holds a value of that type, the keys stay unknown, and no value of them is in the cache
/// for an edge to point to.
final class _DeclaredKeyPath: Sendable {
  /// The keys the setter sets, once found.
  private let found = _Locked<[_KeyIdentity]?>(nil)
  /// The property's value type.
  private let valueType: Any.Type
  /// Calls the setter with the value of a box whose value has the property's type (borrowed), in
  /// values of its own, and returns the keys it set.
  private let probe: @Sendable (_AnyDependencyBox) -> [_KeyIdentity]

  /// The declaration of `keyPath`, or nil when it has no setter to call (see `_KeyPathSetter`).
  init?<Value>(_ keyPath: KeyPath<DependencyValues, Value> & Sendable) {
    guard let setter = _KeyPathSetter(keyPath) else { return nil }
    valueType = Value.self
    probe = { box in
      // A fresh root, on the process's cache: the setter only inserts into the overrides.
      var values = DependencyValues(overrides: nil, context: .live, cache: .shared)
      let assigned = _AssignedKeys(in: nil)
      values._modes.record(assignedKeys: assigned)
      withExtendedLifetime(keyPath) { setter.set(box.boxedValue as! Value, in: &values) }
      return assigned.keys.map(\.id)
    }
  }

  /// The keys the property's setter sets, or nil until they are found.
  var keys: [_KeyIdentity]? { found.withLock { $0 } }

  /// Finds the keys, if they are not known yet, with the first of `boxes` whose value has the
  /// property's type; nothing happens when none has. `boxes` are borrowed: the caller keeps them
  /// alive. Runs the property's setter (user code): never under a lock of the library's.
  func resolve(among boxes: [_AnyDependencyBox]) {
    guard keys == nil,
      let box = boxes.first(where: {
        ObjectIdentifier(type(of: $0).valueType) == ObjectIdentifier(valueType)
      })
    else { return }
    let keys = probe(box)
    found.withLock { $0 = keys }
  }
}

/// The value type of a box of any type, and its value (for the dependency graph; a dynamic cast).
private protocol _BoxedValue {
  static var boxedValueType: Any.Type { get }
  var carriedValue: Any { get }
}

extension _DependencyBox: _BoxedValue {
  fileprivate static var boxedValueType: Any.Type { Value.self }
  fileprivate var carriedValue: Any { value }
}

extension _AnyDependencyBox {
  /// The type of the value a box of this type carries.
  static var valueType: Any.Type {
    (self as? any _BoxedValue.Type)?.boxedValueType ?? Any.self
  }

  /// The value the box carries, as `Any`.
  fileprivate var boxedValue: Any {
    (self as? any _BoxedValue)?.carriedValue ?? ()
  }
}

extension _LiveValueCache {
  /// Finds the keys of the key paths that properties created by the computations of this cache's
  /// values name, where they are not known yet, with the values this cache holds (see
  /// `_DeclaredKeyPath`): before a graph is taken or a shutdown planned, which read them. The
  /// setters run outside the cache's lock; the values are the cache's (alive while it lives).
  func resolveDeclaredKeyPaths() {
    let (unresolved, boxes) = state.withLock { state in
      let unresolved =
        state.lifecycle.nodes.flatMap(\.declared.unresolved)
        + state.graph.kept.values.flatMap(\.declared.unresolved)
      return (unresolved, state.lifecycle.nodes.map(\.box))
    }
    guard !unresolved.isEmpty else { return }
    withExtendedLifetime(self) {
      let values = boxes.map {
        Unmanaged<_AnyDependencyBox>.fromOpaque(UnsafeRawPointer(bitPattern: $0)!)
          .takeUnretainedValue()
      }
      var seen: Set<ObjectIdentifier> = []
      for declaration in unresolved where seen.insert(ObjectIdentifier(declaration)).inserted {
        declaration.resolve(among: values)
      }
    }
  }
}
