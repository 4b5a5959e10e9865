import CDependencies

extension DependencyValues {
  /// Computes (once per key, context and cache) the default value of a key no scope overrides.
  ///
  /// The default is computed in the scope of the read: a `liveValue` that itself reads dependencies
  /// sees this scope's overrides, then the reading `@Dependency`'s captured values (merged by pointer,
  /// which shares every identical subtree). It is computed with no lock held, exactly once even when
  /// many threads miss together; a default that needs itself is reported as a cycle.
  @usableFromInline @inline(never)
  func _computeDefault<Key: TestDependencyKey>(
    _ key: Key.Type, _ id: _KeyIdentity, context: DependencyContext, captured: _TrieRoot?,
    site: _ReadSite
  ) -> Key.Value {
    if _isUpdating && context == .test
      && (Key.self is any StrictDependencyKey.Type || Key.self is any _ReportsTestReads.Type)
    {
      // Read to be modified by an update closure: serve the test value without caching it, so a
      // later read that is not overridden still fails the test.
      return _ReadFrame.with(nil) {
        _DefaultComputation.$readSite.withValue(nil) {
          DependencyValues.$_current.withValue(self) { Key.testValue }
        }
      }
    }
    var scope = self
    scope._isUpdating = false
    scope._context = context
    if let captured {
      scope._storage = captured.merging(_storage)
    }
    let chain = _DefaultComputation.chain + [_typeName(Key.self)]

    var compute: () -> UnsafeMutableRawPointer? = {
      // The default runs as code of its own: no frame of the read that triggered it.
      let value = _ReadFrame.with(nil) {
        _DefaultComputation.$chain.withValue(chain) {
          _DefaultComputation.$readSite.withValue(site) {
            DependencyValues.$_current.withValue(scope) {
              Self._defaultValue(Key.self, in: context, site: site)
            }
          }
        }
      }
      return Unmanaged.passRetained(_DependencyBox(value)).toOpaque()
    }
    var result: UnsafeMutableRawPointer?
    let cache = _cache.resolved
    let status = withUnsafeMutablePointer(to: &compute) { compute in
      dck_cache_get_or_compute(
        cache.handle, id.raw, context._rawValue,
        { _, _, info in
          info!.assumingMemoryBound(to: (() -> UnsafeMutableRawPointer?).self).pointee()
        },
        compute, &result)
    }
    switch status {
    case DCK_CACHE_FOUND, DCK_CACHE_COMPUTED:
      return withExtendedLifetime(cache) { _DependencyBox<Key.Value>.value(at: result!) }
    case DCK_CACHE_CYCLE:
      _DefaultComputation.failCycle(chain: chain, site: site)
    default:
      fatalError("swift-dependencies: internal error: unexpected cache status \(status.rawValue)")
    }
  }

  /// The default value of `Key` in `context`, reporting misuse (a strict key read in a test, a
  /// test-only key read in a live run).
  static func _defaultValue<Key: TestDependencyKey>(
    _ key: Key.Type, in context: DependencyContext, site: _ReadSite
  ) -> Key.Value {
    switch context {
    case .live:
      if let liveKey = Key.self as? any DependencyKey.Type {
        return _liveValue(of: liveKey) as! Key.Value
      }
      reportIssue(
        """
        @Dependency(\(_typeName(Key.self))) has no live implementation, but was read in a live \
        context. Serving its testValue instead.

        To fix this, conform \(_typeName(Key.self)) to 'DependencyKey' and implement \
        'static var liveValue' in the module that builds your application.
        """,
        fileID: site.fileID, filePath: site.filePath, line: site.line, column: site.column)
      return Key.testValue
    case .preview:
      return Key.previewValue
    case .test:
      if Key.self is any StrictDependencyKey.Type {
        reportIssue(
          """
          @Dependency(\(_typeName(Key.self))) is a strict dependency and was read in a test \
          without an override.

          Override it for this test, for example with \
          'withDependencies { $0[\(_typeName(Key.self)).self] = … }' or a '.dependency' trait.
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

  /// While a default is computed (and cached), where the read that needs it happened. `nil` while
  /// an update closure reads a `_ReportsTestReads` key to modify it. Lets such a key's `testValue`
  /// report at the read site.
  @TaskLocal static var readSite: _ReadSite?

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

/// A key whose `testValue` reports an issue (through `_DefaultComputation.readSite`) when a test
/// reads it without overriding it, like the built-in calendar, locale and time zone. As for a
/// strict key, a read made by an update closure to modify the value (`$0.calendar.timeZone = …`)
/// neither reports nor caches the test value.
protocol _ReportsTestReads {}
