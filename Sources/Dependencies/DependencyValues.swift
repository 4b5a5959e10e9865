import CDependencies

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
/// ``withDependencies(_:operation:)-3roia``:
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
/// a key adds one small node (O(log n) when the key was already overridden further out) and never
/// copies the others, and a scope is entered by pointer.
///
/// The namespaced spelling of this type is `Dependency.Values`.
public struct DependencyValues: Sendable {
  // Values are copied on every scope entry, and every thread entering a scope copies the same ones:
  // each counted reference in here is a write to memory those threads share. So the process-wide
  // defaults (the empty root, the process's cache) are not held by reference (they live forever),
  // and reads go through the C handles kept beside the owners, never through the owners themselves.

  /// The overrides set in this scope (or by `withDependencies` around it).
  @usableFromInline var _overrides: _Overrides
  /// The context defaults are resolved in.
  @usableFromInline var _context: DependencyContext {
    didSet { _modes.contextIsSet = true }
  }
  /// Where default values are found.
  @usableFromInline var _defaults: _Defaults
  /// How these values are being used (whether the context was set, whether they are being set,
  /// what they report to).
  @usableFromInline var _modes = _Modes()

  /// The cache default values of these values are kept in: their own; or the process's, which a
  /// test process routes to the running test's cache (`_TestCaches.processCache`); for the values
  /// a default is computed in, the cache it is computed for (reads through them go to the
  /// computation, see `_resolveDefault`), or a cache of their own once that one is gone, so that a
  /// write from what a released test left running reaches no other test's cache.
  var _cache: _LiveValueCache {
    get {
      if let computation = _modes.computation { return computation.cache ?? _LiveValueCache() }
      return _defaults.cache ?? _TestCaches.processCache
    }
    set { _defaults = _Defaults(newValue) }
  }

  /// Whether these values read the process's cache in a test process, each read going to the
  /// running test's (`_TestCaches.processCache`).
  var _readsTheRunningTestsCache: Bool {
    _defaults.cache == nil && _modes.computation == nil && _TestCaches.routesProcessCache
  }

  /// The values of the current scope.
  @TaskLocal public static var _current = DependencyValues._root

  init(overrides: _Scope?, context: DependencyContext, cache: _LiveValueCache) {
    self._overrides = _Overrides(overrides)
    self._context = context
    self._defaults = _Defaults(cache)
  }

  /// Creates values with no overrides, in the detected context, with a fresh cache of default
  /// values.
  ///
  /// Assigning fresh values to the dependencies of a scope discards every override around it, and
  /// every default value computed so far is computed again inside the scope:
  ///
  /// ```swift
  /// withDependencies {
  ///   $0 = DependencyValues()
  /// } operation: {
  ///   // only default values here
  /// }
  /// ```
  public init() {
    self.init(overrides: nil, context: .detected, cache: _LiveValueCache())
  }

  /// Fresh values in the live context: no overrides, and a fresh cache of default values, so every
  /// read returns its key's `liveValue`.
  ///
  /// ```swift
  /// @Test func liveClient() async throws {
  ///   try await withDependencies { $0 = .live } operation: {
  ///     // reads resolve live values here
  ///   }
  /// }
  /// ```
  public static var live: DependencyValues { DependencyValues(context: .live) }

  /// Fresh values in the preview context: no overrides, and a fresh cache of default values.
  ///
  /// ```swift
  /// withDependencies { $0 = .preview } operation: { … }
  /// ```
  public static var preview: DependencyValues { DependencyValues(context: .preview) }

  /// Fresh values in the test context: no overrides, and a fresh cache of default values, so
  /// stateful test values start over.
  ///
  /// ```swift
  /// withDependencies { $0 = .test } operation: { … }
  /// ```
  public static var test: DependencyValues { DependencyValues(context: .test) }

  /// Fresh values in `context`, with a fresh cache.
  init(context: DependencyContext) {
    self.init(overrides: nil, context: context, cache: _LiveValueCache())
    self._modes.contextIsSet = true
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
    column column: UInt = #column,
    function function: StaticString = #function
  ) -> Key.Value {
    get {
      // The values are read where they are, borrowed: taking their address would copy them.
      let frame = _ReadFrame.current
      return Self._resolve(
        Key.self, in: self, captured: frame?.pointee.captured,
        capturedContext: frame?.pointee.capturedContext,
        site: (frame?.pointee.site
          ?? _ReadSite(fileID: fileID, filePath: filePath, line: line, column: column))
          .through(property: function))
    }
    set {
      let id = _KeyIdentity(Key.self)
      _insert(id, newValue)
      if _modes.isPreparing { _recordAssignment(id, Key.self, property: function) }
    }
  }
}

extension DependencyValues {
  /// The context defaults resolve in for a read of these values: the one set in the scope; else the
  /// one captured by the reading `@Dependency`; else the one `prepareDependencies` set for `cache`;
  /// else the detected one.
  func _resolvedContext(captured: DependencyContext?, cache: _LiveValueCache) -> DependencyContext {
    if _modes.contextIsSet { return _context }
    if let captured { return captured }
    return cache.preparedContext ?? _context
  }
}

extension DependencyValues {
  /// Makes the overrides of the current scope the ones its test started with (a test trait's):
  /// defaults computed from them are cached for the whole test rather than for one scope of it.
  /// Called by the test-support traits once their overrides are in place.
  package static func _adoptCurrentOverridesAsTestBaseline() {
    let current = _currentPointer.pointee
    current._cache.baseline = current._overrides.scope
  }
}
