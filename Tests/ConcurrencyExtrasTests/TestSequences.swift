import ConcurrencyExtras

/// An async sequence of the given elements that logs what is asked of it, and throws `failure`
/// (if any) after the last element.
struct LoggingSequence: AsyncSequence, Sendable {
  let elements: [Int]
  var failure: Boom?
  let log = LockIsolated<[String]>([])

  struct Boom: Error, Equatable {}

  func makeAsyncIterator() -> Iterator {
    log.withValue { $0.append("makeAsyncIterator") }
    return Iterator(sequence: self)
  }

  struct Iterator: AsyncIteratorProtocol {
    let sequence: LoggingSequence
    var index = 0

    mutating func next() async throws -> Int? {
      sequence.log.withValue { $0.append("next") }
      await Task.yield()
      guard index < sequence.elements.count else {
        if let failure = sequence.failure { throw failure }
        return nil
      }
      defer { index += 1 }
      return sequence.elements[index]
    }
  }
}

/// An async sequence that isn't `Sendable`.
final class NonSendableSequence: AsyncSequence {
  let elements: [Int]

  init(_ elements: [Int]) {
    self.elements = elements
  }

  func makeAsyncIterator() -> AsyncStream<Int>.Iterator {
    AsyncStream { continuation in
      for element in elements { continuation.yield(element) }
      continuation.finish()
    }.makeAsyncIterator()
  }
}

/// An async sequence whose `next()` waits until the iterating task is cancelled, and records that
/// it saw the cancellation.
struct WaitsForCancellation: AsyncSequence, Sendable {
  let sawCancellation = LockIsolated(false)
  let started: AsyncStream<Void>.Continuation

  struct Iterator: AsyncIteratorProtocol {
    let sequence: WaitsForCancellation

    func next() async throws -> Int? {
      sequence.started.yield()
      for await _ in AsyncStream<Never>.never {}
      sequence.sawCancellation.setValue(Task.isCancelled)
      throw CancellationError()
    }
  }

  func makeAsyncIterator() -> Iterator {
    Iterator(sequence: self)
  }
}
