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
/// ``withDependencies(_:operation:)-(_,()->R)``:
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
  /// Values captured by a `@Dependency` where it was created; consulted after `_storage`.
  @usableFromInline var _captured: _TrieRoot?
  /// The context defaults are resolved in.
  @usableFromInline var _context: DependencyContext {
    didSet { _contextIsOverridden = true }
  }
  /// Whether `_context` was set explicitly rather than inherited from the detected one.
  @usableFromInline var _contextIsOverridden = false
  /// The cache default values are served from.
  @usableFromInline var _cache: _LiveValueCache
  /// Where the read in progress happened, for failure messages (set by `@Dependency`).
  @usableFromInline var _readSite: _ReadSite?
  /// When set, records the name of every key assigned through the subscript (`prepareDependencies`).
  var _assignedKeys: _AssignedKeys?
  /// True while `withDependencies`' update closure runs: a read there (including the read a key-path
  /// assignment makes before it writes) is part of setting a value, so a strict key does not fail.
  @usableFromInline var _isUpdating = false

  /// The values of the current scope.
  @TaskLocal public static var _current = DependencyValues(
    storage: .empty, context: .detected, cache: .shared)

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
  /// doing the read; the key's default value for the current context, computed once and cached.
  public subscript<Key: TestDependencyKey>(
    key: Key.Type,
    fileID fileID: StaticString = #fileID,
    filePath filePath: StaticString = #filePath,
    line line: UInt = #line,
    column column: UInt = #column
  ) -> Key.Value {
    get {
      let id = _KeyIdentity(Key.self)
      if let pointer = _storage.lookup(id) {
        return _DependencyBox<Key.Value>.value(at: pointer)
      }
      if let captured = _captured, let pointer = captured.lookup(id) {
        return _DependencyBox<Key.Value>.value(at: pointer)
      }
      if let pointer = _cache.lookup(id, _context) {
        return _DependencyBox<Key.Value>.value(at: pointer)
      }
      return _computeDefault(
        Key.self, id,
        site: _readSite
          ?? _ReadSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }
    set {
      let id = _KeyIdentity(Key.self)
      _storage = _storage.inserting(id, _DependencyBox(newValue))
      _assignedKeys?.record(id, Key.self)
    }
  }

  /// A copy whose reads fall back to `captured` where this scope has no override.
  @usableFromInline
  func _falling(back captured: DependencyValues, site: _ReadSite) -> DependencyValues {
    var values = self
    values._readSite = site
    if captured._storage !== _storage && !captured._storage.isEmpty {
      values._captured = captured._storage
    }
    if captured._contextIsOverridden && !_contextIsOverridden {
      values._context = captured._context
    }
    return values
  }

  /// These values with `other`'s overrides on top (`other` wins), merged by pointer.
  func merging(_ other: DependencyValues) -> DependencyValues {
    var values = self
    values._storage = _storage.merging(other._storage)
    if other._contextIsOverridden { values._context = other._context }
    return values
  }
}

/// Where a dependency was read: carried into failure messages.
@usableFromInline
struct _ReadSite: Sendable {
  let fileID: StaticString
  let filePath: StaticString
  let line: UInt
  let column: UInt

  @usableFromInline
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
