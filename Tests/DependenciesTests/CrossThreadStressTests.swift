import Dependencies
import Foundation
import Testing

// Shapes of a server's program that cross threads where the library's memory is shared, for the
// sanitizers as much as for the values: CI runs the whole suite under ThreadSanitizer (make tsan)
// and AddressSanitizer, and a report from the library's code in any of these fails the run, as it
// would fail a user's CI.
//
// - Scopes end on plain threads while tasks, models and queue blocks that read them finish on other
//   threads, with nothing the sanitizer can see ordering the two: the scope objects are freed (or,
//   outside a ThreadSanitizer build, kept for the thread's next scope) after readers it never
//   waited for.
// - Objects returned by scopes (recorded for `withDependencies(from:)`) are changed and dropped on
//   other threads while their records are swept.
// - Reads race a default's first computation in a fresh cache: one instance, whoever computes it.
// - Reads race a shutdown of the cache they read.

// The keys set: SpareNumberKey and SpareTextKey (SpareScopeTests).

/// A default whose computation takes a while and reads another key, so that readers arriving at
/// once find it being computed.
enum StressComputedKey: Dependency.Key {
  static var liveValue: StressComputed { testValue }
  static var testValue: StressComputed {
    @Dependency(SpareNumberKey.self) var number
    usleep(200)
    return StressComputed(number: number)
  }
}

final class StressComputed: Sendable {
  let number: Int
  init(number: Int) { self.number = number }
}

/// A model created in a scope and read after it, elsewhere.
private final class StressModel: @unchecked Sendable {
  // @unchecked Sendable: the property wrappers are only read after initialisation.
  @Dependency(SpareNumberKey.self) var number
  @Dependency(SpareTextKey.self) var text
}

@Suite struct CrossThreadStressTests {
  /// Three plain threads each nest two scopes hundreds of times; inside, a task and a queue block
  /// read the scope's values (the block through a model made in the scope) and finish on other
  /// threads, sometimes before the scope ends (the thread sleeps a little), sometimes after.
  /// Nothing orders a reader's end before the scope's end but the reference counts. Every reader
  /// sees its own scope's values.
  @Test func scopesEndWhileTasksModelsAndQueueBlocksThatReadThemFinishElsewhere() async {
    let rounds = 300
    let mismatches = LockIsolated<[String]>([])
    let readers = DispatchGroup()
    @Sendable func check(_ number: Int, _ text: String, _ round: Int, _ thread: Int, _ who: String)
    {
      if number != round || text != "thread \(thread) is long enough for the heap" {
        mismatches.withValue { $0.append("\(who) on thread \(thread), round \(round): \(number)") }
      }
    }
    await onThreads(3) { thread in
      for round in 0..<rounds {
        withDependencies {
          $0[SpareNumberKey.self] = round
        } operation: {
          withDependencies {
            $0[SpareTextKey.self] = "thread \(thread) is long enough for the heap"
          } operation: {
            readers.enter()
            Task {
              @Dependency(SpareNumberKey.self) var number
              @Dependency(SpareTextKey.self) var text
              check(number, text, round, thread, "task")
              readers.leave()
            }
            let model = StressModel()
            readers.enter()
            DispatchQueue.global().async {
              check(model.number, model.text, round, thread, "queue block")
              readers.leave()
            }
            if round.isMultiple(of: 2) { usleep(50) }
          }
        }
      }
    }
    await withCheckedContinuation { done in readers.notify(queue: .global()) { done.resume() } }
    #expect(mismatches.value.isEmpty, "\(mismatches.value.prefix(5))")
  }

  /// Objects returned by scopes on plain threads (recorded for `withDependencies(from:)`, their
  /// memory pinned until the record is swept) are changed, used and dropped by queue blocks, while
  /// the threads go on returning objects, which sweeps the records of the dropped ones. Each block's
  /// `withDependencies(from:)` sees its object's scope.
  @Test func objectsReturnedByScopesAreChangedAndDroppedOnOtherThreads() async {
    final class Plain: @unchecked Sendable {
      // @unchecked Sendable: only the one queue block that gets the object changes it.
      var changes: [Int] = []
    }
    let mismatches = LockIsolated<[String]>([])
    let blocks = DispatchGroup()
    await onThreads(3) { thread in
      for round in 0..<300 {
        let object = withDependencies {
          $0[SpareNumberKey.self] = round
        } operation: {
          Plain()
        }
        blocks.enter()
        DispatchQueue.global().async {
          object.changes.append(round)
          let seen = withDependencies(from: object) { () -> Int in
            @Dependency(SpareNumberKey.self) var number
            return number
          }
          if seen != round { mismatches.withValue { $0.append("thread \(thread): \(seen)") } }
          blocks.leave()
        }
        if round.isMultiple(of: 2) { usleep(30) }
      }
    }
    await withCheckedContinuation { done in blocks.notify(queue: .global()) { done.resume() } }
    #expect(mismatches.value.isEmpty, "\(mismatches.value.prefix(5))")
  }

  /// Four threads read a default at once in a fresh cache, where its computation has not run: one
  /// computes it, the others wait for it or read what it cached, and all get that one instance.
  @Test func readsRacingAFirstComputationGetItsOneInstance() async {
    for round in 0..<40 {
      let values = withDependencies {
        $0 = DependencyValues()
        $0.context = .test
        $0[SpareNumberKey.self] = round
      } operation: {
        withEscapedDependencies { $0 }
      }
      let seen = LockIsolated<[StressComputed]>([])
      await onThreads(4) { _ in
        values.yield {
          @Dependency(StressComputedKey.self) var computed
          seen.withValue { $0.append(computed) }
        }
      }
      #expect(seen.value.count == 4)
      #expect(seen.value.allSatisfy { $0 === seen.value[0] && $0.number == round })
    }
  }

  /// Child tasks read a cache's values while the cache shuts them down. A read that comes after
  /// the shutdown is reported (once per key) and returns the value that was shut down; every read
  /// returns the instance the cache had, and each value is shut down once.
  @Test func readsRacingAShutdownReadTheCachedInstances() async {
    for _ in 0..<20 {
      let log = ShutdownLog()
      await withOwnCache(log: log) {
        @Dependency(ChainTop.self) var top
        let before = top
        let report = LockIsolated<DependencyShutdownReport?>(nil)
        await withKnownIssue(isIntermittent: true) {
          await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<3 {
              group.addTask {
                var same = true
                for _ in 0..<50 {
                  @Dependency(ChainTop.self) var top
                  same = same && top === before
                  await Task.yield()
                }
                return same
              }
            }
            let shutdown = await shutdownDependencies()
            report.setValue(shutdown)
            for await same in group { #expect(same) }
          }
        } matching: { issue in
          issue.mentions("was read after the dependencies were shut down")
        }
        #expect(report.value?.entries.map(\.key) == ["ChainTop", "ChainMiddle", "ChainBottom"])
        #expect(log.all.filter { $0.hasPrefix("begin") }.count == 3)
      }
    }
  }
}

/// Runs `body` on `count` new threads, passing each its index, and returns once all have returned
/// (without blocking the caller's thread).
private func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) async {
  let group = DispatchGroup()
  for index in 0..<count {
    group.enter()
    Thread {
      body(index)
      group.leave()
    }.start()
  }
  await withCheckedContinuation { done in group.notify(queue: .global()) { done.resume() } }
}
