import DependenciesTestSupport
import Testing

/// A stateful test value built from another dependency, as a store built from an API client.
final class GreetingStore: Sendable {
  let greeting: String
  init(greeting: String) { self.greeting = greeting }
}

enum GreetingStoreKey: TestDependencyKey {
  static var testValue: GreetingStore {
    @Dependency(\.greeting) var greeting
    return GreetingStore(greeting: greeting)
  }
}

extension DependencyValues {
  var greetingStore: GreetingStore {
    get { self[GreetingStoreKey.self] }
    set { self[GreetingStoreKey.self] = newValue }
  }
}

/// A default computed from a trait's overrides belongs to the whole test, as in the classic library:
/// every scope of the test reads the same value. (A default computed from a scope's own overrides
/// belongs to that scope only; see `ScopedDefaultTests`.)
@Suite(.dependencies { $0.greeting = "from the suite" })
struct TraitBaselineTests {
  @Test func aDefaultBuiltFromTheSuitesOverrideIsOneValueForTheTest() {
    @Dependency(\.greetingStore) var store
    let inNestedScope = withDependencies {
      $0.stepCounter = StepCounter()
    } operation: {
      @Dependency(\.greetingStore) var store
      return store
    }
    #expect(store.greeting == "from the suite")
    #expect(inNestedScope === store)
  }

  @Test(.dependency(\.greeting, "from the test"))
  func aStackedTraitsOverridesCountToo() {
    @Dependency(\.greetingStore) var store
    let inNestedScope = withDependencies {
      $0.stepCounter = StepCounter()
    } operation: {
      @Dependency(\.greetingStore) var store
      return store
    }
    #expect(store.greeting == "from the test")
    #expect(inNestedScope === store)
  }

  @Test func aScopesOwnOverrideStillScopesTheDefault() {
    let inNestedScope = withDependencies {
      $0.greeting = "nested"
    } operation: {
      @Dependency(\.greetingStore) var store
      return store
    }
    @Dependency(\.greetingStore) var store
    #expect(inNestedScope.greeting == "nested")
    #expect(store.greeting == "from the suite")
  }
}
