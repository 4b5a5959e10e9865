// An asynchronous `withValue` on ActorIsolated, deprecated in the classic library with the same
// message.

@available(*, deprecated)
extension ActorIsolated {
  /// Reads and mutates the value with an asynchronous operation: deprecated, as in the classic
  /// library, for the synchronous `withValue`.
  ///
  /// The operation works on a copy of the value, written back when it returns, so a change made
  /// by another task meanwhile is overwritten.
  ///
  /// ```swift
  /// await isolated.withValue { value in await value.append(fetchNext()) }
  /// ```
  @available(*, deprecated, message: "Use the non-async version of 'withValue'.")
  public func withValue<T: Sendable>(
    _ operation: @Sendable (inout Value) async throws -> T
  ) async rethrows -> T where Value: Sendable {
    var value = self.value
    defer { self.value = value }
    return try await operation(&value)
  }
}
