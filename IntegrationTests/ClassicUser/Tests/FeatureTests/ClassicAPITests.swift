import Dependencies
import DependenciesTestSupport
import Foundation
import Testing

// Call shapes classic code uses, beyond the basics.

private protocol Greeter: Sendable {
  func greet() -> String
}
private struct LiveGreeter: Greeter {
  func greet() -> String { "live" }
}
private struct TestGreeter: Greeter {
  var greeting = "test"
  func greet() -> String { greeting }
}
private enum GreeterKey: DependencyKey {
  static var liveValue: any Greeter { LiveGreeter() }
  static var testValue: any Greeter { TestGreeter() }
}
extension DependencyValues {
  fileprivate var greeter: any Greeter {
    get { self[GreeterKey.self] }
    set { self[GreeterKey.self] = newValue }
  }
}

private enum CountKey: DependencyKey {
  static let liveValue = 1
  static let testValue = 2
}
extension DependencyValues {
  fileprivate var count: Int {
    get { self[CountKey.self] }
    set { self[CountKey.self] = newValue }
  }
}

/// Primary associated types: `DependencyKey<Int>` and `TestDependencyKey<Int>`.
private func defaultTestValue(of key: (some TestDependencyKey<Int>).Type) -> Int {
  key.testValue
}
private func liveValue<K: DependencyKey<Int>>(of key: K.Type) -> Int {
  K.liveValue
}

private struct ParseError: Error, Equatable {}

@Suite struct ClassicAPITests {
  @Suite(.dependencies { $0.greeter = TestGreeter(greeting: "cast") })
  struct Casting {
    @Dependency(\.greeter, as: TestGreeter.self) fileprivate var byKeyPath
    @Dependency(GreeterKey.self, as: TestGreeter.self) fileprivate var byKey

    @Test func castsTheOverride() {
      #expect(byKeyPath.greeting == "cast")
      #expect(byKey.greeting == "cast")
    }
  }

  @Test func aFailedCastStopsWithAClearMessage() async {
    await #expect(processExitsWith: .failure) {
      withDependencies {
        $0.greeter = LiveGreeter()
      } operation: {
        @Dependency(\.greeter, as: TestGreeter.self) var greeter
        _ = greeter.greeting
      }
    }
    await #expect(processExitsWith: .failure) {
      withDependencies {
        $0.greeter = LiveGreeter()
      } operation: {
        @Dependency(GreeterKey.self, as: TestGreeter.self) var greeter
        _ = greeter.greeting
      }
    }
  }

  @Test func liveValuesAndTestValues() {
    withDependencies {
      $0 = .live
    } operation: {
      @Dependency(\.count) var count
      #expect(count == 1)
    }
    withDependencies {
      $0 = .test
    } operation: {
      @Dependency(\.count) var count
      #expect(count == 2)
    }
    withDependencies {
      $0 = .preview
    } operation: {
      @Dependency(\.context) var context
      #expect(context == .preview)
    }
  }

  @Test func primaryAssociatedTypes() {
    #expect(defaultTestValue(of: CountKey.self) == 2)
    #expect(liveValue(of: CountKey.self) == 1)
  }

  @Test(.dependencies { $0.count = await Self.fetchCount() })
  func asyncTraitClosures() {
    @Dependency(\.count) var count
    #expect(count == 42)
  }

  static func fetchCount() async -> Int {
    await Task.yield()
    return 42
  }

  @Test func typedThrowsWithANonThrowingUpdate() throws {
    func parse() throws(ParseError) -> Int {
      try withDependencies {
        $0.count = 5
      } operation: { () throws(ParseError) -> Int in
        @Dependency(\.count) var count
        if count < 0 { throw ParseError() }
        return count
      }
    }
    func fail() throws(ParseError) -> Int {
      try withDependencies {
        $0.count = 5
      } operation: { () throws(ParseError) -> Int in
        throw ParseError()
      }
    }
    #expect(try parse() == 5)
    do {
      _ = try fail()
      Issue.record("expected a ParseError")
    } catch {
      let typed: ParseError = error  // the concrete type, no cast
      #expect(typed == ParseError())
    }
  }

  @Test func typedThrowsWithANonThrowingUpdateAsync() async throws {
    func load() async throws(ParseError) -> Int {
      try await withDependencies {
        $0.count = 6
      } operation: { () async throws(ParseError) -> Int in
        await Task.yield()
        @Dependency(\.count) var count
        return count
      }
    }
    #expect(try await load() == 6)
  }
}
