import Dependencies
import Greetings
import HTTPServing
import ServerApp

/// `ClassicServer [--port N]`: Examples/Server's `Server` built against the classic library. The
/// classic library has no `shutdownDependencies`: once the server has stopped, it closes the
/// resources by hand, dependents first, as `Server`'s shutdown does.
@main
enum ClassicServerMain {
  static func main() async throws {
    @Dependency(\.logger) var logger
    @Dependency(\.auditLog) var auditLog
    @Dependency(\.userDirectory) var directory
    try await serve(port: ServerOptions().port)
    await auditLog.flush()
    logger.info("shutdown 1: audit log")
    await directory.close()
    logger.info("shutdown 2: user directory")
  }
}
