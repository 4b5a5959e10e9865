// The miss path's part in lifecycles: serving reads of a cache that was shut down. Called from
// `_computeDefault` only; a read of a cached value never comes here. (Which cached values a default's
// computation read, for the shutdown order, is recorded by `_DefaultComputation`.)

extension DependencyValues {
  /// A read of `Key` that found `cache` retired (shut down): the value it had, reported when that
  /// value was shut down (or everything was); nil for a key that had none, after reporting (once
  /// everything was shut down) that the caller computes a value the cache will not keep.
  static func _valueAfterShutdown<Key: TestDependencyKey>(
    _ key: Key.Type, _ id: _KeyIdentity, context: DependencyContext, cache: _LiveValueCache,
    site: _ReadSite
  ) -> Key.Value? {
    let (box, report) = cache.retiredRead(_CacheEntryID(id, context))
    if let box {
      let value = withExtendedLifetime(cache) { _DependencyBox<Key.Value>.value(at: box) }
      if let report {
        _LifecycleReports.readAfterShutdown(
          Key.self, site: site,
          value: value is any ShutdownableDependency ? .shutDown : .cached, report)
      }
      return value
    }
    if let report {
      _LifecycleReports.readAfterShutdown(Key.self, site: site, value: .new, report)
    }
    return nil
  }
}

/// The reports of the lifecycle of dependencies.
enum _LifecycleReports {
  /// A dependency was read after the values of its cache were shut down (or, while they were, a
  /// value that needs shutting down was computed: it is not cached and will not be shut down).
  /// What a read after the shutdown returned.
  enum ReturnedValue {
    /// The value the cache held, which was shut down.
    case shutDown
    /// The value the cache held, which needs no shutdown.
    case cached
    /// A value computed for the read, not cached.
    case new
  }

  static func readAfterShutdown<Key: TestDependencyKey>(
    _ key: Key.Type, site: _ReadSite, value: ReturnedValue, _ report: _LifecycleState.ReadReport
  ) {
    let names = _DependencyReports.Names(Key.self, Key.Value.self, property: site.property)
    let outcome =
      switch value {
      case .shutDown: "The value returned is the one that was shut down."
      case .cached: "The value returned is the one cached before the shutdown."
      case .new:
        "A new value was computed for this read: it is not cached, and will not be shut down."
      }
    let message = """
      @Dependency(\(names.argument)) was read after the dependencies were shut down.

      \(names.describe(at: site))

      \(outcome) Reads after a shutdown come from work that outlived it: stop that work (cancel \
      its tasks, drain it) before shutting dependencies down.
      """
    switch report {
    case .issue:
      reportIssue(
        message, fileID: site.fileID, filePath: site.filePath, line: site.line,
        column: site.column)
    case .background:
      let note =
        "The dependencies were those of a test that has ended, shut down in the background."
      TestRunIssue.report(
        "\(message)\n\n\(note)", standardErrorLine: "⚠️ swift-dependencies: \(message)\n",
        fileID: site.fileID, filePath: site.filePath, line: site.line, column: site.column)
    }
  }
}
