import ConcurrencyExtras
import Dispatch
import Foundation
import Testing

/// The suites that open `withMainSerialExecutor` scopes. They run one test at a time: the hook is
/// process-wide, and some tests check that it is off outside a scope.
@Suite(.serialized) enum MainSerialExecutorSuites {}

/// Whether the caller runs on the main dispatch queue, the main actor's executor. (Under Swift
/// Testing on Linux, libdispatch drains that queue on a worker thread, not the process's main
/// thread, so `Thread.isMainThread` doesn't tell.)
func isOnMainQueue() -> Bool {
  DispatchQueue.getSpecific(key: mainQueueKey) == true
}

private let mainQueueKey: DispatchSpecificKey<Bool> = {
  let key = DispatchSpecificKey<Bool>()
  DispatchQueue.main.setSpecific(key: key, value: true)
  return key
}()

extension MainSerialExecutorSuites {
  @Suite struct MainSerialExecutorTests {
    @Test func childTasksRunOnTheMainQueueInTheOrderTheyWereAdded() async {
      let onMainQueue = LockIsolated<[Bool]>([])
      let order = LockIsolated<[Int]>([])
      await withMainSerialExecutor {
        await withTaskGroup(of: Void.self) { group in
          for x in 1...200 {
            group.addTask {
              // Earlier tasks do more work: on a thread pool, later tasks would finish first.
              spin(iterations: (201 - x) * 200)
              onMainQueue.withValue { $0.append(isOnMainQueue()) }
              order.withValue { $0.append(x) }
            }
          }
        }
      }
      #expect(onMainQueue.value == Array(repeating: true, count: 200))
      #expect(order.value == Array(1...200))
    }

    @Test func jobsRunOneAtATime() async {
      let running = LockIsolated(0)
      let mostAtOnce = LockIsolated(0)
      await withMainSerialExecutor {
        await withTaskGroup(of: Void.self) { group in
          for _ in 1...100 {
            group.addTask {
              let now = running.withValue { running -> Int in
                running += 1
                return running
              }
              mostAtOnce.withValue { $0 = max($0, now) }
              spin(iterations: 100_000)
              running.withValue { $0 -= 1 }
            }
          }
        }
      }
      #expect(mostAtOnce.value == 1)
    }

    @Test func aYieldLetsATaskStartedBeforeItRunToItsNextSuspension() async {
      await withMainSerialExecutor {
        let events = LockIsolated<[String]>([])
        let task = Task {
          events.withValue { $0.append("task: first step") }
          await Task.yield()
          events.withValue { $0.append("task: second step") }
        }
        events.withValue { $0.append("test: spawned") }
        await Task.yield()
        events.withValue { $0.append("test: yielded once") }
        await Task.yield()
        events.withValue { $0.append("test: yielded twice") }
        await task.value
        #expect(
          events.value == [
            "test: spawned", "task: first step", "test: yielded once", "task: second step",
            "test: yielded twice",
          ])
      }
    }

