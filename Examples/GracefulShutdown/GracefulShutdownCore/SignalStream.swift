import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The termination signals (SIGTERM, SIGINT) the process receives, as an asynchronous sequence.
///
/// Creating it replaces the signals' default action (ending the process at once) with delivery
/// here, so that the server can stop gracefully.
public struct SignalStream: AsyncSequence, Sendable {
  public typealias Element = Int32

  private let stream: AsyncStream<Int32>
  private let sources: Sources

  /// Keeps the dispatch sources alive as long as the stream.
  private final class Sources: @unchecked Sendable {
    // @unchecked Sendable: the sources are set up in `init` and never touched again.
    let sources: [any DispatchSourceSignal]
    init(_ sources: [any DispatchSourceSignal]) { self.sources = sources }
  }

  /// Starts listening for `signals`.
  public init(_ signals: [Int32] = [SIGTERM, SIGINT]) {
    let (stream, continuation) = AsyncStream<Int32>.makeStream()
    let queue = DispatchQueue(label: "signals")
    sources = Sources(
      signals.map { number in
        signal(number, SIG_IGN)  // the dispatch source receives it instead
        let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
        source.setEventHandler { continuation.yield(number) }
        source.resume()
        return source
      })
    self.stream = stream
  }

  public func makeAsyncIterator() -> AsyncStream<Int32>.Iterator {
    stream.makeAsyncIterator()
  }

  /// The signal's name.
  public static func name(of signal: Int32) -> String {
    switch signal {
    case SIGTERM: "SIGTERM"
    case SIGINT: "SIGINT"
    default: "signal \(signal)"
    }
  }
}
