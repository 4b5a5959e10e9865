import Dependencies
import IssueCollecting
import Testing

@Suite struct ClockDependencyTests {
  @Test func liveClocksAreTheRealClocks() {
    let (clocks, reporter) = collectingIssues {
      withDependencies {
        $0.context = .live
      } operation: {
        @Dependency(\.continuousClock) var continuousClock
        @Dependency(\.suspendingClock) var suspendingClock
        @Dependency(\.clock) var clock
        return (continuousClock, suspendingClock, clock)
      }
    }
    #expect(clocks.0 is ContinuousClock)
    #expect(clocks.1 is SuspendingClock)
    #expect(clocks.2 is ContinuousClock)
    #expect(reporter.messages.isEmpty)
  }

  @Test func testDefaultContinuousClockReportsAndReturnsAtOnce() async throws {
    let (result, reporter) = await collectingIssues {
      @Dependency(\.continuousClock) var clock
      return await Result { try await clock.sleep(for: .seconds(3_600)) }
    }
    try result.get()
    #expect(reporter.messages.contains { $0.contains(#"@Dependency(\.continuousClock).sleep"#) })
  }

  @Test func testDefaultSuspendingClockReportsNow() {
    let (_, reporter) = collectingIssues {
      @Dependency(\.suspendingClock) var clock
      _ = clock.now
    }
    #expect(reporter.messages == [#"Unimplemented: @Dependency(\.suspendingClock).now"#])
  }

  @Test func testDefaultClockIsImmediateAndSilent() async throws {
    let (result, reporter) = await collectingIssues {
      @Dependency(\.clock) var clock
      return await Result {
        try await clock.sleep(for: .seconds(3_600))
        return clock
      }
    }
    #expect(try result.get() is ImmediateClock<Duration>)
    #expect(reporter.messages.isEmpty)
  }

  @Test func previewClockIsImmediate() {
    let clock = isolated {
      withDependencies {
        $0.context = .preview
      } operation: {
        @Dependency(\.clock) var clock
        return clock
      }
    }
    #expect(clock is ImmediateClock<Duration>)
  }

  @Test func overrideWithATestClock() async throws {
    let clock = TestClock()
    let (result, reporter) = await collectingIssues {
      await withDependencies {
        $0.continuousClock = clock
      } operation: {
        @Dependency(\.continuousClock) var continuousClock
        let sleeper = Task { try await continuousClock.sleep(for: .seconds(5)) }
        await waitForSleepers(clock, count: 1)
        await clock.advance(by: .seconds(5))
        return await sleeper.result
      }
    }
    try result.get()
    #expect(clock.now == .init(offset: .seconds(5)))
    #expect(reporter.messages.isEmpty)
  }

  @Test func usableAsAnExistentialDependency() async throws {
    let clock = ImmediateClock()
    let (_, reporter) = await collectingIssues {
      await withDependencies {
        $0.suspendingClock = AnyClock(clock)
      } operation: {
        @Dependency(\.suspendingClock) var suspendingClock
        try? await suspendingClock.sleep(for: .seconds(4))
      }
    }
    #expect(reporter.messages.isEmpty)
    #expect(clock.now == .init(offset: .seconds(4)))
  }

  @Test func aTimerOnTheDependencyTicksWithTheTestClock() async {
    let clock = TestClock()
    let ticks = LockIsolated(0)
    let (_, reporter) = await collectingIssues {
      await withDependencies {
        $0.continuousClock = clock
      } operation: {
        @Dependency(\.continuousClock) var continuousClock
        let timer = Task {
          for await _ in continuousClock.timer(interval: .seconds(1)) {
            ticks.withValue { $0 += 1 }
          }
        }
        await waitForSleepers(clock, count: 1)
        await clock.advance(by: .seconds(3))
        await waitForSleepers(clock, count: 1)
        timer.cancel()
        await timer.value
      }
    }
    #expect(ticks.value == 3)
    #expect(reporter.messages.isEmpty)
  }
}
