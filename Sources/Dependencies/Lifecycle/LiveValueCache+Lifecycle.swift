extension _LiveValueCache {
  /// Shuts down the values of this cache (see `shutdownDependencies(timeout:)`): retires the C
  /// cache, then runs the plan; concurrent and later callers wait for the same run.
  func shutDown(timeout: Duration, reporting: _ShutdownReporting) async -> DependencyShutdownReport
  {
    let run = shutdownRun(readReport: .issue) { plan in
      retire()
      return Task {
        await plan.run(timeout: timeout, reporting: reporting, cache: self)
      }
    }
    return await run.report
  }

  /// Starts shutting down the values of this cache, if any needs it, without waiting (on the
  /// shutdown executor, see `_BackgroundShutdowns`): for a test's cache, when its test has ended.
  /// Failures, timeouts and reads after the shutdown are reported as `.background`: whatever test
  /// runs now must not get them.
  func shutDownInBackground() {
    guard hasValuesToShutDown else { return }
    _ = shutdownRun(readReport: .background) { plan in
      retire()
      return _BackgroundShutdowns.start {
        await plan.run(
          timeout: _ShutdownPlan.releasedCacheTimeout, reporting: .background, cache: self)
      }
    }
  }

  /// The +1 `_DependencyBox` to cache for `value`, computed for `entry` after reading `reads` (the
  /// computation recorded `computed`; see `register`); nil when the cache is being (or was) shut
  /// down, in which case `value` is not cached (and the refusal is reported when the value needs a
  /// shutdown it will never get).
  func cacheableBox<Key: TestDependencyKey>(
    for value: Key.Value, of key: Key.Type, _ entry: _CacheEntryID, reads: [_CacheEntryID],
    computed: _ComputedDefaultRecord, site: _ReadSite
  ) -> UnsafeMutableRawPointer? {
    let box = Unmanaged.passRetained(_DependencyBox(value)).toOpaque()
    if register(entry, reads: reads, computed: computed, box: box, site: site) {
      return box
    }
    Unmanaged<_DependencyBox<Key.Value>>.fromOpaque(box).release()
    if let report = refusedReport(entry, needsShutdown: value is any ShutdownableDependency) {
      _LifecycleReports.readAfterShutdown(Key.self, site: site, value: .new, report)
    }
    return nil
  }
}

extension DependencyValues {
  /// Shuts down the values of the current test's cache that need it, if there are any: called by
  /// the test-support traits when a test case ends, inside the test (so that failures fail it). A
  /// cache none of whose values needs shutting down is left alone.
  package static func _shutDownTestCache(
    timeout: Duration = .seconds(10), fileID: StaticString = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) async {
    let cache = _current._cache
    guard cache.hasValuesToShutDown else { return }
    _ = await cache.shutDown(
      timeout: timeout,
      reporting: .issues(
        at: _ReadSite(fileID: fileID, filePath: filePath, line: line, column: column)))
  }

  /// Starts shutting down the values of the current cache that need it, without waiting (see
  /// `_LiveValueCache.shutDownInBackground()`): called by `DependenciesTestCase` when a test method
  /// ends.
  package static func _shutDownTestCacheInBackground() {
    _current._cache.shutDownInBackground()
  }
}
