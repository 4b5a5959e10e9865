import Dependencies
import Foundation
import IssueCollecting
import Testing

@Suite(.timeLimit(.minutes(1))) struct FireAndForgetTests {
  @Test func testDefaultRunsTheWorkToCompletion() async {
    let didRun = LockIsolated(false)
    let (_, reporter) = await collectingIssues {
      @Dependency(\.fireAndForget) var fireAndForget
      await fireAndForget {
        await Task.yield()
        didRun.setValue(true)
      }
      #expect(didRun.value)
    }
    #expect(didRun.value)
    #expect(reporter.messages.isEmpty)
  }

  @Test func testDefaultReportsErrors() async {
    struct Failure: Error {}
    let (_, reporter) = await collectingIssues {
      @Dependency(\.fireAndForget) var fireAndForget
      await fireAndForget { throw Failure() }
    }
    #expect(reporter.messages.count == 1)
    #expect(reporter.messages.first?.contains("Caught error: Failure") == true)
  }

  @Test func testDefaultIsNotCancelledWithTheCaller() async {
    let workWasCancelled = LockIsolated<Bool?>(nil)
    await isolated {
      @Dependency(\.fireAndForget) var fireAndForget
      let caller = Task {
        withUnsafeCurrentTask { $0?.cancel() }
        await fireAndForget {
          workWasCancelled.setValue(Task.isCancelled)
        }
      }
      await caller.value
    }
    #expect(workWasCancelled.value == false)
  }

  @Test func liveDoesNotWaitForTheWork() async {
    let gate = Gate()
    let finished = Gate()
    let didRun = LockIsolated(false)
    await isolated {
      await withDependencies {
        $0.context = .live
      } operation: {
        @Dependency(\.fireAndForget) var fireAndForget
        await fireAndForget {
          // Waits for a signal the test only gives once `fireAndForget` has returned.
          await gate.wait()
          didRun.setValue(true)
          finished.open()
        }
      }
    }
    #expect(didRun.value == false)
    gate.open()
    await finished.wait()
    #expect(didRun.value)
  }

  @Test func liveWorkSeesTheCallersDependencies() async {
    let seen = LockIsolated<Date?>(nil)
    let finished = Gate()
    await isolated {
      await withDependencies {
        $0.context = .live
        $0.date.now = Date(timeIntervalSince1970: 1_234_567_890)
      } operation: {
        @Dependency(\.fireAndForget) var fireAndForget
        await fireAndForget(priority: .userInitiated) {
          @Dependency(\.date.now) var now
          seen.setValue(now)
          finished.open()
        }
      }
    }
    await finished.wait()
    #expect(seen.value == Date(timeIntervalSince1970: 1_234_567_890))
  }

  @Test func override() async {
    let calls = LockIsolated<[String?]>([])
    await isolated {
      await withDependencies {
        $0.fireAndForget = FireAndForget { name, _, _ in calls.withValue { $0.append(name) } }
      } operation: {
        @Dependency(\.fireAndForget) var fireAndForget
        await fireAndForget(name: "analytics") { Issue.record("must not run") }
      }
    }
    #expect(calls.value == ["analytics"])
  }
}
