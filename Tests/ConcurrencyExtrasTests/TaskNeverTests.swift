import ConcurrencyExtras
import Testing

@Suite struct TaskNeverTests {
  @Test func suspendsUntilCancelledThenThrowsCancellationError() async {
    let (started, startedSignal) = AsyncStream.makeStream(of: Void.self)
    let task = Task<Int, any Error> {
      startedSignal.yield()
      return try await Task<Int, Never>.never()
    }
    for await _ in started { break }
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
  }

  @Test func theVoidFormSuspendsUntilCancelled() async {
    let (started, startedSignal) = AsyncStream.makeStream(of: Void.self)
    let task = Task {
      startedSignal.yield()
      try await Task.never()
    }
    for await _ in started { break }
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
  }

  @Test func throwsAtOnceInACancelledTask() async {
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      let value: String = try await Task.never()
      return value
    }
    await #expect(throws: CancellationError.self) { try await task.value }
  }

  @Test func satisfiesAnEndpointOfAnyType() async {
    struct User: Sendable {}
    let fetchUser: @Sendable (Int) async throws -> User = { _ in try await Task.never() }
    let task = Task { try await fetchUser(1) }
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
  }
}
