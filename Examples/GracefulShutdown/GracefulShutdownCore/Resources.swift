import Dependencies
import Foundation

// The server's resources, each a live dependency with a lifecycle. What each one's default reads
// decides the shutdown order: the audit log reads the session store, which reads the database, and
// all of them read the journal; metrics read only the journal. So the audit log is shut down
// first, then the session store, then the database (while metrics shut down beside them), and the
// journal last.

/// A connection pool to the database: opened when first read, closed at shutdown.
public final class Database: ShutdownableDependency {
  private let journal: Journal
  private let queries = LockIsolated(0)
  private let isOpen = LockIsolated(true)

  init() {
    @Dependency(\.journal) var journal
    self.journal = journal
    journal.log("database: opened a pool of 4 connections")
  }

  /// Runs a query (here: counts it). A query after the pool closed is a bug, and says so.
  public func execute(_ query: String) {
    guard isOpen.value else {
      return journal.log("database: ERROR: '\(query)' on a closed pool")
    }
    queries.withValue { $0 += 1 }
  }

  public func shutdown() async {
    isOpen.setValue(false)
    journal.log("database: closed (\(queries.value) queries served)")
  }
}

/// The signed-in sessions, saved to the database when the server stops.
public final class SessionStore: ShutdownableDependency {
  private let journal: Journal
  private let database: Database
  private let sessions = LockIsolated<Set<String>>([])

  init() {
    @Dependency(\.journal) var journal
    @Dependency(\.database) var database
    self.journal = journal
    self.database = database
    journal.log("sessions: opened")
  }

  /// Records that `user` made a request.
  public func touch(_ user: String) {
    sessions.withValue { _ = $0.insert(user) }
  }

  public func shutdown() async {
    let count = sessions.value.count
    database.execute("SAVE \(count) sessions")
    journal.log("sessions: saved \(count) sessions to the database")
  }
}

/// The audit log: one entry per request, written through to the session store.
public final class AuditLog: ShutdownableDependency {
  private let journal: Journal
  private let sessions: SessionStore
  private let entries = LockIsolated(0)

  init() {
    @Dependency(\.journal) var journal
    @Dependency(\.sessions) var sessions
    self.journal = journal
    self.sessions = sessions
    journal.log("audit log: opened")
  }

  /// Records a request of `user`.
  public func record(_ user: String) {
    entries.withValue { $0 += 1 }
    sessions.touch(user)
  }

  public func shutdown() async {
    journal.log("audit log: flushed \(entries.value) entries")
  }
}

/// Exports metrics from a background task that runs until shutdown.
public final class Metrics: ShutdownableDependency {
  private let journal: Journal
  private let ticks = LockIsolated(0)
  private let exporter: Task<Void, Never>

  init() {
    @Dependency(\.journal) var journal
    self.journal = journal
    let ticks = ticks
    exporter = Task.detached {
      while !Task.isCancelled {
        try? await Task.sleep(for: .milliseconds(50))
        ticks.withValue { $0 += 1 }
      }
    }
    journal.log("metrics: exporting")
  }

  public func shutdown() async {
    exporter.cancel()
    await exporter.value
    journal.log("metrics: stopped exporting")
  }
}

extension Database: DependencyKey {
  public static var liveValue: Database { Database() }
}

extension SessionStore: DependencyKey {
  public static var liveValue: SessionStore { SessionStore() }
}

extension AuditLog: DependencyKey {
  public static var liveValue: AuditLog { AuditLog() }
}

extension Metrics: DependencyKey {
  public static var liveValue: Metrics { Metrics() }
}

extension DependencyValues {
  /// The database's connection pool.
  public var database: Database {
    get { self[Database.self] }
    set { self[Database.self] = newValue }
  }

  /// The session store.
  public var sessions: SessionStore {
    get { self[SessionStore.self] }
    set { self[SessionStore.self] = newValue }
  }

  /// The audit log.
  public var auditLog: AuditLog {
    get { self[AuditLog.self] }
    set { self[AuditLog.self] = newValue }
  }

  /// The metrics exporter.
  public var metrics: Metrics {
    get { self[Metrics.self] }
    set { self[Metrics.self] = newValue }
  }
}
