import ConcurrencyExtras
import Foundation
import Testing

// withMainSerialExecutor makes the order of jobs deterministic, so these tests can say exactly
// what a yield lets run; serialized with the other suites that use it.
extension MainSerialExecutorSuites {
  @Suite struct MegaYieldTests {
    @Test func letsATaskEnqueuedBeforeItRun() async {
      await withMainSerialExecutor {
        let didRun = LockIsolated(false)
        let task = Task { didRun.setValue(true) }
        await Task.megaYield()
        #expect(didRun.value)
        await task.value
      }
    }

    @Test func aCountOfZeroDoesNotYield() async {
      await withMainSerialExecutor {
        let didRun = LockIsolated(false)
        let task = Task { didRun.setValue(true) }
        await Task.megaYield(count: 0)
        #expect(!didRun.value)
        await task.value
        #expect(didRun.value)
      }
    }

    @Test func eachRoundLetsTheOtherTasksReachTheirNextSuspension() async {
      await withMainSerialExecutor {
        let steps = LockIsolated(0)
        let task = Task {
          for _ in 1...3 {
            steps.withValue { $0 += 1 }
            await Task.yield()
          }
        }
        await Task.megaYield(count: 1)
        let afterOne = steps.value
        await Task.megaYield(count: 5)
        #expect(afterOne >= 1)
        #expect(steps.value == 3)
        await task.value
      }
    }
  }
}

@Suite struct MegaYieldCountTests {
  @Test func defaultCountIsTwentyUnlessTheEnvironmentSaysOtherwise() {
    let environmentValue = ProcessInfo.processInfo.environment["TASK_MEGA_YIELD_COUNT"]
    #expect(_defaultMegaYieldCount == _megaYieldCount(environmentValue: environmentValue))
    #expect(_megaYieldCount(environmentValue: nil) == 20)
  }

  @Test func environmentValueIsParsedAndClamped() {
    #expect(_megaYieldCount(environmentValue: "5") == 5)
    #expect(_megaYieldCount(environmentValue: "0") == 0)
    #expect(_megaYieldCount(environmentValue: "-3") == 0)
    #expect(_megaYieldCount(environmentValue: "1000000") == 10_000)
    #expect(_megaYieldCount(environmentValue: "many") == 20)
    #expect(_megaYieldCount(environmentValue: "") == 20)
  }

  @Test func theEnvironmentVariableSetsTheDefault() async {
    await #expect(processExitsWith: .success) {
      setenv("TASK_MEGA_YIELD_COUNT", "3", 1)
      exit(_defaultMegaYieldCount == 3 ? EXIT_SUCCESS : EXIT_FAILURE)
    }
  }
}
