import Dependencies

/// The whole life of the server: start, handle requests until a termination signal, then stop
/// gracefully — refuse new requests, drain those in flight, and shut the dependencies down.
///
/// Requests come from `commands`, one per element: `request <id> <user>` starts one, and (for a
/// driver that decides when requests finish) `complete <id>` lets it finish; with
/// `completeAfter` set, requests finish by themselves after that long instead.
///
/// Once warmed up (every resource opened), it logs the dependencies it built as a text tree
/// (`DependencyValues.graph`), and with `logsMermaid` as a Mermaid flowchart too.
public struct GracefulServer: Sendable {
  public var completeAfter: Duration?
  public var logsMermaid: Bool

  public init(completeAfter: Duration? = nil, logsMermaid: Bool = false) {
    self.completeAfter = completeAfter
    self.logsMermaid = logsMermaid
  }

  /// Runs until one of `signals` arrives and the shutdown is over; returns the exit status (0 when
  /// every dependency shut down cleanly).
  public func run(
    commands: some AsyncSequence<String, Never> & Sendable,
    signals: some AsyncSequence<Int32, Never>
  ) async -> Int32 {
    @Dependency(\.journal) var currentJournal
    let journal = currentJournal
    let server = RequestServer()
    await server.start()
    // snippet: graph
    // What the warm-up built: each value, what its computation read, how long it took, and the
    // order in which the resources will be shut down.
    let graph = DependencyValues.graph
    journal.log("dependencies after warm-up:\n\(graph)")
    // end snippet: graph
    if logsMermaid { journal.log("```mermaid\n\(graph.mermaid)\n```") }
    let completions = Completions()

    // Commands are read in a task of their own, so that requests keep coming (and are refused)
    // while the server drains.
    let reader = Task {
      for await command in commands {
        let words = command.split(separator: " ").map(String.init)
        switch words.first {
        case "request" where words.count >= 2:
          let id = words[1]
          let user = words.count > 2 ? words[2] : "anonymous"
          let completeAfter = completeAfter
          await server.accept(id, user: user) {
            if let completeAfter {
              try? await Task.sleep(for: completeAfter)
            } else {
              await completions.wait(for: id)
            }
          }
        case "complete" where words.count >= 2:
          completions.complete(words[1])
        default:
          journal.log("unknown command: \(command)")
        }
      }
    }

    var received: Int32?
    for await signal in signals {
      received = signal
      break
    }
    guard let signal = received else { return 1 }
    let inFlight = await server.stopAccepting()
    journal.log(
      "received \(SignalStream.name(of: signal)): no longer accepting requests, "
        + "waiting for \(inFlight) in flight")
    await server.drain()
    journal.log("drained: no request in flight")
    let report = await shutdownDependencies(timeout: .seconds(5))
    reader.cancel()
    // The journal is closed now: the summary goes to the journal's own output directly.
    writeToStandardOutput(
      report.succeeded ? "shut down cleanly" : "shut down with failures:\n\(report)")
    return report.succeeded ? 0 : 1
  }
}

/// The requests waiting to be told to finish (`complete <id>`), and those told before they waited.
final class Completions: Sendable {
  private struct State {
    var waiting: [String: CheckedContinuation<Void, Never>] = [:]
    var completed: Set<String> = []
  }

  private let state = LockIsolated(State())

  func wait(for id: String) async {
    await withCheckedContinuation { continuation in
      let done = state.withValue { state in
        if state.completed.remove(id) != nil { return true }
        state.waiting[id] = continuation
        return false
      }
      if done { continuation.resume() }
    }
  }

  func complete(_ id: String) {
    let continuation = state.withValue { state in
      guard let continuation = state.waiting.removeValue(forKey: id) else {
        state.completed.insert(id)
        return nil as CheckedContinuation<Void, Never>?
      }
      return continuation
    }
    continuation?.resume()
  }
}
