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

  /// Sets `key` to `box`, a box no root holds yet, in the overrides: a new scope on top of the
  /// current one (see `_Scope.init(inserting:taking:into:)`).
  ///
  /// `box` is a +1 reference the new root takes over (`Unmanaged.passRetained` of a new box).
  @usableFromInline
  mutating func _insert(_ key: _KeyIdentity, taking box: Unmanaged<AnyObject>) {
    _overrides = _Overrides(_Scope(inserting: key, taking: box, into: _overrides.scope))
  }

  /// Sets `key` to `value` in the overrides: a new scope on top of the current one that carries the
  /// value itself when it fits (`_Scope.setting(_:to:in:)`), else one with a box of its own.
  ///
  /// Inlinable, so that it is specialized where a key is set: the value is moved into the scope by
  /// code that knows its type.
  @inlinable
  mutating func _insert<Value: Sendable>(_ key: _KeyIdentity, _ value: __owned Value) {
    guard _OwnValueStorage.fits(Value.self) else {
      return _insert(key, taking: Unmanaged<AnyObject>.passRetained(_DependencyBox(value)))
    }
    guard _overrides.scope != nil else {
      return _overrides.setFirst(_Scope.settingFirst(key, to: value))
    }
    let scope = _Scope.setting(key, to: value, in: _overrides.scope)
    _overrides.set(consume scope)
  }

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
  /// Resolves `Key` in the values at `values`: their override, then the one in `captured` (the
  /// scope a reading `@Dependency` captured, passed unretained: see `_Scope.handle(at:)`), then the
  /// default cached for the context: the one the values set, else `capturedContext`, else the one
  /// `prepareDependencies` set for the cache, else the detected one. The read of every key, by the
  /// subscript (on its `self`, through the generic entry below) and by `@Dependency(Key.self)`;
  /// specialised at each call site.
  ///
  /// Everything here goes through borrowed C handles: no reference count is touched (the values
  /// are read in place, field by field, never copied), so threads reading the same scope or the
  /// same model write to no memory they share, and nothing is allocated unless a default is
  /// computed (`_resolveDefault`).
  @inlinable @inline(__always)
  static func _resolve<Key: TestDependencyKey>(
    _ key: Key.Type, in values: UnsafePointer<DependencyValues>, captured: OpaquePointer?,
    capturedContext: DependencyContext?, site: @autoclosure () -> _ReadSite
  ) -> Key.Value {
    _resolve(
      Key.self, in: _ValuesAt(values), captured: captured, capturedContext: capturedContext,
      site: site())
  }

  /// `_resolve(_:in:captured:capturedContext:site:)` on the values `values` reads: those at an
  /// address (`_ValuesAt`), or values the caller borrows (the key subscript's `self`). One lookup
  /// for both, specialised for each.
  @inlinable @inline(__always)
  static func _resolve<Key: TestDependencyKey, Values: _ReadValues>(
    _ key: Key.Type, in values: borrowing Values, captured: OpaquePointer?,
    capturedContext: DependencyContext?, site: @autoclosure () -> _ReadSite
  ) -> Key.Value {
    let id = _KeyIdentity(Key.self)
    if let found = _find(id, in: values, captured: captured, capturedContext: capturedContext) {
      if found.isOverride, values._recordsReads {
        values._recordOverrideRead(id, found.box)
      }
      return _DependencyBox<Key.Value>.value(at: found.box)
    }
    return values._resolveDefault(
      Key.self, id, captured: captured, capturedContext: capturedContext, site: site())
  }

  /// The box of `key`'s value that a read of `values` finds without computing anything (see
  /// `_resolve`), and whether it is an override; nil when the read must go to `_resolveDefault`.
  /// The values are read field by field: a method called on them through a pointer would copy
  /// them (retaining their owners).
  @inlinable @inline(__always)
  static func _find<Values: _ReadValues>(
    _ id: _KeyIdentity, in values: borrowing Values, captured: OpaquePointer?,
    capturedContext: DependencyContext?
  ) -> (box: UnsafeMutableRawPointer, isOverride: Bool)? {
    if let overrides = values._overridesHandle,
      let box = dck_trie_get(overrides, id.raw, id.hash)
    {
      return (box, true)
    }
    if let captured, let box = dck_trie_get(_Scope.handle(at: captured), id.raw, id.hash) {
      return (box, true)
    }
    if let cache = values._defaultsHandle {
      let box =
        if values._contextIsSet {
          dck_cache_get(cache, id.raw, values._readContext._rawValue)
        } else if let capturedContext {
          dck_cache_get(cache, id.raw, capturedContext._rawValue)
        } else {
          dck_cache_get_in_set_context(cache, id.raw, values._readContext._rawValue)
        }
      if let box { return (box, false) }
    }
    return nil
  }

  /// The default of `Key` for a read that found no override and no cached default through the
  /// direct handle (see `_resolveDefault(_:_:captured:capturedContext:site:for:)`). `captured` is
  /// the reading property's captured scope, passed unretained (the property holds it).
  @usableFromInline @inline(never)
  func _resolveDefault<Key: TestDependencyKey>(
    _ key: Key.Type, _ id: _KeyIdentity, captured: OpaquePointer?,
    capturedContext: DependencyContext?, site: _ReadSite
  ) -> Key.Value {
    _resolveDefault(
      Key.self, id, captured: captured.map(_Scope.scope(at:)), capturedContext: capturedContext,
      site: site, for: nil)
  }

  /// Records, while a default is computed in these values, that it read the override `pointer` of
  /// `key`.
  @usableFromInline @inline(never)
  func _recordOverrideRead(_ key: _KeyIdentity, _ pointer: UnsafeMutableRawPointer) {
    _modes.computation?.recordOverride(key, pointer)
  }

  /// Records, while `prepareDependencies` sets these values, that `key` was assigned through the
  /// property whose accessor is `property`.
  @usableFromInline @inline(never)
  func _recordAssignment<Key: TestDependencyKey>(
    _ id: _KeyIdentity, _ key: Key.Type, property: StaticString
  ) {
    _modes.assignedKeys?.record(id, Key.self, property: property)
  }

  /// The context defaults resolve in for a read of these values: the one set in the scope; else the
  /// one captured by the reading `@Dependency`; else the one `prepareDependencies` set for `cache`;
  /// else the detected one.
  func _resolvedContext(captured: DependencyContext?, cache: _LiveValueCache) -> DependencyContext {
    if _modes.contextIsSet { return _context }
    if let captured { return captured }
    return cache.preparedContext ?? _context
  }
}

/// Where a dependency was read: carried into failure messages.
///
/// Clients see it (`@frozen`): inlined reads build it from the reading property's fields.
@frozen @usableFromInline
struct _ReadSite: Sendable {
  @usableFromInline let fileID: StaticString
  @usableFromInline let filePath: StaticString
  @usableFromInline let line: UInt
  @usableFromInline let column: UInt
  /// The `DependencyValues` property the read went through (`date` for `@Dependency(\.date)`), or
  /// nil for `@Dependency(Key.self)`.
  @usableFromInline var property: StaticString?

  @inlinable
  init(fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
  }

  /// This site, read through the property whose accessor is `function` (the `#function` of the
  /// subscript's caller: the property's name).
  @inlinable
  func through(property function: StaticString) -> _ReadSite {
    var site = self
    site.property = function
    return site
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
