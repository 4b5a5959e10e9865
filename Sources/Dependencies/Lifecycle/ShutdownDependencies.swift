/// Shuts down every cached dependency value that conforms to ``ShutdownableDependency``: the
/// graceful end of a server's dependencies.
///
/// Call it once the process has stopped taking work and drained what was in flight:
///
/// ```swift
/// // on SIGTERM:
/// await server.stopAcceptingRequests()
/// await server.drainInFlightRequests()
/// let report = await shutdownDependencies(timeout: .seconds(10))
/// print(report)
/// ```
///
/// - Every cached default value that conforms is shut down exactly once, also when several tasks
///   call this at the same time: every caller waits for the same shutdown and gets the same report.
/// - A value whose default read another cached value (directly, or through values that don't
///   conform) is shut down first: the order is recorded while defaults are computed.
/// - Values that don't depend on each other are shut down concurrently.
/// - A value whose shutdown throws, or does not finish within `timeout`, is reported as an issue
///   (at the location of this call), and the others are shut down all the same. A timed-out
///   shutdown is cancelled and left to finish on its own; the values it reads are shut down after
///   the timeout.
/// - Afterwards, a read of any dependency served from this cache reports an issue that names the
///   key (once per key), and returns the shut-down value (or a new value that is not cached, for a
///   key that had none).
///
/// It acts on the cache of default values the current scope reads: in an application, the
/// process's; in a test, the test's own; inside `withDependencies { $0 = DependencyValues() }`,
/// that scope's. Cancelling the calling task does not stop it. See <doc:Lifecycles>.
///
/// - Parameters:
///   - timeout: How long each value's ``ShutdownableDependency/shutdown()`` may take.
///   - fileID: Where failures and timeouts are reported: the caller's file ID.
///   - filePath: The caller's file path.
///   - line: The caller's line.
///   - column: The caller's column.
/// - Returns: What was shut down, in the order the shutdowns finished.
@discardableResult
public func shutdownDependencies(
  timeout: Duration = .seconds(30),
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) async -> DependencyShutdownReport {
  await DependencyValues._current._cache.shutDown(
    timeout: timeout,
    reporting: .issues(
      at: _ReadSite(fileID: fileID, filePath: filePath, line: line, column: column)))
}
