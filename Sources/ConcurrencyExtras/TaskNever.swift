extension Task where Failure == Never {
  /// Suspends until the current task is cancelled, then throws `CancellationError`: an async
  /// function that never returns a value, of any type.
  ///
  /// Use it to satisfy a dependency endpoint that must return a value, in a test that expects the
  /// endpoint to never finish:
  ///
  /// ```swift
  /// withDependencies {
  ///   $0.apiClient.fetchUser = { _ in try await Task.never() }
  /// } operation: {
  ///   ProfileModel()
  /// }
  /// ```
  ///
  /// - Returns: Never returns.
  /// - Throws: `CancellationError`, once the current task is cancelled.
  public nonisolated(nonsending) static func never() async throws -> Success {
    for await element in AsyncStream<Success>.never {
      return element
    }
    throw _Concurrency.CancellationError()
  }
}

extension Task where Success == Never, Failure == Never {
  /// Suspends until the current task is cancelled, then throws `CancellationError`.
  ///
  /// ```swift
  /// let task = Task { try await Task.never() }
  /// task.cancel()
  /// await #expect(throws: CancellationError.self) { try await task.value }
  /// ```
  ///
  /// - Throws: `CancellationError`, once the current task is cancelled.
  public nonisolated(nonsending) static func never() async throws {
    for await _ in AsyncStream<Never>.never {}
    throw _Concurrency.CancellationError()
  }
}
