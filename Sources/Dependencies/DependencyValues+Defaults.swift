extension DependencyValues {
  /// The default of `Key` for a read that found no override and no cached default through the
  /// direct handle: sends a read through the values of a default's computation to that
  /// computation; otherwise looks the value up in the cache of these values (`_cache`: in a test
  /// process, the running test's for the process's), holding it, or among the defaults the reader's
  /// scopes keep, or computes it.
  ///
  /// `captured` is the scope the reading property captured. `parent` is the computation whose read
  /// this is, if any: it records the cached value or the scope-kept one read.
  func _resolveDefault<Key: TestDependencyKey>(
    _ key: Key.Type, _ id: _KeyIdentity, captured: _Scope?, capturedContext: DependencyContext?,
    site: _ReadSite, for parent: _DefaultComputation?
  ) -> Key.Value {
    if let computation = _modes.computation {
      return computation.read(Key.self, id, site: site)
    }
    let cache = _cache
    let context = _resolvedContext(captured: capturedContext, cache: cache)
    if let value = cache.cachedValue(of: Key.Value.self, for: id, context) {
      parent?.recordCachedRead(_CacheEntryID(id, context))
      return value
    }
    let reader = _DefaultReader(current: _overrides.scope, captured: captured)
    if context == .live, _LiveValueOfKeyWithoutOne<Key>.applies {
      return _readWithoutLiveValue(
        Key.self, id, cache: cache, reader: reader, site: site, for: parent)
    }
    return _computeDefault(
      Key.self, id, context: context, cache: cache, reader: reader, site: site, for: parent)
  }

  /// Computes (once per key, context and cache) the default value of a key no scope overrides, or
  /// finds the one a scope of the reader keeps.
  ///
  /// The default is computed by a `_DefaultComputation`: its own reads see the reader's overrides
  /// (this scope's, then those the reading `@Dependency` captured), and everything it leaves behind
  /// (the `@Dependency` properties it creates, the tasks it starts, the values it escapes) sees the
  /// values a default shared by everyone sees. What it read decides what the value is:
  ///
  /// 1. A default whose computation read no override of a scope — only the cache's shared ones
  ///    (a test trait's), or none — is the cache's: computed once, with no lock held, exactly once
  ///    even when many threads miss together, and served to every read, in every scope.
  /// 2. A default whose computation read a scope's override belongs to that scope: the scope keeps
  ///    it (see `_DefaultReader`, `_ScopeDefaults`), and every read that agrees with what it read
  ///    gets it — in the scope, in scopes nested in it, in its child tasks, through models that
  ///    captured it — for as long as the scope lives. It never reaches the cache, so a request's
  ///    override never leaks into what another request reads.
  /// 3. A read through a model outside its scope is a read in the model's scope: the default is
  ///    computed with the model's values (what it captures sees them, as in the classic library),
  ///    and the model's scope keeps it.
  ///
  /// A default that needs itself is reported as a cycle.
  ///
  /// A read made to change values — by a `withDependencies` update closure, a test trait or
  /// `prepareDependencies`, including the read a key-path assignment such as `$0.date.now = …` makes
  /// first — is "setting": the default is computed with ``TestDependencyKey/shouldReportUnimplemented``
  /// false, so it reports nothing. As in the classic library it is cached, except while preparing
  /// (so that the prepared value can still be stored) and for a strict key (so that a later read that
  /// is not overridden still fails the test).
  ///
  /// Lifecycles (`Lifecycle/`): the cached values a computation read are registered with its value,
  /// so that shutdown goes dependents first. A cache that was shut down serves what it had and
  /// reports the read (`_valueAfterShutdown`).
  func _computeDefault<Key: TestDependencyKey>(
    _ key: Key.Type, _ id: _KeyIdentity, context: DependencyContext, cache: _LiveValueCache,
    reader: _DefaultReader, site: _ReadSite, for parent: _DefaultComputation?
  ) -> Key.Value {
    let entry = _CacheEntryID(id, context)
    // A kept default is looked for twice, as in double-checked locking: here, without claiming the
    // cache's entry (reads of a scope that keeps the value never wait on each other), and in
    // `decide`, once this read holds the claim (another read of the same scope may have kept it
    // while this one waited).
    if let kept = reader.keptValue(for: entry, of: cache) {
      parent?.absorb(kept)
      return kept.value(as: Key.Value.self)
    }
    let isSetting = _modes.isSetting || _Setting.isActive
    func computation() -> _DefaultComputation {
      _DefaultComputation(
        of: Key.self, for: self, scopes: reader, context: context, cache: cache, site: site,
        isSetting: isSetting)
    }
    if isSetting && (_modes.isPreparing || Key.self is any StrictDependencyKey.Type) {
      return computation().run { Self._defaultValue(Key.self, in: context, site: site) }
    }
    func decide() -> _LiveValueCache.Computed<_UncachedDefault<Key.Value>> {
      if let kept = reader.keptValue(for: entry, of: cache) { return .declined(.kept(kept)) }
      let computation = computation()
      let value = computation.run { Self._defaultValue(Key.self, in: context, site: site) }
      if computation.belongsToAScope {
        // The scope's own value: nothing for the cache.
        return .declined(.scoped(value, by: computation))
      }
      guard
        let box = cache.cacheableBox(
          for: value, of: Key.self, entry, reads: computation.cachedReads,
          computed: computation.record, site: site)
      else { return .declined(.uncached(value)) }  // the cache was shut down: nothing is cached
      return .box(box)
    }
    func settle(_ uncached: _UncachedDefault<Key.Value>) -> Key.Value {
      switch uncached {
      case .kept(let kept):
        parent?.absorb(kept)
        return kept.value(as: Key.Value.self)
      case .scoped(let value, let computation):
        guard
          let kept = reader.keep(
            _DependencyBox(value), reads: computation.reads, through: computation.modelScope,
            for: entry, of: cache, site: site)
        else { return value }
        cache.recordComputation(computation, keptAs: kept)
        parent?.absorb(kept)
        return kept.value(as: Key.Value.self)
      case .uncached(let value):
        return value
      }
    }
    switch cache.value(for: id, context: context, computing: decide) {
    case .value(let pointer):
      parent?.recordCachedRead(entry)
      return withExtendedLifetime(cache) { _DependencyBox<Key.Value>.value(at: pointer) }
    case .declined(let uncached):
      return settle(uncached)
    case .cycle:
      _DefaultComputation.failCycle(
        chain: (_DefaultComputation.running?.chain ?? []) + [ReportedTypeName.qualified(Key.self)],
        site: site)
    case .retired:
      if let value = Self._valueAfterShutdown(
        Key.self, id, context: context, cache: cache, site: site)
      {
        parent?.recordCachedRead(entry)
        return value
      }
      switch decide() {
      case .box(let box):
        // Not reached: a computation for a retired cache is refused before it returns a box.
        // Should it happen, the value is returned and not kept.
        defer { Unmanaged<_DependencyBox<Key.Value>>.fromOpaque(box).release() }
        parent?.recordCachedRead(entry)
        return _DependencyBox<Key.Value>.value(at: box)
      case .declined(let uncached):
        return settle(uncached)
      }
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
        let key = ReportedTypeName.qualified(Key.self)
        reportIssue(
          """
          @Dependency(\(key).self) is a strict dependency and was read in a test without an \
          override.

          Override it for this test, for example with \
          'withDependencies { $0[\(key).self] = … }' or a '.dependency' trait.
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

/// What a computation of a default decided instead of giving the cache a value.
private enum _UncachedDefault<Value: Sendable> {
  /// A value a scope of the reader kept, found before computing (another read kept it meanwhile).
  case kept(_KeptDefault)
  /// A value computed from a scope's overrides, or through a model's scope, with its computation
  /// (what it read, the model's scope): the scope's.
  case scoped(Value, by: _DefaultComputation)
  /// A value the cache refused (it was shut down): returned, kept nowhere.
  case uncached(Value)
}
