import Dependencies
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A feed of numbers made with the classic library's deprecated `streamWithContinuation`.
public struct NumberFeed: Sendable {
  public let numbers: AsyncStream<Int>
  public let failures: AsyncThrowingStream<Int, any Error>
  private let continuation: AsyncStream<Int>.Continuation
  private let failureContinuation: AsyncThrowingStream<Int, any Error>.Continuation

  @available(*, deprecated)
  public init() {
    (numbers, continuation) = AsyncStream<Int>.streamWithContinuation()
    (failures, failureContinuation) = AsyncThrowingStream<Int, any Error>.streamWithContinuation()
  }

  public func send(_ number: Int) { continuation.yield(number) }
  public func finish() { continuation.finish() }
  public func fail(_ error: any Error) { failureContinuation.finish(throwing: error) }
}

/// The built-ins that the manifest's traits keep (Clocks, Foundation, FoundationNetworking).
public func builtIns() -> (clock: any Clock<Duration>, now: Date, session: URLSession) {
  @Dependency(\.continuousClock) var clock
  @Dependency(\.date.now) var now
  @Dependency(\.urlSession) var session
  return (clock, now, session)
}
