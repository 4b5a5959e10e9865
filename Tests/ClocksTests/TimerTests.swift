import Clocks
import ConcurrencyExtras
import IssueCollecting
import Testing

@Suite(.timeLimit(.minutes(1))) struct TimerTests {
  @Test func aTestClockTimerTicksOncePerAdvancedInterval() async {
    let clock = TestClock()
    let ticks = LockIsolated(0)
    let timer = Task {
      for await _ in clock.timer(interval: .seconds(1)) {
        ticks.withValue { $0 += 1 }
      }
    }
    await waitForSleepers(clock, count: 1)
    await clock.advance(by: .seconds(3))
    // Once the timer sleeps again (until 4 seconds), it has observed every tick up to now.
    await waitForSleepers(clock, count: 1)
    #expect(ticks.value == 3)
    #expect(clock.now == .init(offset: .seconds(3)))

    await clock.advance(by: .milliseconds(500))
    await waitForSleepers(clock, count: 1)
    #expect(ticks.value == 3)
    await clock.advance(by: .milliseconds(500))
    await waitForSleepers(clock, count: 1)
    #expect(ticks.value == 4)

    timer.cancel()
    await timer.value
    #expect(clock._sleeperCount == 0)
  }

  @Test func aLateConsumerOfATestClockTimerStillSeesEveryInterval() async {
    let clock = TestClock()
    let (gate, open) = AsyncStream<Never>.makeStream()
    let ticks = LockIsolated<[AnyClock<Duration>.Instant]>([])
    let timer = Task {
      for await instant in clock.timer(interval: .seconds(1)) {
        ticks.withValue { $0.append(instant) }
        // Busy with the first tick while the test moves time by five intervals.
        if ticks.value.count == 1 { for await _ in gate {} }
      }
    }
    await waitForSleepers(clock, count: 1)
    await clock.advance(by: .seconds(5))
    open.finish()
    await waitForSleepers(clock, count: 1)
    // The four deadlines that passed while the consumer was busy each gave a tick.
    #expect(ticks.value.count == 5)
    timer.cancel()
    await timer.value
  }

  @Test func aTimerOnAnExistentialTestClock() async {
    let testClock = TestClock()
    let clock: any Clock<Duration> = testClock
    let ticks = LockIsolated(0)
    let timer = Task {
      for await _ in clock.timer(interval: .seconds(2)) {
        ticks.withValue { $0 += 1 }
      }
    }
    await waitForSleepers(testClock, count: 1)
    await testClock.advance(by: .seconds(6))
    await waitForSleepers(testClock, count: 1)
    #expect(ticks.value == 3)
    timer.cancel()
    await timer.value
  }

  @Test func aTimerOnAnAnyClockWrappingATestClock() async {
    let testClock = TestClock()
    let clock = AnyClock(testClock)
    let ticks = LockIsolated(0)
    let timer = Task {
      for await _ in clock.timer(interval: .seconds(1)) {
        ticks.withValue { $0 += 1 }
      }
    }
    await waitForSleepers(testClock, count: 1)
    await testClock.advance(by: .seconds(2))
    await waitForSleepers(testClock, count: 1)
    #expect(ticks.value == 2)
    timer.cancel()
    await timer.value
  }

  @Test func runTicksATimerToItsEnd() async {
    let clock = TestClock()
    let ticks = LockIsolated(0)
    let timer = Task {
      for await _ in clock.timer(interval: .seconds(1)).prefix(10) {
        ticks.withValue { $0 += 1 }
      }
    }
    await waitForSleepers(clock, count: 1)
    // `run()` stops once a round of yields passes without anyone sleeping again, which on a busy
    // machine can come before the consumer has asked for its next tick: run again until it ends.
    while ticks.value < 10 {
      await clock.run(timeout: .seconds(60))
      await Task.yield()
    }
    await timer.value
    #expect(ticks.value == 10)
    #expect(clock.now == .init(offset: .seconds(10)))
  }

  @Test func cancellingTheConsumerEndsTheSequence() async {
    let clock = TestClock()
    let timer = Task {
      var ticks = 0
      for await _ in clock.timer(interval: .seconds(1)) {
        ticks += 1
      }
      return ticks
    }
    await waitForSleepers(clock, count: 1)
    await clock.advance(by: .seconds(1))
    await waitForSleepers(clock, count: 1)
    timer.cancel()
    #expect(await timer.value == 1)
    #expect(clock._sleeperCount == 0)
  }

  @Test func anEndedSequenceStaysEnded() async {
    let clock = TestClock()
    let (gate, open) = AsyncStream<Never>.makeStream()
    let iterator = Task {
      var ticks = clock.timer(interval: .seconds(1)).makeAsyncIterator()
      let first = await ticks.next()
      for await _ in gate {}
      withUnsafeCurrentTask { $0?.cancel() }
      // Two deadlines have passed, but the task is cancelled: no more ticks.
      let afterCancellation = await ticks.next()
      let afterThat = await ticks.next()
      return (first != nil, afterCancellation, afterThat)
    }
    await waitForSleepers(clock, count: 1)
    await clock.advance(by: .seconds(3))
    open.finish()
    let (ticked, afterCancellation, afterThat) = await iterator.value
    #expect(ticked)
    #expect(afterCancellation == nil)
    #expect(afterThat == nil)
  }

  @Test func anImmediateClockTimerTicksAtOnceOneIntervalApart() async {
    let clock = ImmediateClock()
    var instants: [AnyClock<Duration>.Instant] = []
    for await instant in clock.timer(interval: .seconds(1)).prefix(5) {
      instants.append(instant)
    }
    #expect(instants.count == 5)
    #expect(zip(instants, instants.dropFirst()).allSatisfy { $0.duration(to: $1) == .seconds(1) })
    #expect(clock.now == .init(offset: .seconds(5)))
  }

  @Test func onOtherClocksTicksKeepToTheScheduleAndSkipMissedDeadlines() async throws {
    // An immediate clock is not advanced by a test: its timer behaves like one on a real clock.
    let clock = ImmediateClock()
    var ticks = clock.timer(interval: .seconds(1)).makeAsyncIterator()
    let first = try #require(await ticks.next())
    // The consumer takes half an interval: the next tick still comes one interval after the first.
    try await clock.sleep(for: .milliseconds(500))
    let second = try #require(await ticks.next())
    #expect(first.duration(to: second) == .seconds(1))
    // The consumer takes two and a half intervals: the deadlines it missed are skipped.
    try await clock.sleep(for: .milliseconds(2_500))
    let third = try #require(await ticks.next())
    #expect(second.duration(to: third) == .seconds(3))
  }

  @Test func aContinuousClockTimerTicks() async {
    var ticks = 0
    for await _ in ContinuousClock().timer(interval: .milliseconds(1)).prefix(3) {
      ticks += 1
    }
    #expect(ticks == 3)
  }

  @Test func anUnimplementedClockTimerReportsAndTicks() async {
    let (ticks, reporter) = await collectingIssues {
      let clock = UnimplementedClock(name: "Feature.clock")
      var ticks = 0
      for await _ in clock.timer(interval: .seconds(1)).prefix(2) {
        ticks += 1
      }
      return ticks
    }
    #expect(ticks == 2)
    #expect(reporter.messages.contains("Unimplemented: Feature.clock.sleep"))
    #expect(reporter.messages.contains("Unimplemented: Feature.clock.now"))
  }

  @Test func anUnimplementedClockWrappingATestClockTicksPerInterval() async {
    let testClock = TestClock()
    let ticks = LockIsolated(0)
    let (_, reporter) = await collectingIssues {
      let clock = UnimplementedClock(testClock, name: "Feature.clock")
      let timer = Task {
        for await _ in clock.timer(interval: .seconds(1)) {
          ticks.withValue { $0 += 1 }
        }
      }
      await waitForSleepers(testClock, count: 1)
      await testClock.advance(by: .seconds(2))
      await waitForSleepers(testClock, count: 1)
      timer.cancel()
      await timer.value
    }
    #expect(ticks.value == 2)
    #expect(!reporter.messages.isEmpty)
  }
}
