import Clocks
import IssueCollecting
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

  /// Without a name, the clock is named after the wrapped clock's type; a private type without its
  /// context, in an optimised build too.
  @Test func theDefaultNameIsTheWrappedClocksType() {
    let (_, reporter) = collectingIssues {
      _ = UnimplementedClock(FileClock()).now
    }
    #expect(reporter.messages == ["Unimplemented: FileClock.now"])
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

  @Test func classicCallShapesAndWording() async throws {
    // The classic tests match on these messages.
    let (_, reporter) = await collectingIssues {
      let clock: some Clock<Duration> = .unimplemented()
      try? await clock.sleep(for: .seconds(1))
      let named: some Clock<Duration> = UnimplementedClock(name: "ContinuousClock")
      try? await named.sleep(for: .seconds(1))
    }
    #expect(
      reporter.messages == [
        "Unimplemented: Clock.now", "Unimplemented: Clock.sleep",
        "Unimplemented: ContinuousClock.now", "Unimplemented: ContinuousClock.sleep",
      ])
  }

  @Test func startsAtAGivenInstantAndNamesAWrappedClockByItsType() async throws {
    let (offset, reporter) = await collectingIssues {
      let clock = UnimplementedClock<Duration>(
        name: "Feature.clock", now: .init(offset: .seconds(7)))
      let start = clock.now
      try? await clock.sleep(until: start.advanced(by: .seconds(1)))
      _ = UnimplementedClock(ContinuousClock()).minimumResolution
      return start.duration(to: clock.now)
    }
    #expect(offset == .seconds(1))
    #expect(reporter.messages.contains("Unimplemented: ContinuousClock.minimumResolution"))
  }

  @Test func instants() {
    let (instants, _) = collectingIssues {
      let clock = UnimplementedClock()
      let start = clock.now
      return (start, start.advanced(by: .seconds(2)))
    }
    #expect(instants.0 < instants.1)
    #expect(instants.0.duration(to: instants.1) == .seconds(2))
    #expect(Set([instants.0, instants.1, instants.0.advanced(by: .seconds(2))]).count == 2)
  }
}

/// A clock of this file only: optimised code names its type `(FileClock in _<discriminator>)`.
private struct FileClock: Clock {
  let base = ImmediateClock()
  var now: ImmediateClock<Duration>.Instant { base.now }
  var minimumResolution: Duration { base.minimumResolution }
  func sleep(until deadline: ImmediateClock<Duration>.Instant, tolerance: Duration?) async throws {
    try await base.sleep(until: deadline, tolerance: tolerance)
  }
}
