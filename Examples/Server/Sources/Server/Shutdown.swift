import Dependencies
import Greetings

// What this library adds to the application (the classic library has no lifecycles): the
// resources are shutdownable dependencies, so that `shutdownDependencies` closes them in order.

// snippet: shutdown
extension AuditLog: ShutdownableDependency {
  public func shutdown() async {
    await flush()
  }
}

extension UserDirectory: ShutdownableDependency {
  public func shutdown() async {
    await close()
  }
}
// end snippet: shutdown
