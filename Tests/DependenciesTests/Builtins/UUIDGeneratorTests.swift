import Dependencies
import Foundation
import IssueCollecting
import Testing

@Suite struct UUIDGeneratorTests {
  @Test func liveGeneratesRandomUUIDs() {
    let (ids, reporter) = collectingIssues {
      withDependencies {
        $0.context = .live
      } operation: {
        @Dependency(\.uuid) var uuid
        return (0..<100).map { _ in uuid() }
      }
    }
    #expect(Set(ids).count == 100)
    #expect(reporter.messages.isEmpty)
  }

  /// As in the classic library, `uuid` has no test value: a test that reads it without overriding
  /// it reports once and gets live, random UUIDs.
  @Test func aTestReadWithoutOverrideReportsOnceAndServesLiveUUIDs() {
    let (ids, reporter) = collectingIssues {
      @Dependency(\.uuid) var uuid
      return [uuid(), uuid()]
    }
    #expect(Set(ids).count == 2)
    #expect(reporter.messages.count == 1)
    #expect(
      reporter.messages.first?.hasPrefix(#"@Dependency(\.uuid) has no test implementation"#) == true
    )
  }

  @Test func incrementing() {
    let (ids, reporter) = collectingIssues {
      withDependencies {
        $0.uuid = .incrementing
      } operation: {
        @Dependency(\.uuid) var uuid
        return [uuid(), uuid(), uuid()]
      }
    }
    #expect(
      ids == [
        UUID(uuidString: "00000000-0000-0000-0000-000000000000"),
        UUID(uuidString: "00000000-0000-0000-0000-000000000001"),
        UUID(uuidString: "00000000-0000-0000-0000-000000000002"),
      ])
    #expect(reporter.messages.isEmpty)
  }

  @Test func eachIncrementingAccessStartsOver() {
    let first = UUIDGenerator.incrementing
    let second = UUIDGenerator.incrementing
    #expect(first() == UUID(0))
    #expect(first() == UUID(1))
    #expect(second() == UUID(0))
  }

  /// A key whose test default is an incrementing generator, computed once per cache of defaults.
  enum IncrementingKey: Dependency.Key {
    static let liveValue = UUIDGenerator { UUID() }
    static var testValue: UUIDGenerator { .incrementing }
  }

  @Test func incrementingDefaultRestartsInEachIsolatedScope() {
    for _ in 0..<2 {
      let ids = isolated {
        @Dependency(IncrementingKey.self) var uuid
        return [uuid(), uuid(), uuid()]
      }
      #expect(ids == [UUID(0), UUID(1), UUID(2)])
    }
  }

  @Test func incrementingIsSafeUnderConcurrency() async {
    let generator = UUIDGenerator.incrementing
    let ids = await withTaskGroup(of: UUID.self) { group in
      for _ in 0..<200 {
        group.addTask { generator() }
      }
      return await group.reduce(into: Set<UUID>()) { $0.insert($1) }
    }
    #expect(ids == Set((0..<200).map { UUID($0) }))
  }

  @Test func constant() {
    let id = UUID(uuidString: "DEADBEEF-DEAD-BEEF-DEAD-BEEFDEADBEEF")!
    let ids = isolated {
      withDependencies {
        $0.uuid = .constant(id)
      } operation: {
        @Dependency(\.uuid) var uuid
        return [uuid(), uuid()]
      }
    }
    #expect(ids == [id, id])
    #expect(UUIDGenerator { id }() == id)
  }

  @Test func uuidFromInt() {
    #expect(UUID(0) == UUID(uuidString: "00000000-0000-0000-0000-000000000000"))
    #expect(UUID(1) == UUID(uuidString: "00000000-0000-0000-0000-000000000001"))
    #expect(UUID(15) == UUID(uuidString: "00000000-0000-0000-0000-00000000000F"))
    #expect(UUID(256) == UUID(uuidString: "00000000-0000-0000-0000-000000000100"))
    #expect(UUID(Int.max) == UUID(uuidString: "00000000-0000-0000-7FFF-FFFFFFFFFFFF"))
    #expect(UUID(-1) == UUID(uuidString: "00000000-0000-0001-0000-000000000001"))
    #expect(UUID(-Int.max) == UUID(uuidString: "00000000-0000-0001-7FFF-FFFFFFFFFFFF"))
    #expect(UUID(Int.min) == UUID(uuidString: "00000000-0000-0001-8000-000000000000"))
  }
}
