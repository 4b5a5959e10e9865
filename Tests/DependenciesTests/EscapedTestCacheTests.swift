import Dependencies
import Foundation
import Testing

/// Dependencies carried out of a Swift Testing test with `withEscapedDependencies` keep reading the
/// test's own cache of default values, also where no test is running (a `Task.detached`, a
/// `Thread`), instead of the process-wide one.
@Suite struct EscapedTestCacheTests {
  @Test func aDetachedTaskYieldingTheTestsDependenciesReadsTheTestsCache() async {
    @Dependency(IterationCounterKey.self) var counter
    #expect(counter.next() == 1)
    let next = await withEscapedDependencies { dependencies in
      await Task.detached {
        dependencies.yield {
          @Dependency(IterationCounterKey.self) var counter
          return counter.next()
        }
      }.value
    }
    #expect(next == 2)
    #expect(counter.next() == 3)
  }

  @Test func aThreadYieldingTheTestsDependenciesReadsTheTestsCache() async {
    @Dependency(IterationCounterKey.self) var counter
    #expect(counter.next() == 1)
    let next = await withEscapedDependencies { dependencies in
      await withCheckedContinuation { continuation in
        Thread {
          continuation.resume(
            returning: dependencies.yield {
              @Dependency(IterationCounterKey.self) var counter
              return counter.next()
            })
        }.start()
      }
    }
    #expect(next == 2)
  }

  /// A `Task { }` inherits the test, so it reads the test's cache without help.
  @Test func aTaskInheritsTheTestsCache() async {
    @Dependency(IterationCounterKey.self) var counter
    #expect(counter.next() == 1)
    let next = await Task {
      @Dependency(IterationCounterKey.self) var counter
      return counter.next()
    }.value
    #expect(next == 2)
  }
}
