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
  // defaults (the empty root, the shared cache) are not held by reference (they live forever), and
  // reads go through the C handles kept beside the owners, never through the owners themselves.

  /// The scope whose overrides these are (the owner of `_storageHandle`), or nil for the shared
  /// empty root.
  @usableFromInline var _scope: _Scope?
  /// The C handle of the overrides set in this scope (or by `withDependencies` around it): reads
  /// look keys up through it without touching the owner's reference count.
  @usableFromInline var _storageHandle: _BorrowedHandle
  /// The context defaults are resolved in.
  @usableFromInline var _context: DependencyContext {
    didSet { _contextIsOverridden = true }
  }
  /// Whether `_context` was set explicitly rather than inherited from the detected one.
  @usableFromInline var _contextIsOverridden = false
  /// The owner of the cache default values are served from, or nil for the process's shared cache.
  var _cacheOwner: _LiveValueCache?
  /// That cache's C handle when reads can use it directly (nil for the root cache of a test
  /// process, which routes each read to the running test's cache).
  @usableFromInline var _cacheHandle: _BorrowedHandle?
  /// True while `withDependencies`' update closure runs: a read there (including the read a key-path
  /// assignment makes before it writes) is part of setting a value, so a strict key does not fail.
  @usableFromInline var _isUpdating = false
  /// True for the values a default is computed in (their cache is a view of a
  /// `_DefaultComputation`): an override a read finds is reported to the computation.
  @usableFromInline var _recordsReads = false
  /// When set, records the name of every key assigned through the subscript (`prepareDependencies`).
  @usableFromInline var _assignedKeys: _AssignedKeys?

  /// Overrides set in this scope (or by `withDependencies` around it).
  var _storage: _Scope {
    get { _scope ?? .empty }
    set {
      _scope = newValue === _Scope.empty ? nil : newValue
      _storageHandle = _BorrowedHandle(newValue.handle)
    }
  }

  /// Sets `key` to `box`, a box no root holds yet, in the overrides: a new scope on top of the
  /// current one (see `_Scope.init(inserting:taking:into:)`), adopted without reading `_storage`
  /// (whose getter and setter would retain and compare owners).
  ///
  /// `box` is a +1 reference the new root takes over (`Unmanaged.passRetained` of a new box).
  @usableFromInline
  mutating func _insert(_ key: _KeyIdentity, taking box: Unmanaged<AnyObject>) {
    let scope = _Scope(inserting: key, taking: box, into: _scope)
    _storageHandle = _BorrowedHandle(scope.handle)
    _scope = consume scope
  }

  /// Sets `key` to `value` in the overrides: a new scope on top of the current one that carries the
  /// value itself when it fits (`_ValueScope`), else one with a box of its own.
  ///
  /// Inlinable, so that it is specialized where a key is set: the value is moved into the scope by
  /// code that knows its type.
  @inlinable
  mutating func _insert<Value: Sendable>(_ key: _KeyIdentity, _ value: __owned Value) {
    guard _OwnValueStorage.fits(Value.self) else {
      return _insert(key, taking: Unmanaged<AnyObject>.passRetained(_DependencyBox(value)))
    }
    let scope = _ValueScope.setting(key, to: value, in: _scope)
    _storageHandle = _BorrowedHandle(scope.handle)
    _scope = consume scope
  }

  /// The cache default values are served from.
  var _cache: _LiveValueCache {
    get { _cacheOwner ?? .shared }
    set {
      _cacheOwner = newValue === _LiveValueCache.shared ? nil : newValue
      _cacheHandle = newValue.directHandle.map(_BorrowedHandle.init)
    }
  }

  /// Tells caches apart without touching their reference counts: the cache's handle, or nil for the
  /// shared cache of a test process (the only cache without a direct handle).
  @inlinable
  var _cacheIdentity: OpaquePointer? { _cacheHandle?.pointer }

  /// The values of the current scope.
  @TaskLocal public static var _current = DependencyValues._root

  init(storage: _Scope, context: DependencyContext, cache: _LiveValueCache) {
    self._storageHandle = _BorrowedHandle(storage.handle)
    self._context = context
    self._storage = storage
    self._cache = cache
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
    self.init(storage: .empty, context: .detected, cache: _LiveValueCache())
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
    self.init(storage: .empty, context: context, cache: _LiveValueCache())
    self._contextIsOverridden = true
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
      // `self` is read field by field, never copied as a whole (a copy retains its owners).
      let frame = _ReadFrame.current
      let captured = frame?.pointee.captured
      let id = _KeyIdentity(Key.self)
      if let found = Self._find(
        id, storage: _scope == nil ? nil : _storageHandle.pointer, captured: captured,
        cache: _cacheHandle?.pointer,
        context: _contextIsOverridden ? _context : frame?.pointee.capturedContext,
        unlessPrepared: _context)
      {
        if found.isOverride, _recordsReads { _recordOverrideRead(id, found.box) }
        return _DependencyBox<Key.Value>.value(at: found.box)
      }
      return _resolveDefault(
        Key.self, id, captured: captured, capturedContext: frame?.pointee.capturedContext,
        site: (frame?.pointee.site
          ?? _ReadSite(fileID: fileID, filePath: filePath, line: line, column: column))
          .through(property: function))
    }
    set {
      let id = _KeyIdentity(Key.self)
      _insert(id, newValue)
      _assignedKeys?.record(id, Key.self, property: function)
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
    captured: OpaquePointer?,
    capturedContext: DependencyContext?,
    site: @autoclosure () -> _ReadSite
  ) -> Key.Value {
    // Everything here goes through borrowed C handles: no reference count is touched, so threads
    // reading the same scope or the same model write to no memory they share.
    let id = _KeyIdentity(Key.self)
    if let found = _find(
      id,
      storage: values.pointee._scope == nil ? nil : values.pointee._storageHandle.pointer,
      captured: captured, cache: values.pointee._cacheHandle?.pointer,
      context: values.pointee._contextIsOverridden ? values.pointee._context : capturedContext,
      unlessPrepared: values.pointee._context)
    {
      if found.isOverride, values.pointee._recordsReads {
        values.pointee._recordOverrideRead(id, found.box)
      }
      return _DependencyBox<Key.Value>.value(at: found.box)
    }
    return values.pointee._resolveDefault(
      Key.self, id, captured: captured, capturedContext: capturedContext, site: site())
  }

  /// The box of `key`'s value that a read finds without computing anything: the override in
  /// `storage` (nil for the empty root: no call), then the one in the scope `captured` (a `_Scope`
  /// passed unretained, see `_Scope.handle(at:)`), then the default
  /// cached in `cache` (a direct handle) for `context`, or — when the read sets none — for the
  /// context `prepareDependencies` set for the cache, else `unlessPrepared`. `isOverride` tells the
  /// first two from the last. Nil: the read must go to `_resolveDefault`.
  @inlinable @inline(__always)
  static func _find(
    _ id: _KeyIdentity, storage: OpaquePointer?, captured: OpaquePointer?, cache: OpaquePointer?,
    context: DependencyContext?, unlessPrepared detected: DependencyContext
  ) -> (box: UnsafeMutableRawPointer, isOverride: Bool)? {
    if let storage, let box = _TrieRoot.lookup(id, in: storage) { return (box, true) }
    if let captured, let box = _TrieRoot.lookup(id, in: _Scope.handle(at: captured)) {
      return (box, true)
    }
    if let cache {
      let box =
        if let context {
          _LiveValueCache.lookup(id, context, in: cache)
        } else {
          dck_cache_get_in_set_context(cache, id.raw, detected._rawValue)
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
    _cacheOwner?.computation?.recordOverride(key, pointer)
  }

  /// The context defaults resolve in for a read of these values: the one set in the scope; else the
  /// one captured by the reading `@Dependency`; else the one `prepareDependencies` set for `cache`;
  /// else the detected one.
  func _resolvedContext(captured: DependencyContext?, cache: _LiveValueCache) -> DependencyContext {
    if _contextIsOverridden { return _context }
    if let captured { return captured }
    return cache.preparedContext ?? _context
  }
}

/// Where a dependency was read: carried into failure messages.
// @frozen: inlined reads (in clients too) build it from the reading property's fields.
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
    current._cache.resolved.baseline = current._storage
  }
}
