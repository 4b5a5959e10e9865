import ConcurrencyExtras
import Testing

@Suite struct ActorIsolatedTests {
  @Test func concurrentIncrements() async {
    let count = ActorIsolated(0)
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<1_000 {
        group.addTask { await count.withValue { $0 += 1 } }
      }
    }
    #expect(await count.value == 1_000)
  }

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
