import Dependencies
import DependenciesTestSupport
import Feature
import Foundation
import Testing

// Written as a user of the classic library writes tests; must compile and pass unchanged.

@MainActor
@Suite(.dependency(\.uuid, .incrementing))
struct CounterModelTests {
  @Test(
    .dependencies {
      $0.date.now = Date(timeIntervalSince1970: 1_234_567_890)
      $0.numberFact.fetch = { "\($0) is a test fact." }
    })
  func fact() async throws {
    let model = CounterModel()
    model.incrementButtonTapped()
    try await model.factButtonTapped()
    try await model.factButtonTapped()
    #expect(
      model.facts == [
        CounterModel.Fact(
          id: UUID(0), text: "1 is a test fact.", date: Date(timeIntervalSince1970: 1_234_567_890)),
        CounterModel.Fact(
          id: UUID(1), text: "1 is a test fact.", date: Date(timeIntervalSince1970: 1_234_567_890)),
      ])
  }

  @Test func timerWithTestClock() async throws {
    let clock = TestClock()
    let model = withDependencies {
      $0.continuousClock = clock
    } operation: {
      CounterModel()
    }
    let task = Task { try await model.timerTicks(3) }
    // Advance one tick at a time until the timer has ticked three times: the task may not have
    // reached its first sleep yet when the test first advances.
    while model.count < 3 {
      await clock.advance(by: .seconds(1))
    }
    try await task.value
    #expect(model.count == 3)
  }

  @Test func timerWithImmediateClock() async throws {
    let model = withDependencies {
      $0.continuousClock = ImmediateClock()
    } operation: {
      CounterModel()
    }
    try await model.timerTicks(5)
    #expect(model.count == 5)
  }

  @Test func childSeesTheParentsDependencies() async throws {
    let parent = withDependencies {
      $0.numberFact.fetch = { "\($0) from the parent's scope" }
    } operation: {
      CounterModel()
    }
    let child = parent.makeChild()
    #expect(try await child.fact(for: 7) == "7 from the parent's scope")
  }

  @Test func unimplementedEndpointFailsTheTest() async throws {
    let model = CounterModel()
    await withKnownIssue {
      try await model.factButtonTapped()
    }
  }

  @Test func lockIsolatedCollectsCalls() async throws {
    let requested = LockIsolated<[Int]>([])
    let model = withDependencies {
      $0.date = .constant(Date(timeIntervalSince1970: 0))
      $0.numberFact.fetch = { number in
        requested.withValue { $0.append(number) }
        return "fact"
      }
    } operation: {
      CounterModel()
    }
    try await model.factButtonTapped()
    model.incrementButtonTapped()
    try await model.factButtonTapped()
    #expect(requested.value == [0, 1])
  }
}
