import Logging
import Synchronization

/// Who was greeted, by which request: recorded as requests are served, stored in the user
/// directory when the server shuts down (so it must close before the directory does).
public final class AuditLog: Sendable {
  private let entries = Mutex<[String]>([])
  private let directory: UserDirectory
  private let logger: Logger

  public init(directory: UserDirectory, logger: Logger) {
    self.directory = directory
    self.logger = logger
    logger.info("audit log: opened")
  }

  /// Records that request `requestID` greeted `user`.
  public func record(requestID: String, user: String) {
    entries.withLock { $0.append("\(requestID) greeted \(user)") }
  }

  /// Stores the entries in the directory.
  public func flush() async {
    let flushed = entries.withLock { entries in
      defer { entries.removeAll() }
      return entries
    }
    directory.store(flushed)
    logger.info("audit log: flushed \(flushed.count) entries to the user directory")
  }
}
