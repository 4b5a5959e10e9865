extension AsyncStream {
  /// Makes a stream that pulls its elements from an async sequence, until the sequence ends; a
  /// failure of the sequence ends the stream too (the error is dropped).
  ///
  /// It erases the sequence's type, for example in a live dependency whose interface returns an
  /// `AsyncStream`:
  ///
  /// ```swift
  /// struct MessagesClient: Sendable {
  ///   var unreadCounts: @Sendable () -> AsyncStream<Int>
  /// }
  ///
  /// extension MessagesClient: DependencyKey {
  ///   static let liveValue = Self(
  ///     unreadCounts: { AsyncStream(Inbox.shared.changes.map { $0.unreadCount }) }
  ///   )
  /// }
  /// ```
  ///
  /// while a test overrides it with a stream it controls:
  ///
  /// ```swift
  /// let counts = AsyncStream.makeStream(of: Int.self)
  /// let model = withDependencies {
  ///   $0.messages.unreadCounts = { counts.stream }
  /// } operation: {
  ///   BadgeModel()
  /// }
  /// counts.continuation.yield(3)
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
    self.init(unfolding: { try? await iterator.next() })
  }

  /// Makes a stream from an async sequence that isn't `Sendable`, by wrapping it in
  /// ``UncheckedSendable``: deprecated, as in the classic module, in favour of saying so.
  ///
  /// ```swift
  /// let stream = AsyncStream(UncheckedSendable(legacySequence))  // instead
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

  /// A stream that never emits and never finishes: iterating it suspends until the iterating task
  /// is cancelled.
  ///
  /// Override a dependency endpoint that returns a stream, in a test that doesn't expect it to
  /// emit:
  ///
  /// ```swift
  /// let model = withDependencies {
  ///   $0.messages.unreadCounts = { .never }
  /// } operation: {
  ///   BadgeModel()
  /// }
  /// ```
  public static var never: Self {
    Self { _ in }
  }

  /// A stream that finishes immediately, without emitting.
  ///
  /// ```swift
  /// let model = withDependencies {
  ///   $0.messages.unreadCounts = { .finished }
  /// } operation: {
  ///   BadgeModel()
  /// }
  /// ```
  public static var finished: Self {
    Self { $0.finish() }
  }
}

extension AsyncSequence {
  /// Erases this sequence to an `AsyncStream` that emits its elements until it ends; a failure of
  /// this sequence ends the stream too (the error is dropped).
  ///
  /// ```swift
  /// let unreadCounts: AsyncStream<Int> = Inbox.shared.changes
  ///   .map { $0.unreadCount }
  ///   .eraseToStream()
  /// ```
  ///
  /// The same as `AsyncStream(self)`: see ``_Concurrency/AsyncStream/init(_:)-nkms``.
  public func eraseToStream() -> AsyncStream<Element> where Self: Sendable {
    AsyncStream(self)
  }

  /// Erases this sequence, which isn't `Sendable`, to an `AsyncStream`, by wrapping it in
  /// ``UncheckedSendable``.
  ///
  /// ```swift
  /// let stream = UncheckedSendable(legacySequence).eraseToStream()  // say so explicitly instead
  /// ```
  @available(
    *, deprecated,
    message:
      "Explicitly wrap this async sequence with 'UncheckedSendable' before erasing to stream."
  )
  public func eraseToStream() -> AsyncStream<Element> {
    AsyncStream(UncheckedSendable(self))
  }
}
