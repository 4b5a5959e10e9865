// Stream initializers that take a buffering policy, deprecated in the classic library with the
// same message. They copy the sequence into the stream from a task of their own, which the
// stream cancels when it terminates.

extension AsyncStream where Element: Sendable {
  /// Makes a stream of an async sequence's elements, buffered by `limit`; a failure of the
  /// sequence finishes the stream.
  ///
  /// ```swift
  /// let stream = AsyncStream(events, bufferingPolicy: .bufferingNewest(1))
  /// ```
  ///
  /// - Parameters:
  ///   - sequence: The sequence to take the elements from.
  ///   - limit: How many elements the stream keeps for a consumer that is not waiting.
  @available(
    *, deprecated, message: "Do not configure streams with a buffering policy 'limit' parameter."
  )
  public init<S: AsyncSequence & Sendable>(
    _ sequence: S,
    bufferingPolicy limit: Continuation.BufferingPolicy
  ) where S.Element == Element {
    self.init(bufferingPolicy: limit) { continuation in
      let task = Task {
        do {
          for try await element in sequence { continuation.yield(element) }
        } catch {}
        continuation.finish()
      }
      continuation.onTermination = { _ in task.cancel() }
    }
  }
}

extension AsyncThrowingStream where Element: Sendable, Failure == any Error {
  /// Makes a throwing stream of an async sequence's elements, buffered by `limit`; a failure of
  /// the sequence finishes the stream with that error.
  ///
  /// ```swift
  /// let stream = AsyncThrowingStream(downloads, bufferingPolicy: .bufferingNewest(1))
  /// ```
  ///
  /// - Parameters:
  ///   - sequence: The sequence to take the elements from.
  ///   - limit: How many elements the stream keeps for a consumer that is not waiting.
  @available(
    *, deprecated, message: "Do not configure streams with a buffering policy 'limit' parameter."
  )
  public init<S: AsyncSequence & Sendable>(
    _ sequence: S,
    bufferingPolicy limit: Continuation.BufferingPolicy
  ) where S.Element == Element {
    self.init(bufferingPolicy: limit) { continuation in
      let task = Task {
        do {
          for try await element in sequence { continuation.yield(element) }
          continuation.finish()
        } catch {
          continuation.finish(throwing: error)
        }
      }
      continuation.onTermination = { _ in task.cancel() }
    }
  }
}
