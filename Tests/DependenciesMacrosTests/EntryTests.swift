import Dependencies
import DependenciesMacros
import DependenciesTestSupport
import Testing

/// `@DependencyEntry`: the property's value is the test value; `liveValue:` and `previewValue:`
/// are the values in those contexts; public and package entries have keys with stable names.
@Suite struct EntryTests {
  private func greetings(
    _ keyPath: KeyPath<DependencyValues, Greeter> & Sendable, context: DependencyContext
  ) -> String {
    withDependencies {
      $0.context = context
    } operation: {
      @Dependency(keyPath) var greeter
      return greeter.greet("Blob")
    }
  }

  @Test func testValues() {
    #expect(greetings(\.greeterTestValueOnly, context: .test) == "Test Blob")
    #expect(greetings(\.greeterLiveAndTest, context: .test) == "Test Blob")
    #expect(greetings(\.greeterPreviewAndTest, context: .test) == "Test Blob")
    #expect(greetings(\.greeterAllValues, context: .test) == "Test Blob")
    #expect(greetings(\.greeterWithTypeAnnotation, context: .test) == "Test Blob")
    #expect(fileprivateGreeting("Blob") == "Test Blob")
  }

  @Test func liveValues() {
    #expect(greetings(\.greeterLiveAndTest, context: .live) == "Hello, Blob!")
    #expect(greetings(\.greeterAllValues, context: .live) == "Hello, Blob!")
    #expect(greetings(\.greeterWithTypeAnnotation, context: .live) == "Hello, Blob!")
    #expect(greetings(\.greeterWithoutDefault, context: .live) == "Hello, Blob!")
  }

  @Test func previewValues() {
    #expect(greetings(\.greeterPreviewAndTest, context: .preview) == "Preview Blob")
    #expect(greetings(\.greeterAllValues, context: .preview) == "Preview Blob")
    // Without a preview value, a live value is the preview value.
    #expect(greetings(\.greeterLiveAndTest, context: .preview) == "Hello, Blob!")
  }

  @Test func entryWithoutTestValueReportsInTests() {
    withKnownIssue {
      #expect(greetings(\.greeterWithoutDefault, context: .test) == "Hello, Blob!")
    }
  }

  @Test func overridingEntries() {
    withDependencies {
      $0.greeterAllValues = Greeter { "Hi, \($0)" }
    } operation: {
      @Dependency(\.greeterAllValues) var greeter
      #expect(greeter.greet("Blob") == "Hi, Blob")
    }
  }

  @Test func publicAndPackageKeysHaveStableNames() {
    #expect(DependencyValues.ExplicitGreeterKey.testValue.prefix == "test")
    #expect(DependencyValues.PublicGreeterImplicitKeyKey.liveValue.prefix == "live")
    #expect(DependencyValues.SalutationKey.testValue.word == "Hello")
    @Dependency(\.publicGreeterExplicitKey) var explicit
    @Dependency(\.packageSalutation) var salutation
    #expect(explicit.prefix == "test")
    #expect(salutation.word == "Hello")
  }

  @Test func multilineLiveValueIsComputedOnEachRead() {
    let first = DependencyValues.EvaluatedOnEachReadKey.liveValue
    let second = DependencyValues.EvaluatedOnEachReadKey.liveValue
    #expect(second > first)
  }

  @Test func clientAsEntry() async {
    @Dependency(\.apiClientEntry) var client
    await withKnownIssue {
      _ = try? await client.fetchUser(id: 1)
    } matching: {
      isUnimplemented($0, "APIClient.fetchUser")
    }
  }
}
