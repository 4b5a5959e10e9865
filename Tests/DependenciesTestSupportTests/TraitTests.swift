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