    @Test func yieldingTasksInterleaveDeterministically() async {
      let xs = LockIsolated<[Int]>([])
      await withMainSerialExecutor {
        await withTaskGroup(of: Void.self) { group in
          for x in 1...100 {
            group.addTask {
              if x.isMultiple(of: 2) { await Task.yield() }
              xs.withValue { $0.append(x) }
            }
          }
        }
      }
      #expect(
        xs.value == Array(stride(from: 1, to: 100, by: 2))
          + Array(stride(from: 2, through: 100, by: 2)))
    }

    @Test func unstructuredAndDetachedTasksRunOnTheMainQueue() async {
      await withMainSerialExecutor {
        #expect(await Task { isOnMainQueue() }.value)
        #expect(await Task.detached { isOnMainQueue() }.value)
        #expect(await Task.detached(priority: .background) { isOnMainQueue() }.value)
      }
    }

    @Test func actorJobsRunOnTheMainQueue() async {
      actor Counter {
        var count = 0
        func increment() -> Bool {
          count += 1
          return isOnMainQueue()
        }
      }
      let counter = Counter()
      await withMainSerialExecutor {
        #expect(await Task.detached { await counter.increment() }.value)
      }
    }

    @Test func tasksResumedByATimerOrAnotherThreadRunOnTheMainQueue() async throws {
      try await withMainSerialExecutor {
        let afterSleep = try await Task.detached {
          try await Task.sleep(for: .milliseconds(1))
          return isOnMainQueue()
        }.value
        #expect(afterSleep)
        let afterResume = await Task.detached {
          await withCheckedContinuation { continuation in
            Thread { continuation.resume() }.start()
          }
          return isOnMainQueue()
        }.value
        #expect(afterResume)
      }
    }

    @Test func outsideAScopeTasksUseTheGlobalExecutor() async {
      await withMainSerialExecutor { await Task.yield() }
      #expect(!uncheckedUseMainSerialExecutor)
      #expect(await Task.detached { isOnMainQueue() }.value == false)
    }

    @Test func scopesNestAndTheHookStaysUntilTheLastOneCloses() async {
      #expect(!uncheckedUseMainSerialExecutor)
      await withMainSerialExecutor {
        #expect(uncheckedUseMainSerialExecutor)
        await withMainSerialExecutor {
          await Task.yield()
          #expect(uncheckedUseMainSerialExecutor)
        }
        #expect(uncheckedUseMainSerialExecutor)
        #expect(await Task.detached { isOnMainQueue() }.value)
      }
      #expect(!uncheckedUseMainSerialExecutor)
    }

    @Test func overlappingScopesKeepTheHookUntilBothClose() async {
      // Two scopes that close in the order they opened, as parallel tests' scopes can.
      let (firstOpened, firstOpenedSignal) = AsyncStream.makeStream(of: Void.self)
      let (secondOpened, secondOpenedSignal) = AsyncStream.makeStream(of: Void.self)
      let (firstClosed, firstClosedSignal) = AsyncStream.makeStream(of: Void.self)
      let first = Task.detached {
        await withMainSerialExecutor {
          firstOpenedSignal.yield()
          for await _ in secondOpened { break }
        }
        firstClosedSignal.yield()
      }
      let afterFirstClosed = LockIsolated<(installed: Bool, onMainQueue: Bool)?>(nil)
      let second = Task.detached {
        for await _ in firstOpened { break }
        await withMainSerialExecutor {
          secondOpenedSignal.yield()
          for await _ in firstClosed { break }
          let onMainQueue = await Task.detached { isOnMainQueue() }.value
          afterFirstClosed.setValue((uncheckedUseMainSerialExecutor, onMainQueue))
        }
      }
      await first.value
      await second.value
      #expect(afterFirstClosed.value?.installed == true)
      #expect(afterFirstClosed.value?.onMainQueue == true)
      #expect(!uncheckedUseMainSerialExecutor)
    }

    @Test func theUncheckedSwitch() async {
      uncheckedUseMainSerialExecutor = true
      #expect(uncheckedUseMainSerialExecutor)
      #expect(await Task.detached { isOnMainQueue() }.value)
      await withMainSerialExecutor { await Task.yield() }
      #expect(uncheckedUseMainSerialExecutor, "closing a scope keeps the switch on")
      await withMainSerialExecutor {
        uncheckedUseMainSerialExecutor = false
        await Task.yield()
        #expect(uncheckedUseMainSerialExecutor, "an open scope keeps the hook installed")
      }
      #expect(!uncheckedUseMainSerialExecutor)
      #expect(await Task.detached { isOnMainQueue() }.value == false)
    }

    @Test func theSynchronousFormCoversTheOperation() {
      // A synchronous test runs on a thread of the pool, not on the main queue, so it can wait
      // here for the task, which runs on the main queue.
      let finished = DispatchSemaphore(value: 0)
      let ranOnMainQueue = LockIsolated<Bool?>(nil)
      withMainSerialExecutor {
        #expect(uncheckedUseMainSerialExecutor)
        Task.detached {
          ranOnMainQueue.setValue(isOnMainQueue())
          finished.signal()
        }
        #expect(finished.wait(timeout: .now() + 60) == .success)
      }
      #expect(ranOnMainQueue.value == true)
      #expect(!uncheckedUseMainSerialExecutor)
    }

    @Test func errorsAreRethrownAndTheScopeCloses() async {
      struct Failure: Error {}
      await #expect(throws: Failure.self) {
        try await withMainSerialExecutor {
          await Task.yield()
          throw Failure()
        }
      }
      #expect(throws: Failure.self) {
        try withMainSerialExecutor { throw Failure() }
      }
      #expect(!uncheckedUseMainSerialExecutor)
    }
  }
}

/// Busy work that doesn't suspend, so that a job takes a while.
func spin(iterations: Int) {
  var value = 0
  for index in 0..<iterations { value &+= index &* 31 }
  blackHole(value)
}

@inline(never) func blackHole(_ value: Int) {}
