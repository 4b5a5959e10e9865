extension DependencyValues {
  /// Computes (once per key, context and cache) the default value of a key no scope overrides.
  ///
  /// The default is computed in the scope of the read: a `liveValue` that itself reads dependencies
  /// sees this scope's overrides, then the reading `@Dependency`'s captured values (merged by pointer,
  /// which shares every identical subtree). It is computed with no lock held, exactly once even when
  /// many threads miss together; a default that needs itself is reported as a cycle.
  ///
  /// A default that carries the reader's overrides belongs to that scope, not to everyone: one
  /// whose computation read a value overridden in the reader's scope (or captured by the reading
  /// `@Dependency`), or one that kept those overrides — whatever still holds the computation's
  /// values when it returns: a `@Dependency` property of the value, values escaped with
  /// `withEscapedDependencies`, a task the computation started. (The computation sees its
  /// overrides through an owner of its own, `_TrieRoot(proxying:for:)`, which is then uniquely
  /// referenced unless something kept it, or kept a root built on it — a nested scope's, a merge
  /// with a model's values — which holds it: `_TrieRoot.proxiesBuiltOn`.) Such a default is never cached for everyone, so a
  /// request's override never leaks into the default another request reads. Within its own
  /// `withDependencies` scope it is shared: the scope keeps it while its operation runs
  /// (`_ScopeDefaults`), and releases it when the operation returns; a read anywhere else computes
  /// its own, from the values there. A default computed without reading or keeping any override is
  /// cached for everyone, as is one that read or kept only the overrides its cache started with
  /// (the cache's `baseline`: a test trait's, or those set by the update that created the cache). A
  /// value already in the shared cache is served as is, in every scope. Computations in a scope
  /// with no overrides track nothing, and reads that compute nothing pay nothing for any of this.
  ///
  /// A read made to change values — by a `withDependencies` update closure, a test trait or
  /// `prepareDependencies`, including the read a key-path assignment such as `$0.date.now = …` makes
  /// first — is "setting": the default is computed with ``TestDependencyKey/shouldReportUnimplemented``
  /// false, so it reports nothing. As in the classic library it is cached, except while preparing
  /// (so that the prepared value can still be stored) and for a strict key (so that a later read that
  /// is not overridden still fails the test).
  ///
  /// Lifecycles (`Lifecycle/`): the computation reads through a recording view of the cache, so
  /// that the cached values it reads are known when its value is cached (shutdown goes dependents
  /// first); a read through such a view comes here first. A cache that was shut down serves what it
  /// had and reports the read (`_valueAfterShutdown`).
  @usableFromInline @inline(never)
  func _computeDefault<Key: TestDependencyKey>(
    _ key: Key.Type, _ id: _KeyIdentity, context: DependencyContext, cache: _LiveValueCache,
    captured: _TrieRoot?, site: _ReadSite
  ) -> Key.Value {
    if let reads = cache.recording {
      return _readRecorded(
        Key.self, id, context: context, reads: reads, captured: captured, site: site)
    }
    let entry = _CacheEntryID(id, context)
    // The overrides the default is computed with: these values', under those the reading property
    // captured (a merge made for this read, unless the property captured nothing more).
    let storage = captured.map { $0.merging(_storage) } ?? _storage
    // The `withDependencies` scope whose overrides they are, when they are exactly one's (seen
    // through the owner of an enclosing computation): its defaults are shared by its reads.
    let scopeRoot = _storageOwner.flatMap { owner -> _TrieRoot? in
      let root = owner.scopeItStandsFor ?? owner
      return root.handle == storage.handle ? root : nil
    }
    if let scopeRoot,
      let kept = _ScopeDefaults.value(of: Key.Value.self, for: entry, of: cache, in: scopeRoot)
    {
      // Computed from this scope's overrides by an earlier read in the scope; a computation that
      // reads it depends on the scope too.
      _overrideReads?.record(id, nil)
      return kept
    }
    let isSetting = _isUpdating || _assignedKeys != nil || _Setting.isActive
    // The computation sees the overrides through an owner of its own: what still holds it once the
    // computation has returned (a `@Dependency` property of the value, escaped values, a task the
    // computation started) keeps them, as a value that read them does.
    var proxy = storage.isEmpty ? nil : _TrieRoot(proxying: storage, for: scopeRoot)
    var scope = self
    scope._isUpdating = false
    scope._assignedKeys = nil
    scope._context = context
    scope._storage = proxy ?? storage
    let overrideReads = storage.isEmpty ? nil : _OverrideReads()
    scope._overrideReads = overrideReads
    let reads = scope._recordReads(of: cache)
    let chain = _DefaultComputation.chain + [_displayName(of: Key.self)]
    let compute = {
      defer {
        reads.close()
        overrideReads?.close()
        scope._storage = storage  // the computation's own reference to `proxy` goes
      }
      // The default runs as code of its own: no frame of the read that triggered it.
      return _ReadFrame.with(nil) {
        _DefaultComputation.$chain.withValue(chain) {
          _DefaultComputation.$readSite.withValue(site) {
            _DefaultComputation.$isSetting.withValue(isSetting) {
              DependencyValues.$_current.withValue(scope) {
                Self._defaultValue(Key.self, in: context, site: site)
              }
            }
          }
        }
      }
    }
    if isSetting && (_assignedKeys != nil || Key.self is any StrictDependencyKey.Type) {
      return compute()
    }
    var scopedValue: Key.Value?
    var belongsToTheScope = false
    var computeBox: () -> UnsafeMutableRawPointer? = {
      let value = compute()
      let keepsTheOverrides =
        proxy != nil && !isKnownUniquelyReferenced(&proxy)
        && storage.handle != cache.baseline?.handle
      if keepsTheOverrides
        || overrideReads?.belongToTheScope(baseline: cache.baseline) == true
      {
        scopedValue = value
        belongsToTheScope = true
        return nil  // the scope's own value: nothing for the shared cache
      }
      guard
        let box = cache.cacheableBox(
          for: value, of: Key.self, entry, reads: reads.recorded, site: site)
      else {
        scopedValue = value
        return nil  // the cache was shut down: nothing is cached
      }
      return box
    }
    if let shared = Self._cachedDefault(
      Key.self, id, context: context, cache: cache, chain: chain, site: site, compute: &computeBox)
    {
      return shared
    }
    guard let value = scopedValue else {
      fatalError("swift-dependencies: internal error: a default was neither cached nor computed")
    }
    // A computation that reads this one depends on the scope too.
    _overrideReads?.record(id, nil)
    // Later reads in the scope share it while the scope's operation runs.
    if belongsToTheScope, let scopeRoot,
      let kept = _ScopeDefaults.keep(value, for: entry, of: cache, in: scopeRoot)
    {
      return kept
    }
    return value
  }

  /// The value cached for `Key` in `cache`, computed by `compute` (returning a +1
  /// `_DependencyBox`, or nil to cache nothing) when absent; nil when `compute` cached nothing.
  private static func _cachedDefault<Key: TestDependencyKey>(
    _ key: Key.Type, _ id: _KeyIdentity, context: DependencyContext, cache: _LiveValueCache,
    chain: [String], site: _ReadSite, compute: inout () -> UnsafeMutableRawPointer?
  ) -> Key.Value? {
    switch cache.value(for: id, context: context, computing: &compute) {
    case .value(let pointer):
      return withExtendedLifetime(cache) { _DependencyBox<Key.Value>.value(at: pointer) }
    case .notCached:
      return nil
    case .cycle:
      _DefaultComputation.failCycle(chain: chain, site: site)
    case .retired:
      return _valueAfterShutdown(
        Key.self, id, context: context, cache: cache, site: site, compute: &compute)
    }
  }

  /// The default value of `Key` in `context`, reporting misuse (a strict key read in a test, a
  /// test-only key read in a live run, a live-only classic key read in a test — the last from the
  /// key's default `testValue`).
  static func _defaultValue<Key: TestDependencyKey>(
    _ key: Key.Type, in context: DependencyContext, site: _ReadSite
  ) -> Key.Value {
    switch context {
    case .live:
      if let liveKey = Key.self as? any DependencyKey.Type {
        return _liveValue(of: liveKey) as! Key.Value
      }
      // No live value: the read reported it (`_readWithoutLiveValue`).
      return Key.testValue
    case .preview:
      return Key.previewValue
    case .test:
      if Key.self is any StrictDependencyKey.Type && Key.shouldReportUnimplemented {
        reportIssue(
          """
          @Dependency(\(_displayName(of: Key.self)).self) is a strict dependency and was read in a \
          test without an override.

          Override it for this test, for example with \
          'withDependencies { $0[\(_displayName(of: Key.self)).self] = … }' or a '.dependency' trait.
          """,
          fileID: site.fileID, filePath: site.filePath, line: site.line, column: site.column)
      }
      return Key.testValue
    }
  }

  private static func _liveValue<Key: DependencyKey>(of key: Key.Type) -> any Sendable {
    Key.liveValue
  }
}

