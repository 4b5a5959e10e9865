internal import Foundation

/// Sweeps the caches of ended Swift Testing cases while cases run: a thread of its own, which every
/// `interval` removes the caches of the cases that have ended and starts shutting down their values
/// (`_TestCaches.sweepEveryEndedCase()`), and ends when no cache of a case that may end is left.
/// `_TestCaches` starts it when such a cache is created and no sweeper runs (whether one runs is
/// part of its locked state, so a creation never misses a sweeper that is ending).
///
/// `_TestCaches` also sweeps when a case creates its cache, but only every so many caches, and not
/// at all once the last cases have started: without this thread, the caches of a test's last cases
/// (and their values that need shutting down) would be held until a later test creates caches, or
/// until the process exits. A case's end cannot be observed directly (Swift Testing gives no
/// callback; the bridge sees only that an object living as long as the case is gone, an object
/// Testing owns), hence the polling.
enum _EndedCaseSweeper {
  /// How long after a case ends its cache is swept, at most (plus the time the sweep takes).
  static let interval: TimeInterval = 0.02

  /// Starts the thread; `_TestCaches` calls it once for each time it marks the sweeper running.
  static func start() {
    let thread = Thread {
      repeat {
        Thread.sleep(forTimeInterval: interval)
      } while _TestCaches.sweepEveryEndedCase()
    }
    thread.name = "swift-dependencies ended test cases"
    thread.start()
  }
}
