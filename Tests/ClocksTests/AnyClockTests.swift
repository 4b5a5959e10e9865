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

  @Test func instants() {
    let clock = AnyClock(ImmediateClock())
    let start = clock.now
    let later = start.advanced(by: .seconds(2))
    #expect(start < later)
    #expect(start.duration(to: later) == .seconds(2))
    #expect(later.duration(to: start) == .seconds(-2))
    #expect(Set([start, later, start.advanced(by: .seconds(2))]).count == 2)
  }

  @Test func usableWhereAConcreteClockIsRequired() async throws {
    // An existential can't be passed where a generic clock is expected; an AnyClock can.
    func sleepTwice(on clock: some Clock<Duration>) async throws {
      try await clock.sleep(for: .seconds(1))
      try await clock.sleep(for: .seconds(1))
    }
    let base = ImmediateClock()
    let existential: any Clock<Duration> = base
    try await sleepTwice(on: AnyClock(existential))
    #expect(base.now == .init(offset: .seconds(2)))
  }
}
