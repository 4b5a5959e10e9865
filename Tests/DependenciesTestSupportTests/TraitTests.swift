import DependenciesTestSupport
import Foundation
import Testing

@Suite struct TraitTests {
  @Test(.dependencies) func isolatesInTheTestContext() {
    @Dependency(\.context) var context
    @Dependency(\.greeting) var greeting
    #expect(context == .test)
    #expect(greeting == "test greeting")
  }

  @Test(.dependencies { $0.greeting = "from closure" })
  func closureFormOverrides() {
    @Dependency(\.greeting) var greeting
    #expect(greeting == "from closure")
  }

  @Test(.dependency(\.greeting, "from key path"))
  func keyPathFormOverrides() {
    @Dependency(\.greeting) var greeting
    #expect(greeting == "from key path")
  }

  @Test(.dependency(Settings(isDarkMode: true)))
  func valueFormOverridesTheKeyOfItsOwnType() {
    @Dependency(Settings.self) var settings
    #expect(settings.isDarkMode)
  }

  @Test(.dependency(\.greeting, "first"), .dependency(\.greeting, "second"))
  func traitsStackInOrder() {
    @Dependency(\.greeting) var greeting
    #expect(greeting == "second")
  }

  @Test(.dependencies, arguments: 0..<8)
  func statefulValueRestartsInEveryTestCase(_ argument: Int) async {
    @Dependency(\.stepCounter) var counter
    // Parallel cases each have their own cache, so each counter starts from zero.
    await Task.yield()
    #expect(counter.next() == 1)
    #expect(counter.next() == 2)
  }

  @Test(.dependencies) func preparedValuesBelongToTheTest() {
    prepareDependencies { $0.greeting = "prepared" }
    @Dependency(\.greeting) var greeting
    #expect(greeting == "prepared")
  }

  @Test(.dependencies) func preparedValuesDoNotLeakIntoOtherTests() {
    @Dependency(\.greeting) var greeting
    #expect(greeting == "test greeting")
  }

  @Test(.dependencies) func strictKeyWithoutOverrideFailsTheTest() {
    withKnownIssue {
      @Dependency(\.mustOverride) var value
      _ = value
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("MustOverrideKey") }
    }
  }

  @Test(.dependency(\.mustOverride, "overridden"))
  func strictKeyWithOverridePasses() {
    @Dependency(\.mustOverride) var value
    #expect(value == "overridden")
  }

  /// The key-path form overrides as the closure form does: through the property's setter, so the
  /// live resource of a key with only a live value is never opened for a test that replaces it.
  @Test(.dependency(\.livePool, TraitPool(id: 2)))
  func keyPathFormNeverComputesTheDefaultItReplaces() {
    @Dependency(\.livePool) var pool
    #expect(pool.id == 2)
    #expect(TraitPool.opened.value == 0)
  }

  /// A key path through several properties reads the value it changes first, as Swift does.
  @Test(.dependency(\.settings.isDarkMode, true))
  func keyPathThroughSeveralPropertiesChangesTheValueItReads() {
    @Dependency(Settings.self) var settings
    #expect(settings.isDarkMode)
  }
}

/// A pool whose live value counts how often it was opened (only the test above reads it).
struct TraitPool: Sendable {
  static let opened = LockIsolated(0)
  var id: Int
}

enum TraitPoolKey: DependencyKey {
  static var liveValue: TraitPool {
    TraitPool.opened.withValue { $0 += 1 }
    return TraitPool(id: 1)
  }
}

extension DependencyValues {
  fileprivate var livePool: TraitPool {
    get { self[TraitPoolKey.self] }
    set { self[TraitPoolKey.self] = newValue }
  }

  fileprivate var settings: Settings {
    get { self[Settings.self] }
    set { self[Settings.self] = newValue }
  }
}

@Suite(.dependency(\.greeting, "suite"))
struct SuiteTraitTests {
  @Test func suiteTraitAppliesToItsTests() {
    @Dependency(\.greeting) var greeting
    #expect(greeting == "suite")
  }

  @Test(.dependency(\.greeting, "test")) func testTraitAppliesAfterTheSuites() {
    @Dependency(\.greeting) var greeting
    #expect(greeting == "test")
  }

  @Test(.dependency(Settings(isDarkMode: true))) func testAndSuiteTraitsStack() {
    @Dependency(\.greeting) var greeting
    @Dependency(Settings.self) var settings
    #expect(greeting == "suite")
    #expect(settings.isDarkMode)
  }

  @Suite struct Nested {
    @Test func suiteTraitsAreRecursive() {
      @Dependency(\.greeting) var greeting
      #expect(greeting == "suite")
    }
  }
}
