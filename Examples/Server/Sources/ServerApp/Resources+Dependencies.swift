import Dependencies
import Greetings

// The server's resources as dependencies. Each live value is made the first time it is read, from
// the values it reads itself: the audit log reads the user directory, which reads the settings and
// the logger. `serve(port:)` reads them once at start-up, outside any request, so that they are
// made from the process's values.

// snippet: resources
extension DependencyValues {
  public var settings: ServerSettings {
    get { self[SettingsKey.self] }
    set { self[SettingsKey.self] = newValue }
  }

  public var userDirectory: UserDirectory {
    get { self[UserDirectoryKey.self] }
    set { self[UserDirectoryKey.self] = newValue }
  }

  public var auditLog: AuditLog {
    get { self[AuditLogKey.self] }
    set { self[AuditLogKey.self] = newValue }
  }
}

private enum SettingsKey: DependencyKey {
  static let liveValue = ServerSettings()
}

private enum UserDirectoryKey: DependencyKey {
  static var liveValue: UserDirectory {
    @Dependency(\.settings) var settings
    @Dependency(\.logger) var logger
    return UserDirectory(region: settings.region, logger: logger)
  }
}

private enum AuditLogKey: DependencyKey {
  static var liveValue: AuditLog {
    @Dependency(\.userDirectory) var directory
    @Dependency(\.logger) var logger
    return AuditLog(directory: directory, logger: logger)
  }
}
// end snippet: resources
