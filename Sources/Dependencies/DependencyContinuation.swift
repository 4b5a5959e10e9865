extension DependencyValues {
  /// The dependencies of a scope, carried into work that outlives it: timers, callbacks, detached
  /// tasks.
  ///
  /// Obtain one with ``withEscapedDependencies(_:)`` and run the escaping work with
  /// ``yield(_:)``:
  ///
  /// ```swift
  /// withEscapedDependencies { continuation in
  ///   DispatchQueue.main.asyncAfter(deadline: .now() + 1) {
  ///     continuation.yield {
  ///       // the dependencies of the scope that scheduled this
  ///     }
  ///   }
  /// }
  /// ```
  ///
  /// The namespaced spelling of this type is `Dependency.Continuation`.
  public struct Continuation: Sendable {
    let values: DependencyValues

    /// Captures `values` for work that runs later, anywhere. In a test, the values' cache of
    /// defaults is pinned to the running test's: the root cache of a test process looks the test up
    /// on each read, and where the escaping work runs (a `Task.detached`, a `Thread`, a Dispatch
    /// queue) no test is running, so it would read the process-wide cache instead.
    init(escaping values: DependencyValues) {
      var values = values
      if values._readsTheRunningTestsCache {
        values._cache = _TestCaches.processCache  // the running test's, held from now on
      }
      self.values = values
    }

    /// Runs `operation` with the captured dependencies.
    public func yield<R, E: Error>(_ operation: () throws(E) -> R) throws(E) -> R {
      try DependencyValues._bind(values, operation)
    }

    /// Runs the asynchronous `operation` with the captured dependencies.
    public func yield<R, E: Error>(
      isolation: isolated (any Actor)? = #isolation,
      _ operation: () async throws(E) -> R
    ) async throws(E) -> R {
      try await DependencyValues._bind(values, isolation: isolation, operation)
    }
  }
}

/// Captures the current dependencies so that escaping work can run with them later.
///
/// ```swift
/// func scheduleReminder() {
///   withEscapedDependencies { continuation in
///     timer.schedule(after: .seconds(60)) {
///       continuation.yield { sendReminder() }
///     }
///   }
/// }
/// ```
public func withEscapedDependencies<R, E: Error>(
  _ operation: (DependencyValues.Continuation) throws(E) -> R
) throws(E) -> R {
  try operation(DependencyValues.Continuation(escaping: DependencyValues._currentPointer.pointee))
}

/// Captures the current dependencies so that escaping asynchronous work can run with them later.
public func withEscapedDependencies<R, E: Error>(
  isolation: isolated (any Actor)? = #isolation,
  _ operation: (DependencyValues.Continuation) async throws(E) -> R
) async throws(E) -> R {
  try await operation(
    DependencyValues.Continuation(escaping: DependencyValues._currentPointer.pointee))
}