/// Bookkeeping of the default values being computed on the current thread, for cycle messages.
enum _DefaultComputation {
  /// The keys whose defaults are being computed, outermost first.
  @TaskLocal static var chain: [String] = []

  /// While a default is computed (and cached), where the read that needs it happened: lets a
  /// key's `testValue` report at the read site.
  @TaskLocal static var readSite: _ReadSite?

  /// True while a default is computed for a read made to change values (an update closure, a
  /// trait, `prepareDependencies`): ``TestDependencyKey/shouldReportUnimplemented`` is then false.
  @TaskLocal static var isSetting = false

  static func failCycle(chain: [String], site: _ReadSite) -> Never {
    let key = chain.last!
    let path = chain.joined(separator: " → ")
    // On this thread the chain shows the whole cycle. Otherwise the key is being computed on another
    // thread that (directly or through further threads) waits for a default this thread computes:
    // this thread only knows its own part of the cycle.
    let cycle =
      chain.dropLast().contains(key)
      ? "computing the default value of \(key) needs \(key) itself (\(path))"
      : """
      the default value of \(key) is being computed on another thread, which waits (directly or \
      through other threads) for a default value this thread is computing (this thread: \(path))
      """
    fatalError(
      """
      swift-dependencies: dependency cycle: \(cycle). A key's liveValue/testValue must not read \
      itself, directly or through other keys. Break the cycle, for example by reading the \
      dependency lazily inside a closure instead of while the value is built.
      """,
      file: site.fileID, line: site.line)
  }
}

