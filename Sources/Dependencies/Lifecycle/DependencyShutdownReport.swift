/// What ``shutdownDependencies(timeout:fileID:filePath:line:column:)`` did: each value it shut
/// down, and how that went.
///
/// Failures and timeouts are also reported as issues (in a test, they fail the test); the report is
/// for logging and for deciding an exit status:
///
/// ```swift
/// let report = await shutdownDependencies(timeout: .seconds(10))
/// print(report)
/// exit(report.succeeded ? 0 : 1)
/// ```
public struct DependencyShutdownReport: Sendable, CustomStringConvertible {
  /// How shutting down one value went.
  public enum Outcome: Sendable {
    /// ``ShutdownableDependency/shutdown()`` returned.
    case completed
    /// ``ShutdownableDependency/shutdown()`` threw this error.
    case failed(any Error)
    /// ``ShutdownableDependency/shutdown()`` did not return within the timeout. It was cancelled
    /// and left to finish on its own.
    case timedOut
  }

  /// One value that was shut down.
  public struct Entry: Sendable {
    /// The key (or keys, when several keys cached the same object) whose value this was.
    public let key: String
    /// How it went.
    public let outcome: Outcome
    /// How long its shutdown took (the timeout, when it timed out).
    public let duration: Duration
  }

  /// The values shut down, in the order their shutdowns finished. Empty when nothing cached
  /// conforms to ``ShutdownableDependency``.
  public let entries: [Entry]

  /// True when every value's shutdown completed without error or timeout.
  public var succeeded: Bool {
    entries.allSatisfy {
      if case .completed = $0.outcome { return true }
      return false
    }
  }

  /// One line per value: its key, how it went, and how long it took, printed as the dependency
  /// graph prints durations:
  ///
  /// ```
  /// AuditLog: shut down in 0.16 ms
  /// Database: failed after 1.02 ms: connectionReset
  /// Metrics: timed out after 10.00 s
  /// ```
  public var description: String {
    guard !entries.isEmpty else { return "no dependency needed shutting down" }
    return entries.map { entry in
      switch entry.outcome {
      case .completed: "\(entry.key): shut down in \(entry.duration.shortDescription)"
      case .failed(let error):
        "\(entry.key): failed after \(entry.duration.shortDescription): \(error)"
      case .timedOut: "\(entry.key): timed out after \(entry.duration.shortDescription)"
      }
    }.joined(separator: "\n")
  }
}
