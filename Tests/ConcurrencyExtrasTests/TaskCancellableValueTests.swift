import ConcurrencyExtras
import Testing

@Suite struct TaskCancellableValueTests {
  @Test func returnsTheValue() async throws {
    #expect(await Task { 42 }.cancellableValue == 42)
    #expect(try await Task<Int, any Error> { 42 }.cancellableValue == 42)
  }

  @Test func rethrowsTheError() async {
    struct Failure: Error {}
    let task = Task<Int, any Error> { throw Failure() }
    await #expect(throws: Failure.self) { try await task.cancellableValue }
  }

  @Test func cancellingTheWaiterCancelsTheTask() async {
    let (started, startedSignal) = AsyncStream.makeStream(of: Void.self)
    let inner = Task<Bool, Never> {
      startedSignal.yield()
      // Suspends until cancelled.
      for await _ in AsyncStream<Never>.never {}
      return Task.isCancelled
    }
    let waiter = Task { await inner.cancellableValue }
    for await _ in started { break }
    waiter.cancel()
    #expect(await waiter.value)
    #expect(inner.isCancelled)
  }

  @Test func cancellingTheWaiterCancelsAThrowingTask() async {
    let (started, startedSignal) = AsyncStream.makeStream(of: Void.self)
    let inner = Task<Int, any Error> {
      startedSignal.yield()
      return try await Task<Int, Never>.never()
    }
    let waiter = Task { try await inner.cancellableValue }
    for await _ in started { break }
    waiter.cancel()
    await #expect(throws: CancellationError.self) { try await waiter.value }
    #expect(inner.isCancelled)
  }

  @Test func plainValueDoesNotPassCancellationOn() async {
    let (started, startedSignal) = AsyncStream.makeStream(of: Void.self)
    let (release, releaseSignal) = AsyncStream.makeStream(of: Void.self)
    let inner = Task<Bool, Never> {
      startedSignal.yield()
      for await _ in release { break }
      return Task.isCancelled
    }
    let waiter = Task { await inner.value }
    for await _ in started { break }
    waiter.cancel()
    releaseSignal.yield()
    #expect(await waiter.value == false)
  }
}
