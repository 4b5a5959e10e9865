import ConcurrencyExtras
import Foundation
import XCTest

/// The synchronous `withMainSerialExecutor` around XCTest's `invokeTest`, the way to run every test
/// of a test case serially. XCTest runs one test at a time on the main thread; on Linux its run
/// loop drains the main queue there, so the jobs run on the main thread itself.
final class MainSerialExecutorInvokeTestTests: XCTestCase {
  override func invokeTest() {
    withMainSerialExecutor {
      super.invokeTest()
    }
  }

  func testChildTasksRunOnTheMainThreadInOrder() async {
    let xs = LockIsolated<[Int]>([])
    let onMainThread = LockIsolated<[Bool]>([])
    await withTaskGroup(of: Void.self) { group in
      for x in 1...100 {
        group.addTask {
          onMainThread.withValue { $0.append(Thread.isMainThread && isOnMainQueue()) }
          xs.withValue { $0.append(x) }
        }
      }
    }
    XCTAssertEqual(xs.value, Array(1...100))
    XCTAssertEqual(onMainThread.value, Array(repeating: true, count: 100))
  }

  func testUnstructuredTasksRunBeforeTheTestResumesFromAYield() async {
    let xs = LockIsolated<[Int]>([])
    for x in 1...100 {
      Task { xs.withValue { $0.append(x) } }
    }
    await Task.yield()
    XCTAssertEqual(xs.value, Array(1...100))
  }

  func testTheHookIsInstalledForTheWholeTest() async {
    XCTAssertTrue(uncheckedUseMainSerialExecutor)
    await Task.yield()
    XCTAssertTrue(uncheckedUseMainSerialExecutor)
  }
}
