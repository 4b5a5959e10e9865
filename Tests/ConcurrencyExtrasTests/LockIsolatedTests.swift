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
