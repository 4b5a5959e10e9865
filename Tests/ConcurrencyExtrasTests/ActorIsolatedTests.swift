import ConcurrencyExtras
import Testing

// ActorIsolated is deprecated, as in the classic module: each test is too, so that using it
// doesn't warn (Swift Testing refuses a deprecated suite).
@Suite struct ActorIsolatedTests {
  @available(*, deprecated)
  @Test func concurrentIncrements() async {
    let count = ActorIsolated(0)
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<1_000 {
        group.addTask { await count.withValue { $0 += 1 } }
      }
    }
    #expect(await count.value == 1_000)
  }

  @available(*, deprecated)
  @Test func withValueReturnsAndSetValueReplaces() async {
    let events = ActorIsolated<[String]>([])
    let count = await events.withValue { events -> Int in
      events.append("tap")
      return events.count
    }
    #expect(count == 1)
    await events.setValue(["reset"])
    #expect(await events.value == ["reset"])
  }
}
