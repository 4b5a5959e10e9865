import Dependencies
import Testing

@Suite struct AnyClockTests {
  @Test func erasesAnImmediateClock() async throws {
    let base = ImmediateClock()
    let clock = AnyClock(base)
    let start = clock.now
    try await clock.sleep(for: .seconds(3))
    #expect(start.duration(to: clock.now) == .seconds(3))
    #expect(base.now == .init(offset: .seconds(3)))
    #expect(clock.minimumResolution == .zero)
  }

  @Test func erasesATestClock() async throws {
    let base = TestClock()
    let clock = AnyClock(base)
    let sleeper = Task { try await clock.sleep(for: .seconds(2)) }
    await waitForSleepers(base, count: 1)
    await base.advance(by: .seconds(2))
    try await sleeper.value
    #expect(clock.now.duration(to: clock.now.advanced(by: .seconds(1))) == .seconds(1))
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
}
