import ConcurrencyExtras
import Testing

@Suite struct AsyncThrowingStreamTests {
  @Test func emitsTheSequencesElementsThenFinishes() async throws {
    var received: [Int] = []
    for try await element in AsyncThrowingStream(LoggingSequence(elements: [1, 2, 3])) {
      received.append(element)
    }
    #expect(received == [1, 2, 3])
  }

  @Test func pullsLazilyAndOnDemand() async throws {
    let sequence = LoggingSequence(elements: [1, 2, 3])
    let stream = AsyncThrowingStream(sequence)
    #expect(sequence.log.value == [])
    var iterator = stream.makeAsyncIterator()
    #expect(try await iterator.next() == 1)
    #expect(sequence.log.value == ["makeAsyncIterator", "next"])
  }

  @Test func rethrowsTheSequencesFailureThenEnds() async throws {
    let stream = AsyncThrowingStream(LoggingSequence(elements: [1, 2], failure: .init()))
    var iterator = stream.makeAsyncIterator()
    #expect(try await iterator.next() == 1)
    #expect(try await iterator.next() == 2)
    await #expect(throws: LoggingSequence.Boom.self) { try await iterator.next() }
    #expect(try await iterator.next() == nil)
  }

  @Test func eraseToThrowingStream() async throws {
    let stream: AsyncThrowingStream<Int, any Error> =
      LoggingSequence(elements: [1, 2], failure: .init()).eraseToThrowingStream()
    var received: [Int] = []
    await #expect(throws: LoggingSequence.Boom.self) {
      for try await element in stream { received.append(element) }
    }
    #expect(received == [1, 2])
  }

  @Test func concurrentConsumersEachGetDistinctElements() async throws {
    let stream = AsyncThrowingStream(LoggingSequence(elements: Array(1...200)))
    let received = try await withThrowingTaskGroup(of: [Int].self) { group in
      for _ in 1...4 {
        group.addTask {
          var received: [Int] = []
          for try await element in stream { received.append(element) }
          return received
        }
      }
      return try await group.reduce(into: []) { $0 += $1 }
    }
    #expect(received.sorted() == Array(1...200))
  }

  @Test func neverEmitsAndEndsWhenTheConsumerIsCancelled() async throws {
    let (started, startedSignal) = AsyncStream.makeStream(of: Void.self)
    let consumer = Task {
      var count = 0
      startedSignal.yield()
      for try await _ in AsyncThrowingStream<Int, any Error>.never { count += 1 }
      return count
    }
    for await _ in started { break }
    consumer.cancel()
    #expect(try await consumer.value == 0)
  }

  @Test func finishedEndsAtOnceOrThrows() async throws {
    var count = 0
    for try await _ in AsyncThrowingStream<Int, any Error>.finished() { count += 1 }
    #expect(count == 0)
    struct Offline: Error {}
    await #expect(throws: Offline.self) {
      for try await _ in AsyncThrowingStream<Int, any Error>.finished(throwing: Offline()) {}
    }
  }

  @Test func aNonSendableSequenceWrappedInUncheckedSendable() async throws {
    var received: [Int] = []
    for try await element in AsyncThrowingStream(UncheckedSendable(NonSendableSequence([1, 2]))) {
      received.append(element)
    }
    #expect(received == [1, 2])
  }

  // The deprecated initializer, for sequences that aren't Sendable: deprecated here so that
  // calling it doesn't warn.
  @available(*, deprecated)
  @Test func makingAStreamOfANonSendableSequenceWrapsItUnchecked() async throws {
    var received: [Int] = []
    for try await element in AsyncThrowingStream(NonSendableSequence([1, 2])) {
      received.append(element)
    }
    #expect(received == [1, 2])
  }

  // The deprecated overload, for sequences that aren't Sendable: deprecated here so that calling
  // it doesn't warn.
  @available(*, deprecated)
  @Test func erasingANonSendableSequenceWrapsItUnchecked() async throws {
    var received: [Int] = []
    for try await element in NonSendableSequence([1, 2]).eraseToThrowingStream() {
      received.append(element)
    }
    #expect(received == [1, 2])
  }
}
