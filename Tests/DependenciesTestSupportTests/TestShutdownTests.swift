import ChildTestRun
import DependenciesTestSupport
import Foundation
import Testing
import XCTest

/// A test value that starts a background task, which runs until cancelled; its shutdown cancels it
/// and waits for it.
final class BackgroundTicker: ShutdownableDependency {
  let task: Task<Void, Never>

  init() {
    task = Task.detached {
      while !Task.isCancelled {
        try? await Task.sleep(for: .milliseconds(5))
      }
    }
  }

  var isStopped: Bool { task.isCancelled }

  func shutdown() async {
    task.cancel()
    await task.value
  }

  /// Waits (at most `limit`) until a shutdown stopped the task; false when it did not happen.
  func waitUntilStopped(limit: Duration = .seconds(30)) async -> Bool {
    let task = task
    return await withTaskGroup(of: Bool.self) { group in
      group.addTask {
        await task.value
        return true
      }
      group.addTask {
        try? await Task.sleep(for: limit)
        return false
      }
      let stopped = await group.next()!
      group.cancelAll()
      if !stopped { task.cancel() }  // let the group end
      return stopped
    }
  }
}

enum BackgroundTickerKey: TestDependencyKey {
  static var testValue: BackgroundTicker { BackgroundTicker() }
}

/// A test value whose shutdown fails.
struct FailingShutdown: ShutdownableDependency {
  struct Failure: Error {}
  func shutdown() async throws { throw Failure() }
}

enum FailingShutdownKey: TestDependencyKey {
  static var testValue: FailingShutdown { FailingShutdown() }
}

/// The `.dependencies` trait shuts the values of a test case down when it ends, inside the test.
/// (These tests have no trait of their own: they run the trait's scope themselves.)
@Suite struct TraitShutdownTests {
  let isolation: _DependenciesTrait = .dependencies

  @Test func theTraitShutsTheTestsValuesDownWhenTheTestEnds() async throws {
    let ticker = LockIsolated<BackgroundTicker?>(nil)
    try await isolation.provideScope(for: Test.current!, testCase: Test.Case.current) {
      @Dependency(BackgroundTickerKey.self) var value
      ticker.setValue(value)
      #expect(!value.isStopped)
    }
    #expect(ticker.value?.isStopped == true)
  }

  @Test func aFailingShutdownFailsTheTest() async throws {
    try await withKnownIssue {
      try await isolation.provideScope(for: Test.current!, testCase: Test.Case.current) {
        @Dependency(FailingShutdownKey.self) var value
        _ = value
      }
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("Shutting down FailingShutdownKey threw") }
    }
  }

  /// A test whose values need no shutdown keeps its cache as it was: a read after the test (here,
  /// through its escaped values) reports nothing.
  @Test func aTestWithNothingToShutDownIsLeftAlone() async throws {
    let escaped = LockIsolated<DependencyValues.Continuation?>(nil)
    try await isolation.provideScope(for: Test.current!, testCase: Test.Case.current) {
      @Dependency(\.greeting) var greeting
      #expect(greeting == "test greeting")
      escaped.setValue(withEscapedDependencies { $0 })
    }
    escaped.value?.yield {
      @Dependency(\.greeting) var greeting
      #expect(greeting == "test greeting")
    }
  }
}

/// XCTest: a test method's cache shuts its values down when the method finishes, with and without
/// `DependenciesTestCase`. The method that reads the value and the one that checks it was shut
/// down run one after the other in a child XCTest run of their own: the check needs the first
/// method to have run in its process, which a run that gives each XCTest method a process of its
/// own (`swift test --parallel`) does not do.
@Suite(.enabled(if: ChildTestRun.isSupported, "child runs need /proc/self/exe (Linux)"))
struct XCTestShutdownTests {
  @Test(
    arguments: [
      XCTestShutdownChild.self, DependenciesTestCaseShutdownChild.self,
    ] as [XCTestCase.Type])
  func aMethodsValuesAreShutDownWhenTheMethodFinishes(_ testClass: XCTestCase.Type) async throws {
    try await ChildXCTestRun.expectEveryMethodPasses(of: testClass, count: 2)
  }
}

/// The methods `XCTestShutdownTests` runs, in this order, in a child process; skipped in any other
/// run.
final class XCTestShutdownChild: XCTestCase {
  override func setUpWithError() throws { try ChildXCTestRun.skipOutsideItsRun(self) }

  func test1ReadsAValueThatStartsABackgroundTask() { XCTestShutdownSteps.readTheTicker() }

  func test2TheBackgroundTaskWasStoppedWhenTheMethodFinished() async {
    await XCTestShutdownSteps.checkTheTickerStopped()
  }
}

/// `DependenciesTestCase`: the same, for the cache the class gives each method.
final class DependenciesTestCaseShutdownChild: DependenciesTestCase {
  override func setUpWithError() throws { try ChildXCTestRun.skipOutsideItsRun(self) }

  func test1ReadsAValueThatStartsABackgroundTask() { XCTestShutdownSteps.readTheTicker() }

  func test2TheBackgroundTaskWasStoppedWhenTheMethodFinished() async {
    await XCTestShutdownSteps.checkTheTickerStopped()
  }
}

/// The steps of both child classes: the first method reads a value that starts a background task
/// and keeps it; the second waits for the end of the first to have stopped the task.
enum XCTestShutdownSteps {
  /// The ticker the first method read, for the second (each class has a child process of its own).
  nonisolated(unsafe) private static var ticker: BackgroundTicker?

  static func readTheTicker() {
    @Dependency(BackgroundTickerKey.self) var ticker
    Self.ticker = ticker
    XCTAssertFalse(ticker.isStopped)
  }

  static func checkTheTickerStopped() async {
    guard let ticker else { return XCTFail("test1 did not run first") }
    let stopped = await ticker.waitUntilStopped()
    XCTAssertTrue(stopped)
  }
}
