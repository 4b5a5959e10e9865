extension AsyncThrowingStream where Failure == any Error {
  /// Makes a throwing stream that pulls its elements from an async sequence, until the sequence
  /// ends or throws; the stream then ends the same way.
  ///
  /// It erases the sequence's type, for example in a live dependency:
  ///
  /// ```swift
  /// struct DownloadClient: Sendable {
  ///   var progress: @Sendable (URL) -> AsyncThrowingStream<Double, any Error>
  /// }
  ///
  /// extension DownloadClient: DependencyKey {
  ///   static let liveValue = Self(
  ///     progress: { url in AsyncThrowingStream(Downloader.shared.progress(for: url)) }
  ///   )
  /// }
  /// ```
  ///
  /// Several tasks may iterate the stream at once: each element goes to one of them.
  ///
  /// The sequence is iterated lazily: its iterator is made when the stream is first asked for an
  /// element, and each element is pulled when the stream is asked for it. Cancelling the task
  /// that iterates the stream cancels the pending call of the sequence's `next()`.
  ///
  /// - Parameter sequence: The sequence to take the elements from.
  public init<S: AsyncSequence>(_ sequence: S) where S.Element == Element, S: Sendable {
    let iterator = SharedAsyncIterator(sequence)
    self.init(unfolding: { try await iterator.next() })
  }

  /// Makes a stream from an async sequence that isn't `Sendable`, by wrapping it in
  /// ``UncheckedSendable``: deprecated, as in the classic module, in favour of saying so.
  ///
  /// ```swift
  /// let stream = AsyncThrowingStream(UncheckedSendable(legacySequence))  // instead
  /// ```
  ///
  /// - Parameter sequence: The sequence to take the elements from.
  @available(
    *, deprecated,
    message: "Explicitly wrap the given async sequence with 'UncheckedSendable' first."
  )
  public init<S: AsyncSequence>(_ sequence: S) where S.Element == Element {
    self.init(UncheckedSendable(sequence))
  }

  /// A throwing stream that never emits and never finishes: iterating it suspends until the
  /// iterating task is cancelled.
  ///
  /// ```swift
  /// let model = withDependencies {
  ///   $0.download.progress = { _ in .never }
  /// } operation: {
  ///   DownloadModel()
  /// }
  /// ```
  public static var never: Self {
    Self { _ in }
  }

  /// A throwing stream that ends immediately, without emitting: it finishes, or throws `error`.
  ///
  /// ```swift
  /// struct Offline: Error {}
  /// let model = withDependencies {
  ///   $0.download.progress = { _ in .finished(throwing: Offline()) }
  /// } operation: {
  ///   DownloadModel()
  /// }
  /// ```
  ///
  /// - Parameter error: The error the stream throws, or `nil` (the default) to finish normally.
  public static func finished(throwing error: Failure? = nil) -> Self {
    Self { $0.finish(throwing: error) }
  }
}

extension AsyncSequence {
  /// Erases this sequence to an `AsyncThrowingStream` that emits its elements until it ends or
  /// throws; the stream then ends the same way.
  ///
  /// ```swift
  /// let lines: AsyncThrowingStream<String, any Error> = url.lines.eraseToThrowingStream()
  /// ```
  ///
  /// The same as `AsyncThrowingStream(self)`: see
  /// ``_Concurrency/AsyncThrowingStream/init(_:)-6mfpj``.
  public func eraseToThrowingStream() -> AsyncThrowingStream<Element, any Error>
  where Self: Sendable {
    AsyncThrowingStream(self)
  }

  /// Erases this sequence, which isn't `Sendable`, to an `AsyncThrowingStream`, by wrapping it in
  /// ``UncheckedSendable``.
  ///
  /// ```swift
  /// let stream = UncheckedSendable(legacySequence).eraseToThrowingStream()  // say so instead
  /// ```
  @available(
    *, deprecated,
    message:
      "Explicitly wrap this async sequence with 'UncheckedSendable' before erasing to throwing stream."
  )
  public func eraseToThrowingStream() -> AsyncThrowingStream<Element, any Error> {
    AsyncThrowingStream(UncheckedSendable(self))
  }
}
