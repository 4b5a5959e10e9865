import ChildTestRun
import DependenciesTestSupport
import Foundation
import Testing
import XCTest

/// A value that knows whether it has been freed: a read that returns a freed one read through a
/// pointer into a destroyed cache. (AddressSanitizer, which CI runs, reports such a read directly.)
final class Sentinel: @unchecked Sendable {
  // @unchecked: `isAlive` is written once, in deinit, after the last strong reference went away.
  private(set) var isAlive = true
  deinit { isAlive = false }
}

enum SentinelKey: TestDependencyKey {
  static var testValue: Sentinel { Sentinel() }
}

/// Background work that outlives the XCTest method that started it, and keeps reading the root
/// values — served from the running test method's cache — while the next method starts and the
/// previous method's cache is released.
final class BackgroundReader: @unchecked Sendable {
  // @unchecked: the counters are only touched with `lock` held; `thread` is set once, before start.
  private let lock = NSLock()
  private var reads = 0
  private var freedValues = 0
  private var stopped = false
  private var started = false
  private let done = DispatchSemaphore(value: 0)

  static let shared = BackgroundReader()

  /// Whether `start()` was called.
  var isStarted: Bool { lock.withLock { started } }

  func start() {
    lock.withLock { started = true }
    Thread.detachNewThread { [self] in
      while !lock.withLock({ stopped }) {
        @Dependency(SentinelKey.self) var sentinel
        let value = sentinel
        lock.withLock {
          reads += 1
          if !value.isAlive { freedValues += 1 }
        }
      }
      done.signal()
    }
  }

  /// Waits until `count` more reads happened.
  func waitForReads(_ count: Int) {
    let target = lock.withLock { reads } + count
    while lock.withLock({ reads }) < target { usleep(100) }
  }

  /// Stops the thread; returns how many reads returned a freed value.
  func stop() -> Int {
    lock.withLock { stopped = true }
    done.wait()
    return lock.withLock { freedValues }
  }
}

/// Work that outlives the XCTest method that started it keeps reading safely after the method's
/// cache is released. The method that starts the work and the one that checks it run one after
/// the other in a child XCTest run of their own: the check needs the first method to have started
/// the work in its process, which a run that gives each XCTest method a process of its own
/// (`swift test --parallel`) does not do.
@Suite(.enabled(if: ChildTestRun.isSupported, "child runs need /proc/self/exe (Linux)"))
struct XCTestCacheRetirementTests {
  @Test func workThatOutlivesItsTestMethodKeepsReadingSafely() async throws {
    try await ChildXCTestRun.expectEveryMethodPasses(of: XCTestCacheRetirementChild.self, count: 2)
  }
}

/// The methods `XCTestCacheRetirementTests` runs, in this order, in a child process; skipped in
/// any other run.
final class XCTestCacheRetirementChild: XCTestCase {
  override func setUpWithError() throws { try ChildXCTestRun.skipOutsideItsRun(self) }

  /// Starts the reader and returns while it keeps reading.
  func test1StartsWorkThatOutlivesTheTestMethod() {
    BackgroundReader.shared.start()
    BackgroundReader.shared.waitForReads(1_000)
  }

  /// By now the first method's cache was replaced (and released) while the reader kept reading.
  /// The replacement then happens many more times, as it would over thousands of test methods, to
  /// give a read that is still using a released cache every chance to happen.
  func test2TheWorkKeepsReadingSafelyAfterItsTestMethodEnded() {
    // Without the reader, the waits below would never end.
    guard BackgroundReader.shared.isStarted else { return XCTFail("test1 did not run first") }
    for _ in 0..<2_000 {
      _TestCaches._xctestCaseWillStart()
      BackgroundReader.shared.waitForReads(5)
    }
    XCTAssertEqual(BackgroundReader.shared.stop(), 0)
  }
}
