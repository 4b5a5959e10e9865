/// A dependency value that owns resources to release when the process is done with it: a
/// connection pool, an HTTP client, a file handle, a background task.
///
/// Conform the value a key's `liveValue` (or `testValue`) returns, and implement ``shutdown()``:
///
/// ```swift
/// final class ConnectionPool: ShutdownableDependency {
///   private let connections: [Connection]
///   init(size: Int) { connections = (0..<size).map { _ in Connection() } }
///
///   func shutdown() async throws {
///     for connection in connections { try await connection.close() }
///   }
/// }
///
/// extension ConnectionPool: DependencyKey {
///   static var liveValue: ConnectionPool { ConnectionPool(size: 8) }
/// }
/// ```
///
/// ``shutdownDependencies(timeout:fileID:filePath:line:column:)`` then shuts down every cached
/// default value that conforms, exactly once each: a value whose default read another cached value
/// goes first, values that don't depend on each other go concurrently, and a failure or a timeout
/// is reported without stopping the others. In a test, the values of a test's own cache are shut
/// down when the test ends (with the `.dependencies` trait) or when its cache is released. See
/// <doc:Lifecycles>.
///
/// Only default values are shut down: a value set with `withDependencies` belongs to whoever
/// created it. A value given to `prepareDependencies` is cached, and is shut down like a default. A
/// default computed from a scope's overrides is not cached: the scope keeps it, and shuts it down in
/// the background when the scope is released.
///
/// The namespaced spelling is `Dependency.Shutdownable`.
public protocol ShutdownableDependency: Sendable {
  /// Releases what the value owns. Called at most once per cached value, after every cached value
  /// whose default read this one has finished shutting down.
  ///
  /// Throw to report a failure: it is reported as an issue, and the other values are still shut
  /// down. A shutdown that runs past the timeout is cancelled (cooperatively: `Task.isCancelled`
  /// becomes true) and reported, and the values it reads are shut down without waiting for it.
  ///
  /// ```swift
  /// func shutdown() async throws {
  ///   flushTask.cancel()
  ///   await flushTask.value
  ///   try await socket.close()
  /// }
  /// ```
  func shutdown() async throws
}

extension Dependency {
  /// A dependency value that owns resources to release at shutdown: the same protocol as
  /// ``ShutdownableDependency``.
  public typealias Shutdownable = ShutdownableDependency
}
