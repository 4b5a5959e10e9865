import Dependencies
import Foundation
import HTTPServing
import Logging
import ServerApp

/// `Server [--port N]`: serves on 127.0.0.1 (port 8080 by default; with 0, one the system chooses,
/// which the log names) until SIGTERM or SIGINT, then shuts its dependencies down and exits.
@main
enum ServerMain {
  // snippet: main
  static func main() async throws {
    @Dependency(\.logger) var logger
    try await serve(port: ServerOptions().port)

    // The server has stopped and no request is in flight: shut the dependencies down, each after
    // those that read it (the audit log before the user directory it stores its entries in).
    let log = logger  // read before the shutdown: a read after it is reported
    let report = await shutdownDependencies(timeout: .seconds(10))
    for (step, entry) in report.entries.enumerated() {
      log.info("shutdown \(step + 1): \(entry.key)")
    }
    exit(report.succeeded ? 0 : 1)
  }
  // end snippet: main
}
