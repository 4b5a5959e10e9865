import Dependencies
import Logging

// snippet: logger
extension DependencyValues {
  /// The logger: the process's, and in a request's scope one that tags each line with the
  /// request's id (`RequestScope`).
  public var logger: Logger {
    get { self[LoggerKey.self] }
    set { self[LoggerKey.self] = newValue }
  }
}

private enum LoggerKey: DependencyKey {
  static var liveValue: Logger { Logger(label: "server") }
}
// end snippet: logger
