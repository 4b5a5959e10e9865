import ConcurrencyExtras
import Testing

@Suite struct AsyncStreamTests {
  @Test func emitsTheSequencesElementsThenFinishes() async {
    let sequence = LoggingSequence(elements: [1, 2, 3])
    var received: [Int] = []
    for await element in AsyncStream(sequence) { received.append(element) }
    #expect(received == [1, 2, 3])
  }

  @Test func pullsLazilyAndOnDemand() async {
    let sequence = LoggingSequence(elements: [1, 2, 3])
    let stream = AsyncStream(sequence)
    #expect(sequence.log.value == [])
    var iterator = stream.makeAsyncIterator()
    #expect(await iterator.next() == 1)
    #expect(sequence.log.value == ["makeAsyncIterator", "next"])
    #expect(await iterator.next() == 2)
    #expect(sequence.log.value == ["makeAsyncIterator", "next", "next"])
  }

  @Test func aFailureEndsTheStream() async {
    let sequence = LoggingSequence(elements: [1, 2], failure: .init())
    let stream = AsyncStream(sequence)
    var received: [Int] = []
    for await element in stream { received.append(element) }
    #expect(received == [1, 2])
    var iterator = stream.makeAsyncIterator()
    #expect(await iterator.next() == nil)
    #expect(sequence.log.value == ["makeAsyncIterator", "next", "next", "next"])
  }

  @Test func eraseToStream() async {
    let stream: AsyncStream<Int> = LoggingSequence(elements: [1, 2, 3]).eraseToStream()
    var received: [Int] = []
    for await element in stream { received.append(element) }
    #expect(received == [1, 2, 3])
  }

  @Test func erasesAChainOfOperators() async {
    let stream = LoggingSequence(elements: [1, 2, 3, 4]).filter { $0.isMultiple(of: 2) }
      .map { "\($0)" }
    var received: [String] = []
    for await element in UncheckedSendable(stream).eraseToStream() { received.append(element) }
    #expect(received == ["2", "4"])
  }

  @Test func concurrentConsumersEachGetDistinctElements() async {
    let stream = AsyncStream(LoggingSequence(elements: Array(1...200)))
    let received = await withTaskGroup(of: [Int].self) { group in
      for _ in 1...4 {
        group.addTask {
          var received: [Int] = []
          for await element in stream { received.append(element) }
          return received
        }
      }
      return await group.reduce(into: []) { $0 += $1 }
    }
    #expect(received.sorted() == Array(1...200))
  }

  @Test func cancellingTheConsumerCancelsTheSequencesNext() async {
    let (started, startedSignal) = AsyncStream.makeStream(of: Void.self)
    let sequence = WaitsForCancellation(started: startedSignal)
    let consumer = Task {
      for await _ in AsyncStream(sequence) {}
    }
    for await _ in started { break }
    consumer.cancel()
    await consumer.value
    #expect(sequence.sawCancellation.value)
  }

  @Test func neverEmitsAndEndsWhenTheConsumerIsCancelled() async {
    let (started, startedSignal) = AsyncStream.makeStream(of: Void.self)
    let consumer = Task {
      var count = 0
      startedSignal.yield()
      for await _ in AsyncStream<Int>.never { count += 1 }
      return count
    }
    for await _ in started { break }
    consumer.cancel()
    #expect(await consumer.value == 0)
  }

  @Test func finishedEndsAtOnce() async {
    var count = 0
    for await _ in AsyncStream<Int>.finished { count += 1 }
    #expect(count == 0)
  }

  @Test func aNonSendableSequenceWrappedInUncheckedSendable() async {
    var received: [Int] = []
    for await element in AsyncStream(UncheckedSendable(NonSendableSequence([1, 2]))) {
      received.append(element)
    }
    #expect(received == [1, 2])
  }

  // The deprecated initializer, for sequences that aren't Sendable: deprecated here so that
  // calling it doesn't warn.
  @available(*, deprecated)
  @Test func makingAStreamOfANonSendableSequenceWrapsItUnchecked() async {
    var received: [Int] = []
    for await element in AsyncStream(NonSendableSequence([1, 2])) { received.append(element) }
    #expect(received == [1, 2])
  }

  // The deprecated overload, for sequences that aren't Sendable: deprecated here so that calling
  // it doesn't warn.
  @available(*, deprecated)
  @Test func erasingANonSendableSequenceWrapsItUnchecked() async {
    var received: [Int] = []
    for await element in NonSendableSequence([1, 2]).eraseToStream() { received.append(element) }
    #expect(received == [1, 2])
  }
}

// Serial execution makes the order deterministic: the second consumer is waiting for its turn
// when it is cancelled.
extension MainSerialExecutorSuites {
  @Suite struct AsyncStreamConsumerCancellationTests {
    @Test func aConsumerWaitingForItsTurnStopsWhenCancelled() async {
      await withMainSerialExecutor {
        let (started, startedSignal) = AsyncStream.makeStream(of: Void.self)
        let sequence = WaitsForCancellation(started: startedSignal)
        let stream = AsyncStream(sequence)
        let first = Task {
          for await _ in stream {}
        }
        for await _ in started { break }  // the first consumer holds the iterator
        let secondEnded = LockIsolated(false)
        let second = Task {
          for await _ in stream {}
          secondEnded.setValue(true)
        }
        await Task.megaYield()  // the second consumer reaches its turn, and waits
        second.cancel()
        await Task.megaYield()
        #expect(secondEnded.value)
        first.cancel()
        await first.value
        await second.value
        #expect(sequence.sawCancellation.value)
      }
    }
  }
}
