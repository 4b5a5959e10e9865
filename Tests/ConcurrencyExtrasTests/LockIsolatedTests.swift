import ConcurrencyExtras
import Foundation
import Testing

@Suite struct LockIsolatedTests {
  @Test func concurrentIncrements() async {
    let count = LockIsolated(0)
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<1_000 {
        group.addTask { count.withValue { $0 += 1 } }
      }
    }
    #expect(count.value == 1_000)
  }

  @Test func concurrentIncrementsFromThreads() async {
    let count = LockIsolated(0)
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<8 {
        group.addTask {
          for _ in 0..<1_000 { count.withValue { $0 += 1 } }
        }
      }
    }
    #expect(count.value == 8_000)
  }

  @Test func withValueReturnsAndSetValueReplaces() {
    let names = LockIsolated(["Blob"])
    let count = names.withValue { names -> Int in
      names.append("Blob Jr.")
      return names.count
    }
    #expect(count == 2)
    #expect(names.value == ["Blob", "Blob Jr."])
    names.setValue(["Blob Sr."])
    #expect(names.value == ["Blob Sr."])
  }

  @Test func dynamicMemberLookup() {
    let names = LockIsolated(["Blob", "Blob Jr."])
    #expect(names.count == 2)
    #expect(names.first == "Blob")
  }

  @Test func nestedReadsAreAllowed() {
    let count = LockIsolated(1)
    count.withValue { $0 += count.value }
    #expect(count.value == 2)
  }

  @Test func throwingOperationsRethrowAndKeepChanges() {
    struct Failure: Error {}
    let count = LockIsolated(0)
    #expect(throws: Failure.self) {
      try count.withValue {
        $0 += 1
        throw Failure()
      }
    }
    #expect(count.value == 1)
  }
}

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

@Suite struct UncheckedSendableTests {
  final class Legacy {
    var name = "Blob"
  }

  @Test func wrapsAValue() async {
    let legacy = UncheckedSendable(Legacy())
    let name = await Task { legacy.value.name }.value
    #expect(name == "Blob")
    #expect(legacy.name == "Blob")
  }

  @Test func dynamicMembersReadAndWrite() {
    var point = UncheckedSendable((x: 1, y: 2))
    point.x = 10
    #expect(point.x == 10)
    #expect(point.value.y == 2)
  }

  @Test func propertyWrapper() {
    struct Model {
      @UncheckedSendable var count = 0
    }
    var model = Model()
    model.count += 1
    #expect(model.count == 1)
    #expect(model.$count.value == 1)
  }

  @Test func equatableHashableCodable() throws {
    #expect(UncheckedSendable(1) == UncheckedSendable(1))
    #expect(Set([UncheckedSendable(1), UncheckedSendable(1)]).count == 1)
    let data = try JSONEncoder().encode(UncheckedSendable([1, 2]))
    #expect(String(decoding: data, as: UTF8.self) == "[1,2]")
    #expect(try JSONDecoder().decode(UncheckedSendable<[Int]>.self, from: data).value == [1, 2])
  }

  @Test func asyncSequence() async {
    let stream = UncheckedSendable(
      AsyncStream<Int> { continuation in
        for value in 1...3 { continuation.yield(value) }
        continuation.finish()
      })
    var values: [Int] = []
    for await value in stream { values.append(value) }
    #expect(values == [1, 2, 3])
  }

  @Test func megaYieldLetsOtherTasksRun() async {
    let didRun = LockIsolated(false)
    let task = Task { didRun.setValue(true) }
    await Task.megaYield()
    await task.value
    #expect(didRun.value)
  }
}
