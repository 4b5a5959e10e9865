import Dependencies

/// Accepts requests until it is told to stop, and knows which are still in flight.
///
/// Each request runs in a task of its own; `stopAccepting()` makes every later request be refused,
/// and `drain()` waits until the requests in flight have finished.
public actor RequestServer {
  @Dependency(\.journal) private var journal
  @Dependency(\.auditLog) private var auditLog
  @Dependency(\.database) private var database
  @Dependency(\.metrics) private var metrics

  private var isAccepting = true
  private var inFlight: [String: Task<Void, Never>] = [:]

  public init() {}

  /// Opens every resource now, rather than at the first request.
  public func start() {
    _ = (auditLog, database, metrics)
    journal.log("ready")
  }

  /// Handles request `id` of `user` in a task of its own; `work` is what the request waits for.
  /// Refused once the server stopped accepting.
  public func accept(
    _ id: String, user: String, work: @escaping @Sendable () async -> Void
  ) {
    guard isAccepting else {
      return journal.log("request \(id): refused, the server is shutting down")
    }
    journal.log("request \(id): started")
    let auditLog = auditLog
    let database = database
    let journal = journal
    inFlight[id] = Task {
      auditLog.record(user)
      database.execute("SELECT * FROM orders WHERE user = '\(user)'")
      await work()
      database.execute("UPDATE orders SET seen = true WHERE user = '\(user)'")
      journal.log("request \(id): finished")
      self.finished(id)
    }
  }

  private func finished(_ id: String) {
    inFlight[id] = nil
  }

  /// Stops accepting requests; returns how many are in flight.
  public func stopAccepting() -> Int {
    isAccepting = false
    return inFlight.count
  }

  /// Waits until every request in flight has finished.
  public func drain() async {
    while let (_, task) = inFlight.first {
      await task.value
    }
  }
}
