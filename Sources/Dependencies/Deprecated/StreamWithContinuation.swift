// `streamWithContinuation`: the classic library's name for the standard library's `makeStream`,
// from before the standard library had it. Deprecated there, renamed, with the same result.

extension AsyncStream {
  /// A stream and the continuation that feeds it: the classic name of
  /// `AsyncStream.makeStream(of:bufferingPolicy:)`.
  ///
  /// ```swift
  /// let (stream, continuation) = AsyncStream<Int>.streamWithContinuation()
  /// continuation.yield(1)
  /// continuation.finish()
  /// ```
  @available(*, deprecated, renamed: "makeStream(of:bufferingPolicy:)")
  public static func streamWithContinuation(
    _ elementType: Element.Type = Element.self,
    bufferingPolicy limit: Continuation.BufferingPolicy = .unbounded
  ) -> (stream: Self, continuation: Continuation) {
    let made = makeStream(of: elementType, bufferingPolicy: limit)
    return (made.stream, made.continuation)
  }
}

extension AsyncThrowingStream where Failure == any Error {
  /// A throwing stream and the continuation that feeds it: the classic name of
  /// `AsyncThrowingStream.makeStream(of:throwing:bufferingPolicy:)`.
  ///
  /// ```swift
  /// let (stream, continuation) = AsyncThrowingStream<Int, any Error>.streamWithContinuation()
  /// continuation.finish(throwing: CancellationError())
  /// ```
  @available(*, deprecated, renamed: "makeStream(of:throwing:bufferingPolicy:)")
  public static func streamWithContinuation(
    _ elementType: Element.Type = Element.self,
    bufferingPolicy limit: Continuation.BufferingPolicy = .unbounded
  ) -> (stream: Self, continuation: Continuation) {
    let made = makeStream(of: elementType, throwing: Failure.self, bufferingPolicy: limit)
    return (made.stream, made.continuation)
  }
}
