extension DependencyValues {
  /// Computes (once per key, context and cache) the default value of a key no scope overrides.
  ///
  /// The default is computed in the scope of the read: a `liveValue` that itself reads dependencies
  /// sees this scope's overrides, then the reading `@Dependency`'s captured values (merged by pointer,
  /// which shares every identical subtree). It is computed with no lock held, exactly once even when
  /// many threads miss together; a default that needs itself is reported as a cycle.
  ///
  /// A default whose computation read a value overridden in the reader's scope (or captured by the
  /// reading `@Dependency`) belongs to that scope, not to everyone: it is returned but not cached,
  /// so a request's override never leaks into the default another request reads, and the next read
  /// that needs it computes it again (in its own scope). It is not cached for the scope either: a
  /// value computed in a scope often captures that scope (a `@Dependency` property of the value),
  /// so a cache owned by the scope would keep itself alive. A read outside the scope computes the
  /// shared value from the values there. A default computed without reading any override is cached
  /// for everyone, as is one that read only the overrides its cache started with (the cache's
  /// `baseline`: a test trait's, or those set by the update that created the cache). A value already in the shared cache is served as is, in every scope.
  /// Computations in a scope with no overrides track nothing, and reads that compute nothing pay
  /// nothing for any of this.
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
    // The scope a value computed from them belongs to, when they are these values' own.
    let scopeRoot = _storageOwner.flatMap { $0 === storage ? $0 : nil }
    if let scopeRoot, let kept = _ScopeDefaults.value(of: Key.Value.self, for: entry, in: scopeRoot)
    {
      // Computed from this scope's overrides by an earlier read in the scope; a computation that
      // reads it depends on the scope too.
      _overrideReads?.record(id, nil)
      return kept
    }
    let isSetting = _isUpdating || _assignedKeys != nil || _Setting.isActive
    var scope = self
    scope._isUpdating = false
    scope._assignedKeys = nil
    scope._context = context
    scope._storage = storage
    let overrideReads = scope._storage.isEmpty ? nil : _OverrideReads()
    scope._overrideReads = overrideReads
    let reads = scope._recordReads(of: cache)
    let chain = _DefaultComputation.chain + [_displayName(of: Key.self)]
    let compute = {
      defer {
        reads.close()
        overrideReads?.close()
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
      if let overrideReads, overrideReads.belongToTheScope(baseline: cache.baseline) {
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
      let kept = _ScopeDefaults.keep(value, for: entry, in: scopeRoot)
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
  /// dereferenced); nil for a default that itself belonged to the scope. Or, with `key` nil, the
  /// root of the scope's overrides, captured by a `@Dependency` created during the computation.
  private let reads = _Locked<(list: [(key: UInt?, value: UInt?)], isOpen: Bool)>(([], true))

  /// Records that the computation read `value` for `key`.
  @usableFromInline
  func record(_ key: _KeyIdentity, _ value: UnsafeMutableRawPointer?) {
    append((key.raw, value.map { UInt(bitPattern: $0) }))
  }

  /// Records that a `@Dependency` created during the computation captured the scope's overrides
  /// (the root `handle`): the value it is part of carries them, as if it had read them all.
  func recordCapture(of handle: OpaquePointer) {
    append((nil, UInt(bitPattern: handle)))
  }

  /// Stops recording: the computation returned. Reads made later through its scope (by a task it
  /// started) are not part of it.
  func close() {
    reads.withLock { $0.isOpen = false }
  }

  private func append(_ read: (key: UInt?, value: UInt?)) {
    reads.withLock { reads in
      if reads.isOpen { reads.list.append(read) }
    }
  }

  /// Whether the value computed belongs to the scope: some override it read is not the very value
  /// `baseline` (the overrides the test started with) holds for that key, or it captured overrides
  /// other than the baseline itself.
  func belongToTheScope(baseline: _TrieRoot?) -> Bool {
    reads.withLock { reads in
      reads.list.contains { read in
        guard let key = read.key else {
          return baseline.map { UInt(bitPattern: $0.handle) } != read.value
        }
        guard let value = read.value, let baseline,
          let base = baseline.lookup(_KeyIdentity(raw: key))
        else { return true }
        return UInt(bitPattern: base) != value
      }
    }
  }
}
