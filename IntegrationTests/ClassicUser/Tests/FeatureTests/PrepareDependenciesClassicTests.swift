import Dependencies
import DependenciesTestSupport
import Foundation
import Testing

// prepareDependencies as classic code uses it: partial updates of a key (a read, then a write),
// the context, and the closure's result. Each test case has its own prepared values.

private struct APIClient: TestDependencyKey, Sendable {
  var fetch: @Sendable (Int) -> String = { _ in "unimplemented" }
  var count: @Sendable () -> Int = { 0 }
  static var testValue: APIClient { APIClient() }
}

extension DependencyValues {
  fileprivate var apiClient: APIClient {
    get { self[APIClient.self] }
    set { self[APIClient.self] = newValue }
  }
}

private enum ModeKey: DependencyKey {
  static let liveValue = "live mode"
  static let testValue = "test mode"
}

extension DependencyValues {
  fileprivate var mode: String {
    get { self[ModeKey.self] }
    set { self[ModeKey.self] = newValue }
  }
}

@Suite struct PrepareDependenciesClassicTests {
  @Test func aPartialUpdateOfABuiltIn() {
    // `$0.date.now = …` reads the date generator, then writes it: no report, and the value sticks.
    prepareDependencies { $0.date.now = Date(timeIntervalSince1970: 42) }
    @Dependency(\.date.now) var now
    #expect(now == Date(timeIntervalSince1970: 42))
  }

  @Test func aPartialUpdateThroughTheSubscript() {
    prepareDependencies { $0[APIClient.self].count = { 7 } }
    @Dependency(APIClient.self) var client
    #expect(client.count() == 7)
  }

  @Test func aPartialUpdateThroughAProperty() {
    prepareDependencies {
      $0.apiClient.fetch = { "fact \($0)" }
    }
    @Dependency(\.apiClient) var client
    #expect(client.fetch(3) == "fact 3")
    #expect(client.count() == 0)
  }

  @Test(arguments: 0..<8)
  func partialUpdatesAreIsolatedPerTestCase(_ argument: Int) async {
    prepareDependencies { $0.apiClient.fetch = { _ in "case \(argument)" } }
    await Task.yield()
    @Dependency(\.apiClient) var client
    #expect(client.fetch(0) == "case \(argument)")
  }

  @Test func theContext() {
    prepareDependencies { $0.context = .live }
    @Dependency(\.context) var context
    @Dependency(\.mode) var mode
    #expect(context == .live)
    #expect(mode == "live mode")
  }

  @Test func theResult() {
    let answer = prepareDependencies { _ in 42 }
    #expect(answer == 42)
  }

  @Test func preparingAKeyAlreadyReadIsReportedInTheClassicWords() {
    @Dependency(\.mode) var mode
    _ = mode
    withKnownIssue {
      prepareDependencies { $0.mode = "too late" }
    } matching: { issue in
      issue.description.contains(#"@Dependency(\.mode) has already been accessed or prepared."#)
    }
    #expect(mode == "test mode")
  }
}
