import Clocks
import Testing

@Suite struct UnimplementedClockTests {
  @Test func reportsEveryUseNamingTheClock() async throws {
    let (result, reporter) = await collectingIssues {
      let clock = UnimplementedClock(name: "Scheduler.clock")
      return await Result {
        let start = clock.now
        try await clock.sleep(for: .seconds(5))
        _ = clock.minimumResolution
        return start.duration(to: clock.now)
      }
    }
    // Behaves like an immediate clock once reported: the sleep moved time forward.
    #expect(try result.get() == .seconds(5))
    #expect(
      reporter.messages == [
        "Unimplemented: Scheduler.clock.now",
        "Unimplemented: Scheduler.clock.now",
        "Unimplemented: Scheduler.clock.sleep",
        "Unimplemented: Scheduler.clock.minimumResolution",
        "Unimplemented: Scheduler.clock.now",
      ])
    #expect(reporter.sites.allSatisfy { $0.fileID.hasSuffix("UnimplementedClockTests.swift") })
  }

  @Test func forwardsToTheWrappedClock() async throws {
    let base = ImmediateClock()
    let (_, reporter) = await collectingIssues {
      let clock = UnimplementedClock(base, name: "Wrapped")
      try? await clock.sleep(for: .seconds(7))
    }
    #expect(base.now == .init(offset: .seconds(7)))
    #expect(reporter.messages.contains("Unimplemented: Wrapped.sleep"))
  }

  @Test func staticUnimplemented() async {
    let (_, reporter) = await collectingIssues {
      let clock: UnimplementedClock = .unimplemented("Feature.clock")
      try? await clock.sleep(for: .seconds(1))
    }
    #expect(reporter.messages.contains("Unimplemented: Feature.clock.sleep"))
  }

  @Test func defaultName() {
    let (_, reporter) = collectingIssues {
      _ = UnimplementedClock().now
    }
    #expect(reporter.messages == ["Unimplemented: Clock.now"])
  }
}
