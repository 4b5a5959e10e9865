import ConcurrencyExtras
import Foundation
import Testing

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
}