/// The overrides a default's computation read (see `_computeDefault`). Written by any thread that
/// reads through the computation's scope while it runs, hence the lock.
@usableFromInline
final class _OverrideReads: Sendable {
  /// Each override read: its key, and the value read (compared by address only, never
  /// dereferenced); nil for a default that itself belonged to the scope.
  private let reads = _Locked<(list: [(key: UInt, value: UInt?)], isOpen: Bool)>(([], true))

  /// Records that the computation read `value` for `key`.
  @usableFromInline
  func record(_ key: _KeyIdentity, _ value: UnsafeMutableRawPointer?) {
    append((key.raw, value.map { UInt(bitPattern: $0) }))
  }

  /// Stops recording: the computation returned. Reads made later through its scope (by a task it
  /// started) are not part of it.
  func close() {
    reads.withLock { $0.isOpen = false }
  }

  private func append(_ read: (key: UInt, value: UInt?)) {
    reads.withLock { reads in
      if reads.isOpen { reads.list.append(read) }
    }
  }

  /// Whether the value computed belongs to the scope: some override it read is not the very value
  /// `baseline` (the overrides the test started with) holds for that key.
  func belongToTheScope(baseline: _TrieRoot?) -> Bool {
    reads.withLock { reads in
      reads.list.contains { read in
        guard let value = read.value, let baseline,
          let base = baseline.lookup(_KeyIdentity(raw: read.key))
        else { return true }
        return UInt(bitPattern: base) != value
      }
    }
  }
}
