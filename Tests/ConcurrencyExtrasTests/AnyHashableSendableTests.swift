import ConcurrencyExtras
import Testing

@Suite struct AnyHashableSendableTests {
  @Test func equalityFollowsTheWrappedValues() {
    #expect(AnyHashableSendable(1) == AnyHashableSendable(1))
    #expect(AnyHashableSendable(1) != AnyHashableSendable(2))
    #expect(AnyHashableSendable(1) != AnyHashableSendable("1"))
    #expect(AnyHashableSendable("Blob") == AnyHashableSendable("Blob"))
  }

  @Test func equalValuesHashAlike() {
    let set: Set<AnyHashableSendable> = [
      AnyHashableSendable(1), AnyHashableSendable(1), AnyHashableSendable("1"),
    ]
    #expect(set.count == 2)
    // AnyHashable compares integers of different types by value; the hash agrees with that.
    #expect(AnyHashableSendable(1 as Int) == AnyHashableSendable(1 as UInt8))
    #expect(Set([AnyHashableSendable(1 as Int), AnyHashableSendable(1 as UInt8)]).count == 1)
  }

  @Test func wrappingAWrappedValueDoesNotNest() {
    func wrap(_ value: some Hashable & Sendable) -> AnyHashableSendable {
      AnyHashableSendable(value)
    }
    let flat = wrap(1)
    let nested = wrap(flat)
    #expect(nested == flat)
    #expect(nested.base as? Int == 1)
  }

  @Test func wrapsAnExistential() {
    let values: [any Hashable & Sendable] = [1, "two", 3.0]
    let wrapped = values.map(AnyHashableSendable.init)
    #expect(
      wrapped == [AnyHashableSendable(1), AnyHashableSendable("two"), AnyHashableSendable(3.0)])
    let optional: (any Hashable & Sendable)? = 1
    #expect(optional.map(AnyHashableSendable.init) == AnyHashableSendable(1))
  }

  @Test func convertsToTheWrappedValuesAnyHashable() {
    #expect(AnyHashableSendable(1) as AnyHashable == 1 as AnyHashable)
    #expect(AnyHashableSendable(true) as AnyHashable as? Bool == true)
    #expect(AnyHashableSendable("a") as AnyHashable != AnyHashableSendable("b") as AnyHashable)
  }

  @Test func literals() {
    let bool: AnyHashableSendable = true
    let int: AnyHashableSendable = 42
    let double: AnyHashableSendable = 4.2
    let string: AnyHashableSendable = "Blob"
    #expect(bool.base as? Bool == true)
    #expect(int.base as? Int == 42)
    #expect(double.base as? Double == 4.2)
    #expect(string.base as? String == "Blob")
    #expect(AnyHashableSendable("Blob") == "Blob")
  }

  @Test func descriptions() {
    #expect(AnyHashableSendable(42).description == "42")
    #expect("\(AnyHashableSendable("Blob"))" == "Blob")
    #expect(AnyHashableSendable("Blob").debugDescription == #"AnyHashableSendable("Blob")"#)
    let children = Mirror(reflecting: AnyHashableSendable(42)).children.map { ($0.label, $0.value) }
    #expect(children.count == 1)
    #expect(children.first?.0 == "value")
    #expect(children.first?.1 as? Int == 42)
  }

  @Test func isSendable() async {
    let key = AnyHashableSendable("search")
    let received = await Task.detached { key }.value
    #expect(received == key)
  }
}
