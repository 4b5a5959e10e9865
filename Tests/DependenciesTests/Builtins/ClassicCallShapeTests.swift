import Dependencies
import Foundation
import Testing

/// Code written against the classic library, compiled unchanged.
@MainActor
final class ClassicFeatureModel {
  @Dependency(\.continuousClock) var clock
  @Dependency(\.date.now) var now
  @Dependency(\.uuid) var uuid
  @Dependency(\.withRandomNumberGenerator) var withRandomNumberGenerator
  @Dependency(\.fireAndForget) var fireAndForget
  @Dependency(\.assert) var assert

  var log: [String] = []

  func start() async {
    let id = uuid()
    let roll = withRandomNumberGenerator { Int.random(in: 1...6, using: &$0) }
    assert(roll >= 1, "A die has no zero")
    log.append("\(id) \(roll) \(now.timeIntervalSince1970)")
    try? await clock.sleep(for: .seconds(1))
    await fireAndForget { [log] in _ = log }
    log.append("slept")
  }
}

@Suite(.timeLimit(.minutes(1))) struct ClassicCallShapeTests {
  @MainActor
  @Test func aFeatureWrittenForTheClassicLibrary() async {
    let clock = TestClock()
    let model = withDependencies {
      $0.context = .test
      $0.continuousClock = clock
      $0.date = .constant(Date(timeIntervalSince1970: 0))
      $0.uuid = .incrementing
      $0.withRandomNumberGenerator = WithRandomNumberGenerator(SystemRandomNumberGenerator())
    } operation: {
      ClassicFeatureModel()
    }
    let task = Task { await model.start() }
    await waitForSleepers(clock, count: 1)
    await clock.advance(by: .seconds(1))
    await task.value
    #expect(model.log.count == 2)
    #expect(model.log.first?.hasPrefix("\(UUID(0)) ") == true)
    #expect(model.log.first?.hasSuffix(" 0.0") == true)
    #expect(model.log.last == "slept")
  }

  @Test func clockDependenciesAcceptEveryClock() {
    withDependencies {
      $0.continuousClock = ImmediateClock()
      $0.continuousClock = TestClock()
      $0.suspendingClock = ContinuousClock()
      $0.clock = AnyClock(SuspendingClock())
      $0.suspendingClock = UnimplementedClock()
      $0.clock = .immediate
    } operation: {
    }
  }

  // Deprecated here so that ActorIsolated, deprecated as in the classic module, doesn't warn.
  @available(*, deprecated)
  @Test func concurrencyHelpers() async {
    let isolated = LockIsolated(0)
    isolated.withValue { $0 += 1 }
    isolated.setValue(2)
    let actor = ActorIsolated([Int]())
    await actor.withValue { $0.append(isolated.value) }
    let unchecked = UncheckedSendable(NSMutableString(string: "x"))
    #expect(await actor.value == [2])
    #expect(unchecked.value == "x")
  }
}
