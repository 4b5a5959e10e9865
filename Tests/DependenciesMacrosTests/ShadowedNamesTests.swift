import Dependencies
import DependenciesMacros
import DependenciesTestSupport
import Testing

// This file declares the short names an expansion could use, and the names of the modules it
// could qualify them with: an expansion lands in the user's file, where these declarations win
// over the imported ones. (Under SwiftPM's `moduleAliases` the module names are gone instead,
// which IntegrationTests/ModuleAliases tests.) The macros below must expand to code that uses
// none of them.

private enum IssueReporting {}
private enum XCTestDynamicOverlay {}
private enum Dependencies {}
private struct Unimplemented: Error {}
private protocol DependencyKey {}
private protocol TestDependencyKey {}
private func reportIssue(_ message: String) {
  Issue.record("The file's own reportIssue was called: \(message)")
}

@DependencyClient
struct ShadowedClient: Sendable {
  var load: @Sendable (_ id: Int) async throws -> String
  var count: @Sendable () -> Int = { 7 }
  var reset: @Sendable () -> Void
}

extension DependencyValues {
  @DependencyEntry fileprivate var shadowedClient = ShadowedClient()
  @DependencyEntry(liveValue: "live") fileprivate var shadowedLabel: String = "test"
  @DependencyEntry(liveValue: 1) fileprivate var shadowedNumber = 2
}

@Suite struct ShadowedNamesTests {
  @Test func unimplementedEndpointsReportAndThrowTheLibrarysError() async {
    let client = ShadowedClient()
    await withKnownIssue {
      do {
        _ = try await client.load(id: 1)
        Issue.record("load(id:) returned")
      } catch {
        #expect(String(reflecting: type(of: error)) == "DependenciesMacros.Unimplemented")
      }
    } matching: {
      isUnimplemented($0, "ShadowedClient.load")
    }
    withKnownIssue {
      #expect(client.count() == 7)
      client.reset()
    } matching: {
      isUnimplemented($0, "ShadowedClient.count") || isUnimplemented($0, "ShadowedClient.reset")
    }
  }

  @Test func entriesHaveTheLibrarysKeys() {
    withDependencies {
      $0.context = .live
    } operation: {
      @Dependency(\.shadowedLabel) var label
      @Dependency(\.shadowedNumber) var number
      #expect(label == "live")
      #expect(number == 1)
    }
    @Dependency(\.shadowedLabel) var label
    @Dependency(\.shadowedNumber) var number
    #expect(label == "test")
    #expect(number == 2)
  }

  @Test func anOverriddenEndpointRunsWithoutIssues() async throws {
    let value = try await withDependencies {
      $0.shadowedClient.load = { "user \($0)" }
    } operation: {
      @Dependency(\.shadowedClient) var client
      return try await client.load(id: 42)
    }
    #expect(value == "user 42")
  }
}
