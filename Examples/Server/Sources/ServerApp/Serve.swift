import Dependencies
import HTTPServing
import Logging
import ServiceLifecycle

// snippet: serve
/// Opens the server's resources, serves `application()` on `port` until SIGTERM or SIGINT, then
/// shuts the server down gracefully: it stops accepting connections, finishes the requests in
/// flight, and returns once every connection is closed.
public func serve(host: String = "127.0.0.1", port: Int) async throws {
  @Dependency(\.logger) var logger
  // Read once here, outside any request: the audit log and the user directory it reads are made
  // now, from the process's values, and the first request finds them ready.
  @Dependency(\.auditLog) var auditLog
  _ = auditLog

  let server = HTTPServer(host: host, port: port, responder: application(), logger: logger)
  let services = ServiceGroup(
    services: [server], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
  try await services.run()
}
// end snippet: serve
