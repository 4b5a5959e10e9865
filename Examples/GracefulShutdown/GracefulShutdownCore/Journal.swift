import Dependencies
import Foundation

/// Where the server says what happens, one line at a time: standard output in the live server,
/// written at once, so that a process reading the server's output (its test) sees each line as it
/// is written.
///
/// Every resource writes to the journal, so every resource's default reads it: it is shut down
/// last.
public final class Journal: ShutdownableDependency {
  private let write: @Sendable (String) -> Void
  private let isClosed = LockIsolated(false)

  /// A journal that hands each line to `write`.
  public init(write: @escaping @Sendable (String) -> Void) {
    self.write = write
  }

  /// Writes `line`; a line written after the journal closed is marked as such.
  public func log(_ line: String) {
    write(isClosed.value ? "AFTER CLOSE: \(line)" : line)
  }

  public func shutdown() async {
    log("journal: closed")
    isClosed.setValue(true)
  }
}

extension Journal: DependencyKey {
  public static var liveValue: Journal { Journal(write: writeToStandardOutput) }
}

/// Writes `line` to standard output at once (no buffering, so no flush: a flush of every stream
/// would wait for the thread that reads standard input).
public func writeToStandardOutput(_ line: String) {
  FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

extension DependencyValues {
  /// The server's journal.
  public var journal: Journal {
    get { self[Journal.self] }
    set { self[Journal.self] = newValue }
  }
}
