/// The collection of dependencies in effect: every override of the current scope, the context, and
/// the cache of default values.
///
/// Register a dependency by extending `DependencyValues` with a computed property that reads and
/// writes its key:
///
/// ```swift
/// extension DependencyValues {
///   var numberFact: NumberFact {
///     get { self[NumberFact.self] }
///     set { self[NumberFact.self] = newValue }
///   }
/// }
/// ```
///
/// Read it with ``Dependency``, and override it for a scope with
/// ``withDependencies(_:operation:)``:
///
/// ```swift
/// withDependencies {
///   $0.numberFact.fetch = { "\($0) is a test number." }
/// } operation: {
///   // every read of \.numberFact here, and in tasks started here, sees the override
/// }
/// ```
///
/// Values are cheap to copy and to change: the overrides live in a persistent hash trie, so setting
/// a key costs O(log n) and never copies the others, and a scope is entered by pointer.
///
/// The namespaced spelling of this type is `Dependency.Values`.
public struct DependencyValues: Sendable {
  /// Overrides set in this scope (or by `withDependencies` around it).
  @usableFromInline var _storage: _TrieRoot
  /// The context defaults are resolved in.
  @usableFromInline var _context: DependencyContext {
    didSet { _contextIsOverridden = true }
  }
  /// Whether `_context` was set explicitly rather than inherited from the detected one.
  @usableFromInline var _contextIsOverridden = false
  /// The cache default values are served from.
  @usableFromInline var _cache: _LiveValueCache
  /// When set, records the name of every key assigned through the subscript (`prepareDependencies`).
  @usableFromInline var _assignedKeys: _AssignedKeys?
  /// True while `withDependencies`' update closure runs: a read there (including the read a key-path
  /// assignment makes before it writes) is part of setting a value, so a strict key does not fail.
  @usableFromInline var _isUpdating = false

  /// The values of the current scope.
  @TaskLocal public static var _current = DependencyValues._root

  init(storage: _TrieRoot, context: DependencyContext, cache: _LiveValueCache) {
    self._storage = storage
    self._context = context
    self._cache = cache
  }

  /// Creates values with no overrides, in the detected context, served from the current cache.
  ///
  /// Assigning a fresh value to the dependencies of a scope discards every override around it:
  ///
  /// ```swift
  /// withDependencies {
  ///   $0 = DependencyValues()
  /// } operation: {
  ///   // only default values here
  /// }
  /// ```
  public init() {
    self.init(storage: .empty, context: .detected, cache: DependencyValues._current._cache)
  }

  /// Reads or overrides the dependency for `key`.
  ///
  /// A read returns, in order: this scope's override; the value captured by the `@Dependency`
  /// doing the read (see `_ReadFrame`); the key's default value for the context, computed once and
  /// cached.
  @inlinable
  public subscript<Key: TestDependencyKey>(
    key: Key.Type,
    fileID fileID: StaticString = #fileID,
    filePath filePath: StaticString = #filePath,
    line line: UInt = #line,
    column column: UInt = #column
  ) -> Key.Value {
    get {
      let frame = _ReadFrame.current
      return withUnsafePointer(to: self) { values in
        DependencyValues._resolve(
          Key.self, in: values,
          captured: frame?.pointee.captured,
          capturedContext: frame?.pointee.capturedContext,
          site: frame?.pointee.site
            ?? _ReadSite(fileID: fileID, filePath: filePath, line: line, column: column))
      }
    }
    set {
      let id = _KeyIdentity(Key.self)
      _storage = _storage.inserting(id, _DependencyBox(newValue))
      _assignedKeys?.record(id, Key.self)
    }
  }
}

extension DependencyValues {
  /// Resolves `Key`: the override in `values`, then the one in `captured` (the values a reading
  /// `@Dependency` captured), then the cached default for the context. Specialised at each call site;
  /// no copies of the values, no reference counting, no allocation unless a default is computed.
  @inlinable @inline(__always)
  static func _resolve<Key: TestDependencyKey>(
    _ key: Key.Type,
    in values: UnsafePointer<DependencyValues>,
    captured: Unmanaged<_TrieRoot>?,
    capturedContext: DependencyContext?,
    site: @autoclosure () -> _ReadSite
  ) -> Key.Value {
    let id = _KeyIdentity(Key.self)
    if let pointer = values.pointee._storage.lookup(id) {
      return _DependencyBox<Key.Value>.value(at: pointer)
    }
    if let captured, let pointer = captured._withUnsafeGuaranteedRef({ $0.lookup(id) }) {
      return _DependencyBox<Key.Value>.value(at: pointer)
    }
    var context = values.pointee._context
    if !values.pointee._contextIsOverridden, let capturedContext {
      context = capturedContext
    }
    if let pointer = values.pointee._cache.resolved.lookup(id, context) {
      return _DependencyBox<Key.Value>.value(at: pointer)
    }
    return values.pointee._computeDefault(
      Key.self, id, context: context, captured: captured?.takeUnretainedValue(), site: site())
  }
}

/// Where a dependency was read: carried into failure messages.
@usableFromInline
struct _ReadSite: Sendable {
  @usableFromInline let fileID: StaticString
  @usableFromInline let filePath: StaticString
  @usableFromInline let line: UInt
  @usableFromInline let column: UInt

  @inlinable
  init(fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
  }
}

extension DependencyValues {
  /// Values for one isolated test: no overrides, the test context, and a cache of default values of
  /// its own, so stateful defaults and `prepareDependencies` start fresh. Used by the test-support
  /// traits and test cases.
  public static func _isolatedForTesting() -> DependencyValues {
    DependencyValues(storage: .empty, context: .test, cache: _LiveValueCache())
  }
}
