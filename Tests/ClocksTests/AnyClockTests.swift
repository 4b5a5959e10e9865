import Clocks
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
}
