import Dependencies
import Testing

// Classic keys gain no member types from this library: inside a key's body, an outer type named
// `Test` or `Strict` — a user's own, or Swift Testing's `Test` — is the one the user wrote.

/// A user's own type named like the namespaced spelling's member.
enum Strict {
  static let level = 3
}

/// A classic key whose body names the outer `Strict` and Swift Testing's `Test`.
struct ClassicKeyUsingOuterNames: DependencyKey, Sendable {
  var level: Int
  var testTypeName: String
  static let liveValue = ClassicKeyUsingOuterNames(
    level: Strict.level, testTypeName: String(describing: Test.self))
}

/// The same in a test-only key and a strict key.
enum ClassicTestOnlyKeyUsingOuterNames: TestDependencyKey {
  static let testValue = String(describing: Test.self) + "/\(Strict.level)"
}

enum ClassicStrictKeyUsingOuterNames: StrictDependencyKey {
  static let liveValue = Strict.level
  static let testValue = String(describing: Test.self)
}

@Suite struct ClassicNamesTests {
  @Test func outerTypesKeepTheirNamesInsideClassicKeys() {
    #expect(ClassicKeyUsingOuterNames.liveValue.level == 3)
    #expect(ClassicKeyUsingOuterNames.liveValue.testTypeName == "Test")
    #expect(ClassicTestOnlyKeyUsingOuterNames.testValue == "Test/3")
    #expect(ClassicStrictKeyUsingOuterNames.liveValue == 3)
    #expect(ClassicStrictKeyUsingOuterNames.testValue == "Test")
  }

  /// The namespaced spelling still names the classic protocols.
  @Test func theNamespacedSpellingStillWorks() {
    #expect((any Dependency<Int>.Key.Test).self == (any TestDependencyKey).self)
    #expect((any Dependency<Int>.Key.Strict).self == (any StrictDependencyKey).self)
  }
}
