import Logging
import Synchronization

/// The users the server knows, behind a pool of connections: opened at start-up, closed at
/// shutdown. (An in-memory stand-in for a database client: a lookup suspends, as a query does.)
public final class UserDirectory: Sendable {
  private struct State {
    var isOpen = true
    var lookups = 0
    var stored: [String] = []
  }

  private let state = Mutex(State())
  private let names: [String: String]
  private let logger: Logger

  public init(region: String, logger: Logger) {
    self.logger = logger
    self.names = ["ada": "Ada Lovelace", "grace": "Grace Hopper", "alan": "Alan Turing"]
    logger.info("user directory: opened a pool of 4 connections", metadata: ["region": "\(region)"])
  }

  /// The name to greet `user` by: a display name when the directory knows one, else `user`.
  public func displayName(for user: String) async -> String {
    await Task.yield()  // a query's round trip
    let isOpen = state.withLock { state in
      state.lookups += 1
      return state.isOpen
    }
    if !isOpen { logger.error("user directory: lookup of '\(user)' on a closed pool") }
    return names[user] ?? user
  }

  /// Stores `entries` (the audit log's, at its shutdown).
  public func store(_ entries: [String]) {
    state.withLock { $0.stored += entries }
  }

  /// The audit entries stored so far.
  public var storedEntries: [String] {
    state.withLock { $0.stored }
  }

  /// Closes the pool; a lookup after this is an error, and says so.
  public func close() async {
    let (lookups, stored) = state.withLock { state in
      state.isOpen = false
      return (state.lookups, state.stored.count)
    }
    logger.info("user directory: closed (\(lookups) lookups, \(stored) audit entries stored)")
  }
}
