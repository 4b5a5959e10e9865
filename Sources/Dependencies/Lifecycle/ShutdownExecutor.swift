internal import Foundation

/// The executor background shutdowns run on: one thread of its own, which runs the jobs enqueued on
/// it in order.
///
/// On the global concurrent executor a background shutdown would queue behind every job enqueued
/// before it. In a test run that is every remaining case of a parameterized test (Swift Testing
/// starts them all at once), and the values the shutdown holds — those of the case's cache — stay
/// alive until those have run. Here it starts at once. Only the shutdown's own work runs here: a
/// `shutdown()` isolated to an actor runs on that actor, as anywhere.
@available(macOS 15, *)
final class _ShutdownExecutor: TaskExecutor, @unchecked Sendable {
  // @unchecked Sendable: `jobs` is only touched with `condition` locked; the thread only runs jobs.
  private let condition = NSCondition()
  private var jobs: [UnownedJob] = []

  /// The one instance, whose thread starts on first use and lives as long as the process.
  static let shared = _ShutdownExecutor()

  private init() {
    let thread = Thread { [unowned self] in self.run() }
    thread.name = "swift-dependencies shutdowns"
    thread.start()
  }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    condition.lock()
    jobs.append(job)
    condition.signal()
    condition.unlock()
  }

  private func run() {
    while true {
      condition.lock()
      while jobs.isEmpty { condition.wait() }
      let batch = jobs
      jobs.removeAll(keepingCapacity: true)
      condition.unlock()
      for job in batch { job.runSynchronously(on: asUnownedTaskExecutor()) }
    }
  }
}
