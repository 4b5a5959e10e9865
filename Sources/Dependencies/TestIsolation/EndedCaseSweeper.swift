internal import Foundation

/// Sweeps the caches of ended Swift Testing cases while cases run: a thread of its own, which every
/// `interval` removes the caches of the cases that have ended and starts shutting down their values
/// (`_TestCaches.sweepEveryEndedCase()`), and sleeps while no cache of a parameterized case is held.
///
/// `_TestCaches` also sweeps when a case creates its cache, but only every so many caches, and not
/// at all once the last cases have started: without this thread, the caches of a test's last cases
/// (and their values that need shutting down) would be held until a later test creates caches, or
/// until the process exits. A case's end cannot be observed directly (Swift Testing gives no
/// callback; the bridge sees only that an object living as long as the case is gone), hence the
/// polling.
enum _EndedCaseSweeper {
  /// How long after a case ends its cache is swept, at most (plus the time the sweep takes).
  static let interval: TimeInterval = 0.02

  private static let condition = NSCondition()
  /// Only touched with `condition` locked, hence `nonisolated(unsafe)`.
  nonisolated(unsafe) private static var started = false
  /// Set when a case's cache is created, cleared by the thread before each sweep: a creation
  /// during a sweep is never missed.
  nonisolated(unsafe) private static var created = false

  /// Called when the cache of a case of a parameterized test is created: starts the thread, or
  /// wakes it.
  static func caseCacheCreated() {
    condition.lock()
    defer { condition.unlock() }
    created = true
    if !started {
      started = true
      let thread = Thread { run() }
      thread.name = "swift-dependencies ended test cases"
      thread.start()
    }
    condition.signal()
  }

  private static func run() {
    var remaining = 0
    while true {
      condition.lock()
      while remaining == 0 && !created { condition.wait() }
      created = false
      condition.unlock()
      Thread.sleep(forTimeInterval: interval)
      remaining = _TestCaches.sweepEveryEndedCase()
    }
  }
}
