import Foundation
import Greetings
import HTTPServing
import Logging
import ServiceLifecycle

/// `PlainServer [--port N]`: the server of `Server` without a dependency library (see
/// PlainApplication.swift), for `make server-bench` to compare with. Serves until SIGTERM or
/// SIGINT, then closes its resources, dependents first, by hand.
@main
enum PlainServerMain {
  static func main() async throws {
    let logger = Logger(label: "server")
    let settings = ServerSettings()
    let directory = UserDirectory(region: settings.region, logger: logger)
    let auditLog = AuditLog(directory: directory, logger: logger)
    let resources = Resources(
      settings: settings, logger: logger, directory: directory, auditLog: auditLog)
    let server = HTTPServer(
      port: ServerOptions().port, responder: PlainApplication(resources: resources),
      logger: logger)
    let services = ServiceGroup(
      services: [server], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
    try await services.run()
    await auditLog.flush()
    logger.info("shutdown 1: audit log")
    await directory.close()
    logger.info("shutdown 2: user directory")
  }
}
