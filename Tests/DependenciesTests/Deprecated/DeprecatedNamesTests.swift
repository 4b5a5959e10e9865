import Dependencies
import Testing

/// Classic's deprecated names of Dependencies, which keep working: each test is deprecated too, so
/// that calling them doesn't warn.
@Suite struct DeprecatedNamesTests {
  @available(*, deprecated)
  @Test func withValueOverridesOneDependency() async {
    let read = DependencyValues.withValue(\.chain, "overridden") {
      @Dependency(\.chain) var chain
      return chain
    }
    #expect(read == "overridden")
    let readAsync = await DependencyValues.withValue(\.chain, "async") {
      @Dependency(\.chain) var chain
      await Task.yield()
      return chain
    }
    #expect(readAsync == "async")
  }

  @available(*, deprecated)
  @Test func withValuesAndWithTestValuesAreWithDependencies() async throws {
    struct Failure: Error {}
    let read = DependencyValues.withValues {
      $0.chain = "values"
    } operation: {
      @Dependency(\.chain) var chain
      return chain
    }
    #expect(read == "values")
    let readAsync = await DependencyValues.withTestValues {
      $0.chain = "test values"
    } assert: {
      @Dependency(\.chain) var chain
      await Task.yield()
      return chain
    }
    #expect(readAsync == "test values")
    #expect(throws: Failure.self) {
      try DependencyValues.withValues { _ in
      } operation: {
        throw Failure()
      }
    }
  }

  @available(*, deprecated)
  @Test func streamWithContinuationIsMakeStream() async throws {
    let (stream, continuation) = AsyncStream<Int>.streamWithContinuation(
      bufferingPolicy: .bufferingNewest(1))
    continuation.yield(1)
    continuation.yield(2)
    continuation.finish()
    var received: [Int] = []
    for await value in stream { received.append(value) }
    #expect(received == [2])

    struct Failure: Error {}
    let (throwing, throwingContinuation) = AsyncThrowingStream<Int, any Error>
      .streamWithContinuation()
    throwingContinuation.yield(1)
    throwingContinuation.finish(throwing: Failure())
    var iterator = throwing.makeAsyncIterator()
    #expect(try await iterator.next() == 1)
    await #expect(throws: Failure.self) { try await iterator.next() }
  }

  @available(*, deprecated)
  @Test func aBufferingPolicyStreamCopiesTheSequence() async throws {
    var received: [Int] = []
    for await value in AsyncStream([1, 2, 3].async, bufferingPolicy: .unbounded) {
      received.append(value)
    }
    #expect(received == [1, 2, 3])

    struct Failure: Error {}
    let failing = AsyncThrowingStream(Failing(error: Failure()), bufferingPolicy: .unbounded)
    var iterator = failing.makeAsyncIterator()
    #expect(try await iterator.next() == 1)
    await #expect(throws: Failure.self) { try await iterator.next() }
  }

  @available(*, deprecated)
  @Test func anActorIsolatedValueChangesAsynchronously() async {
    let isolated = ActorIsolated([Int]())
    let count = await isolated.withValue { (values: inout [Int]) async -> Int in
      await Task.yield()
      values.append(1)
      return values.count
    }
    #expect(count == 1)
    #expect(await isolated.value == [1])
  }
}

/// Emits 1, then fails.
private struct Failing<Failure: Error & Sendable>: AsyncSequence, Sendable {
  let error: Failure
  struct AsyncIterator: AsyncIteratorProtocol {
    let error: Failure
    var sent = false
    mutating func next() async throws -> Int? {
      if sent { throw error }
      sent = true
      return 1
    }
  }
  func makeAsyncIterator() -> AsyncIterator { AsyncIterator(error: error) }
}

extension Array where Element: Sendable {
  /// The elements as an async sequence.
  fileprivate var async: AsyncStream<Element> {
    AsyncStream { continuation in
      for element in self { continuation.yield(element) }
      continuation.finish()
    }
  }
}
