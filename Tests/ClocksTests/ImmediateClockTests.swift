import Clocks
import Testing

@Suite struct ImmediateClockTests {
  @Test func sleepsReturnAtOnceAndMoveNowForward() async throws {
    let clock = ImmediateClock()
    for _ in 1...10 {
      try await clock.sleep(for: .seconds(60))
    }
    #expect(clock.now == .init(offset: .seconds(600)))
    try await clock.sleep(until: .init(offset: .seconds(1)))
    #expect(clock.now == .init(offset: .seconds(600)))
  }

  @Test func sharedByATaskGroup() async throws {
    let clock = ImmediateClock()
    let completed = try await withThrowingTaskGroup(of: Int.self) { group in
      for index in 0..<100 {
        group.addTask {
          try await clock.sleep(for: .seconds(1))
          return index
        }
      }
      return try await group.reduce(into: Set<Int>()) { $0.insert($1) }
    }
    #expect(completed == Set(0..<100))
    #expect(clock.now >= .init(offset: .seconds(1)))
    #expect(clock.now <= .init(offset: .seconds(100)))
  }

  @Test func sleepingInACancelledTaskThrows() async {
    let clock = ImmediateClock()
    let sleeper = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      try await clock.sleep(for: .seconds(1))
    }
    await #expect(throws: CancellationError.self) { try await sleeper.value }
    #expect(clock.now == .init())
  }

  @Test func staticImmediate() async throws {
    let clock: ImmediateClock = .immediate
    try await clock.sleep(for: .seconds(1))
    #expect(clock.now == .init(offset: .seconds(1)))
    #expect(clock.minimumResolution == .zero)
  }

  @Test func startsAtAGivenInstant() async throws {
    let clock = ImmediateClock<Duration>(now: .init(offset: .seconds(10)))
    try await clock.sleep(for: .seconds(1))
    #expect(clock.now == .init(offset: .seconds(11)))
  }

  @Test func instants() {
    let start = ImmediateClock<Duration>.Instant()
    let later = start.advanced(by: .seconds(2))
    #expect(start < later)
    #expect(start.duration(to: later) == .seconds(2))
    #expect(Set([start, later, .init(offset: .seconds(2))]).count == 2)
  }
}
