import Clocks
import ConcurrencyExtras
import IssueCollecting
import Testing

@Suite(.timeLimit(.minutes(1))) struct TestClockTests {
  @MainActor
  @Test func concurrentSleepersWakeInDeadlineOrder() async throws {
    let clock = TestClock()
    let woken = LockIsolated<[Int]>([])
    var sleepers: [Task<Void, any Error>] = []
    // Start the sleepers one after another, so that sleepers with equal deadlines have a known
    // order. They all sleep at once; the clock resumes them one at a time, earliest deadline
    // first, yielding in between, and they record their wake-up on the main actor.
    for (index, seconds) in [3, 1, 2, 1].enumerated() {
      sleepers.append(
        Task { @MainActor in
          try await clock.sleep(for: .seconds(seconds))
          woken.withValue { $0.append(index) }
        })
      await waitForSleepers(clock, count: index + 1)
    }
    #expect(woken.value.isEmpty)

    await clock.advance(by: .seconds(3))
    for sleeper in sleepers { try await sleeper.value }
    // Deadline 1 (indices 1 then 3, in the order they started sleeping), then 2, then 3.
    #expect(woken.value == [1, 3, 2, 0])
    #expect(clock.now == .init(offset: .seconds(3)))
  }

  @Test func partialAdvancesWakeOnlyTheDueSleepers() async throws {
    let clock = TestClock()
    let first = Task { try await clock.sleep(for: .seconds(2)) }
    let second = Task { try await clock.sleep(for: .seconds(5)) }
    await waitForSleepers(clock, count: 2)

    await clock.advance(by: .seconds(1))
    #expect(clock._sleeperCount == 2)
    #expect(clock.now == .init(offset: .seconds(1)))

    await clock.advance(by: .seconds(1))
    try await first.value
    #expect(clock._sleeperCount == 1)

    await clock.advance(by: .seconds(2))
    #expect(clock._sleeperCount == 1)

    await clock.advance(to: .init(offset: .seconds(5)))
    try await second.value
    #expect(clock._sleeperCount == 0)
    #expect(clock.now == .init(offset: .seconds(5)))
  }

  @Test func aTimerTicksOncePerAdvance() async throws {
    let clock = TestClock()
    let ticks = LockIsolated(0)
    let timer = Task {
      while true {
        try await clock.sleep(for: .seconds(1))
        ticks.withValue { $0 += 1 }
      }
    }
    await waitForSleepers(clock, count: 1)
    for expected in 1...5 {
      await clock.advance(by: .seconds(1))
      // The timer ticks, then sleeps again.
      await waitForSleepers(clock, count: 1)
      #expect(ticks.value == expected)
    }
    timer.cancel()
    await #expect(throws: CancellationError.self) { try await timer.value }
  }

  @Test func runAdvancesUntilNoOneSleeps() async throws {
    let clock = TestClock()
    let woken = LockIsolated<[Int]>([])
    let sleepers = [100, 1, 10].map { seconds in
      Task {
        try await clock.sleep(for: .seconds(seconds))
        woken.withValue { $0.append(seconds) }
      }
    }
    await waitForSleepers(clock, count: 3)
    // A generous timeout: the real-time limit only guards against sleepers that never stop.
    await clock.run(timeout: .seconds(60))
    for sleeper in sleepers { try await sleeper.value }
    #expect(Set(woken.value) == [1, 10, 100])
    #expect(clock.now == .init(offset: .seconds(100)))
    #expect(clock._sleeperCount == 0)
  }

  @Test func runGivesUpOnceTheTimeoutHasPassed() async {
    let clock = TestClock()
    let (_, reporter) = await collectingIssues {
      let sleeper = Task { try await clock.sleep(for: .seconds(1)) }
      await waitForSleepers(clock, count: 1)
      // A zero timeout has passed before the first advance: the sleeper is cancelled.
      await clock.run(timeout: .zero)
      await #expect(throws: CancellationError.self) { try await sleeper.value }
    }
    #expect(clock._sleeperCount == 0)
    #expect(clock.now == .init())
    #expect(reporter.messages.count == 1)
    #expect(
      reporter.messages.first?.hasPrefix(
        "Expected all sleeps to finish, but some are still suspending after 0.0 seconds.") == true)
    #expect(reporter.sites.first?.fileID.hasSuffix("TestClockTests.swift") == true)
  }

  @Test func cancellingASleeperResumesItWithCancellationError() async {
    let clock = TestClock()
    let sleeper = Task { try await clock.sleep(for: .seconds(10)) }
    await waitForSleepers(clock, count: 1)
    sleeper.cancel()
    await #expect(throws: CancellationError.self) { try await sleeper.value }
    #expect(clock._sleeperCount == 0)
    await clock.advance(by: .seconds(10))
    #expect(clock.now == .init(offset: .seconds(10)))
  }

  @Test func sleepingInACancelledTaskThrowsAtOnce() async {
    let clock = TestClock()
    let sleeper = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      try await clock.sleep(for: .seconds(1))
    }
    await #expect(throws: CancellationError.self) { try await sleeper.value }
    #expect(clock._sleeperCount == 0)
  }

  @Test func cancellingManySleepersConcurrently() async {
    let clock = TestClock()
    let sleepers = (1...50).map { seconds in
      Task { try await clock.sleep(for: .seconds(seconds)) }
    }
    await waitForSleepers(clock, count: 50)
    await withTaskGroup(of: Void.self) { group in
      for sleeper in sleepers {
        group.addTask { sleeper.cancel() }
      }
    }
    for sleeper in sleepers {
      await #expect(throws: CancellationError.self) { try await sleeper.value }
    }
    #expect(clock._sleeperCount == 0)
  }

  @Test func pastDeadlinesReturnAtOnceAndZeroSleepsWaitForAnAdvance() async throws {
    let clock = TestClock()
    await clock.advance(by: .seconds(5))
    try await clock.sleep(until: .init(offset: .seconds(1)))

    let zero = Task { try await clock.sleep(for: .zero) }
    await waitForSleepers(clock, count: 1)
    await clock.advance()
    try await zero.value
    #expect(clock.now == .init(offset: .seconds(5)))
  }

  @Test func checkSuspension() async throws {
    let clock = TestClock()
    try await clock.checkSuspension()
    let sleeper = Task { try await clock.sleep(for: .seconds(1)) }
    await waitForSleepers(clock, count: 1)
    await #expect(throws: SuspensionError.self) { try await clock.checkSuspension() }
    await clock.advance(by: .seconds(1))
    try await sleeper.value
    try await clock.checkSuspension()
  }

  @Test func advancingToThePastDoesNotMoveTimeBack() async {
    let clock = TestClock<Duration>(now: .init(offset: .seconds(10)))
    await clock.advance(to: .init(offset: .seconds(3)))
    #expect(clock.now == .init(offset: .seconds(10)))
    #expect(clock.minimumResolution == .zero)
    clock.minimumResolution = .milliseconds(1)
    #expect(clock.minimumResolution == .milliseconds(1))
  }

  @Test func instants() {
    let start = TestClock<Duration>.Instant()
    let later = start.advanced(by: .seconds(2))
    #expect(start < later)
    #expect(start.duration(to: later) == .seconds(2))
    #expect(later == .init(offset: .seconds(2)))
  }

  @Test func instantsAreHashable() {
    let start = TestClock<Duration>.Instant()
    #expect(Set([start, start.advanced(by: .zero), start.advanced(by: .seconds(1))]).count == 2)
  }
}
