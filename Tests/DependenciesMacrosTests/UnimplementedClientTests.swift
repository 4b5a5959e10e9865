import Dependencies
import DependenciesMacros
import DependenciesTestSupport
import Testing

/// `Client()` is the unimplemented client: each endpoint reports the call to the running test,
/// then throws, returns its default, `nil` or nothing.
@Suite struct UnimplementedClientTests {
  let client = APIClient()

  @Test func throwingEndpointReportsAndThrows() async {
    await withKnownIssue {
      do {
        _ = try await client.fetchUser(id: 42)
        Issue.record("fetchUser(id:) returned")
      } catch {
        #expect((error as? Unimplemented)?.endpoint == "fetchUser")
      }
    } matching: {
      isUnimplemented($0, "APIClient.fetchUser")
    }
  }

  @Test func unlabeledThrowingEndpoint() async {
    await withKnownIssue {
      await #expect(throws: Unimplemented.self) {
        try await client.saveUser(User(id: 1, name: "Blob"))
      }
    } matching: {
      isUnimplemented($0, "APIClient.saveUser")
    }
  }

  /// A fileprivate client is named as a debug build names it, in an optimised build too.
  @Test func aFileprivateClientIsNamedWithoutItsContext() async {
    await withKnownIssue {
      await #expect(throws: Unimplemented.self) { try await unimplementedFileprivateClientRun(1) }
    } matching: {
      isUnimplemented($0, "FileprivateClient.run")
    }
  }

  @Test func nonThrowingEndpointsReturnTheirDefaults() async {
    withKnownIssue {
      #expect(client.isFavorite(id: 1) == false)
    } matching: {
      isUnimplemented($0, "APIClient.isFavorite")
    }
    withKnownIssue {
      #expect(client.userCount() == 0)
    } matching: {
      isUnimplemented($0, "APIClient.userCount")
    }
    await withKnownIssue {
      #expect(await client.search(query: "Blob", limit: 10) == [])
    } matching: {
      isUnimplemented($0, "APIClient.search")
    }
    withKnownIssue {
      #expect(client.pair() == (0, "none"))
    } matching: {
      isUnimplemented($0, "APIClient.pair")
    }
    withKnownIssue {
      #expect(client.describe(value: 42) == "42")
    } matching: {
      isUnimplemented($0, "APIClient.describe")
    }
  }

  @Test func typedThrowingEndpointThrowsItsDefaultError() {
    withKnownIssue {
      do throws(FetchError) {
        _ = try client.lookup(id: 1)
        Issue.record("lookup(id:) returned")
      } catch {
        #expect(error == .notFound)
      }
    } matching: {
      isUnimplemented($0, "APIClient.lookup")
    }
  }

  @Test func optionalAndVoidEndpoints() {
    withKnownIssue {
      #expect(client.cachedUser(id: 1) == nil)
    } matching: {
      isUnimplemented($0, "APIClient.cachedUser")
    }
    withKnownIssue {
      client.log("message")
    } matching: {
      isUnimplemented($0, "APIClient.log")
    }
    withKnownIssue {
      client.logAll("a", "b", "c")
    } matching: {
      isUnimplemented($0, "APIClient.logAll")
    }
  }

  @Test func renamedMethodReportsTheProperty() async {
    await withKnownIssue {
      _ = try? await client.fetchUser(name: "Blob")
    } matching: {
      isUnimplemented($0, "APIClient.fetchUserByName")
    }
  }

  @Test func closureReturningClosure() {
    var formatter: (@Sendable (Int) -> String)?
    withKnownIssue {
      formatter = client.makeFormatter()
    } matching: {
      isUnimplemented($0, "APIClient.makeFormatter")
    }
    #expect(formatter?(3) == "#3")
  }

  @Test func inoutEndpoint() {
    var value = 1
    withKnownIssue {
      client.transform(value: &value)
    } matching: {
      isUnimplemented($0, "APIClient.transform")
    }
    #expect(value == 1)
  }

  @Test func ignoredPropertyIsNotAnEndpoint() {
    // No issue: `onEvent` keeps its own default.
    client.onEvent("tapped")
    #expect(client.pathTemplate == "/users/{id}")
  }

  @Test func genericClient() async {
    let storage = Storage<Int>()
    await withKnownIssue {
      _ = try? await storage.load(key: "count")
    } matching: {
      isUnimplemented($0, "Storage<Int>.load")
    }
    withKnownIssue {
      #expect(storage.keys() == [])
    } matching: {
      isUnimplemented($0, "Storage<Int>.keys")
    }
  }

  @MainActor @Test func mainActorEndpoint() {
    withKnownIssue {
      Haptics().play(intensity: 0.5)
    } matching: {
      isUnimplemented($0, "Haptics.play")
    }
  }

  @Test func endpointInConditionalBlock() {
    #if DEBUG
      withKnownIssue {
        client.debugOnly()
      } matching: {
        isUnimplemented($0, "APIClient.debugOnly")
      }
    #endif
  }

  @Test func issueIsReportedAtTheClient() {
    withKnownIssue {
      client.log("message")
    } matching: { issue in
      issue.sourceLocation?.fileID == "DependenciesMacrosTests/Clients.swift"
    }
  }
}
