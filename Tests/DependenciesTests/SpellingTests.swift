import Dependencies
import Testing

// The namespaced spelling and the classic one name the same types, so either compiles.

struct NamespacedClient: Dependency.Key, Sendable {
  var value: Int
  static let liveValue = NamespacedClient(value: 1)
  static let testValue = NamespacedClient(value: 2)
}

struct NamespacedTestOnly: Dependency.Key.Test, Sendable {
  var value: Int
  static let testValue = NamespacedTestOnly(value: 3)
}

struct NamespacedStrict: Dependency.Key.Strict, Sendable {
  var value: Int
  static let liveValue = NamespacedStrict(value: 4)
}

extension Dependency.Values {
  var namespaced: NamespacedClient {
    get { self[NamespacedClient.self] }
    set { self[NamespacedClient.self] = newValue }
  }
}

@Suite struct SpellingTests {
  @Test func namespacedNamesAreTheClassicTypes() {
    #expect(Dependency<Int>.Values.self == DependencyValues.self)
    #expect(Dependency<Int>.Context.self == DependencyContext.self)
    #expect(Dependency<Int>.Continuation.self == DependencyValues.Continuation.self)
    let context: Dependency<Int>.Context = .test
    #expect(context == DependencyContext.test)
  }

  @Test func namespacedKeysWork() {
    isolated {
      @Dependency(\.namespaced) var namespaced
      #expect(namespaced.value == 2)
      @Dependency(NamespacedTestOnly.self) var testOnly
      #expect(testOnly.value == 3)
      withDependencies {
        $0.namespaced = NamespacedClient(value: 10)
        $0[NamespacedStrict.self] = NamespacedStrict(value: 11)
      } operation: {
        @Dependency(NamespacedStrict.self) var strict
        #expect(namespaced.value == 10)
        #expect(strict.value == 11)
      }
    }
  }
}

@Suite struct ContextDetectionTests {
  @Test func forcedByEnvironment() {
    for (value, expected) in [
      ("live", DependencyContext.live), ("preview", .preview), ("test", .test), ("TEST", .test),
    ] {
      #expect(
        DependencyContext._detect(
          environment: ["SWIFT_DEPENDENCIES_CONTEXT": value], arguments: ["app"]) == expected)
    }
  }

  @Test func detectedFromTheProcess() {
    #expect(DependencyContext._detect(environment: [:], arguments: ["/usr/bin/app"]) == .live)
    #expect(
      DependencyContext._detect(
        environment: ["XCODE_RUNNING_FOR_PREVIEWS": "1"], arguments: ["app"]) == .preview)
    #expect(
      DependencyContext._detect(
        environment: [:], arguments: [".build/debug/pkgPackageTests.xctest"]) == .test)
    #expect(
      DependencyContext._detect(
        environment: [:],
        arguments: ["pkgPackageTests.xctest", "--testing-library", "swift-testing"]) == .test)
  }
}
