extension DependencyValues {
  /// The dependencies the cache of default values of the current scope has built: in an
  /// application, the process's; in a test, the test's own (what this test built); inside
  /// `withDependencies { $0 = DependencyValues() }`, that scope's. See ``DependencyGraph``.
  ///
  /// ```swift
  /// await server.start()  // reads the database, the session store, …
  /// logger.info("dependencies:\n\(DependencyValues.graph)")
  /// ```
  ///
  /// Taking the graph locks the cache's miss path for as long as it copies what was recorded;
  /// reads of cached values go on meanwhile.
  ///
  /// > Note: The classic swift-dependencies library has no such graph: this is an addition.
  public static var graph: DependencyGraph {
    _current._cache.dependencyGraph()
  }
}
