import CustomDumpUser
import Dependencies
import DependenciesMacros
import DependenciesTestSupport
import Testing

/// The client's endpoints, called from a test whose graph holds the other package's satellites.
@Suite(.dependencies) struct NumberClientTests {
  @Test func anOverriddenEndpoint() async throws {
    let description = try await withDependencies {
      $0.numberClient.fact = { "\($0) is odd" }
    } operation: {
      try await describe(3)
    }
    #expect(
      description
        == "test: 3 is odd (built with stand-in IssueReporting, stand-in XCTestDynamicOverlay, "
        + "stand-in ConcurrencyExtras, stand-in Clocks)")
  }

  @Test func anUnimplementedEndpointReportsAnIssueAndThrows() async {
    await withKnownIssue {
      await #expect(throws: Unimplemented.self) {
        try await describe(1)
      }
    } matching: {
      $0.comments.map(\.rawValue) == ["Unimplemented: 'NumberClient.fact'"]
    }
  }

  @Test func unimplementedEndpointsWithDefaults() {
    @Dependency(\.numberClient) var client
    withKnownIssue {
      #expect(client.isFavorite(number: 7) == false)
    } matching: {
      $0.comments.map(\.rawValue) == ["Unimplemented: 'NumberClient.isFavorite'"]
    }
    withKnownIssue {
      client.reset()
    } matching: {
      $0.comments.map(\.rawValue) == ["Unimplemented: 'NumberClient.reset'"]
    }
  }

  @Test func anEntryWithALiveValue() {
    @Dependency(\.descriptionPrefix) var prefix
    #expect(prefix == "test")
    withDependencies {
      $0.context = .live
    } operation: {
      @Dependency(\.descriptionPrefix) var prefix
      #expect(prefix == "live")
    }
  }

  @Test func theOtherPackageReportsWithItsOwnIssueReporting() {
    #expect(difference("a", "a") == nil)
    #expect(difference("a", "b") == "stand-in reported a differs from b")
  }
}
