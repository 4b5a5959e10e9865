internal import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The shutdowns no caller waits for: those of a cache released with values never shut down, and
/// those of a test's cache once its test has ended (see `_TestCaches`).
///
/// They run on `_ShutdownExecutor`, so that they start at once instead of queueing behind the
/// process's other work. In a test process, they are counted while they run, and the process waits
/// for them before it exits (`atexit`), after starting the shutdown of the test caches still alive:
/// every value of a test's cache that needs it is shut down before the process exits. A live
/// process does not wait: it shuts its values down with `shutdownDependencies` when it means to.
enum _BackgroundShutdowns {
  private struct State {
    var running = 0
    var exitHandlerInstalled = false
  }

  private static let condition = NSCondition()
  /// Only touched with `condition` locked, hence `nonisolated(unsafe)`.
  nonisolated(unsafe) private static var state = State()

  /// How long the process waits at exit for the background shutdowns still running: as long as a
  /// value's shutdown may take (after which it is reported and left), and a little more.
  static let exitLimit = _ShutdownPlan.releasedCacheTimeout + .seconds(5)

  /// Starts `operation`, a background shutdown, on the shutdown executor; in a test process, the
  /// process exits only once it has finished (or `exitLimit` has passed).
  static func start<T: Sendable>(_ operation: @escaping @Sendable () async -> T) -> Task<T, Never> {
    let counted = ProcessEnvironment.isTestingProcess
    if counted {
      installExitHandler()
      condition.withLock { state.running += 1 }
    }
    return task(detached: true) {
      let result = await operation()
      if counted {
        condition.withLock {
          state.running -= 1
          condition.broadcast()
        }
      }
      return result
    }
  }

  /// Starts `operation` in a task of its own on the shutdown executor: detached, or inheriting the
  /// current task's task-locals and priority (as `Task { }` does).
  static func task<T: Sendable>(
    detached: Bool = false, _ operation: @escaping @Sendable () async -> T
  ) -> Task<T, Never> {
    if #available(macOS 15, *) {
      return detached
        ? Task.detached(executorPreference: _ShutdownExecutor.shared, operation: operation)
        : Task(executorPreference: _ShutdownExecutor.shared, operation: operation)
    }
    return detached ? Task.detached(operation: operation) : Task(operation: operation)
  }

  /// Waits until no background shutdown runs, for at most `limit`; returns how many still run.
  static func waitForAll(limit: Duration) -> Int {
    let deadline = Date(timeIntervalSinceNow: Double(limit.components.seconds))
    return condition.withLock {
      while state.running > 0 && condition.wait(until: deadline) {}
      return state.running
    }
  }

  /// In a test process, makes the process wait for the background shutdowns (and start those of
  /// the test caches still alive) when it exits; once.
  static func installExitHandler() {
    guard ProcessEnvironment.isTestingProcess else { return }
    let install = condition.withLock {
      defer { state.exitHandlerInstalled = true }
      return !state.exitHandlerInstalled
    }
    if install { atexit { _BackgroundShutdowns.processWillExit() } }
  }

  /// At exit (test processes only): starts the shutdown of the test caches still alive, then waits
  /// for every background shutdown.
  static func processWillExit() {
    _TestCaches.shutDownAllInBackground()
    let unfinished = waitForAll(limit: exitLimit)
    guard unfinished > 0 else { return }
    ProcessEnvironment.writeToStandardError(
      """
      ⚠️ swift-dependencies: \(unfinished) background shutdown(s) of test dependencies did not \
      finish within \(exitLimit) of the process exiting; the process exits without them.

      """)
  }
}
