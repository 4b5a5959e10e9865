import Dependencies
import Testing

@Suite struct WithDependenciesTests {
  @Test func overrideAppliesInsideTheScopeOnly() {
    isolated {
      @Dependency(\.chain) var chain
      #expect(chain == "test")
      withDependencies {
        $0.chain = "override"
      } operation: {
        #expect(chain == "override")
      }
      #expect(chain == "test")
    }
  }

  @Test func nestedScopesInheritAndOverride() {
    isolated {
      withDependencies {
        $0.chain = "outer"
        $0.requestID = 1
      } operation: {
        withDependencies {
          $0.requestID = 2
        } operation: {
          @Dependency(\.chain) var chain
          @Dependency(\.requestID) var requestID
          #expect(chain == "outer")
          #expect(requestID == 2)
        }
        @Dependency(\.requestID) var requestID
        #expect(requestID == 1)
      }
    }
  }

  @Test func updateClosureSeesInheritedValues() {
    isolated {
      withDependencies {
        $0.requestID = 41
      } operation: {
        withDependencies {
          $0.requestID += 1
        } operation: {
          @Dependency(\.requestID) var requestID
          #expect(requestID == 42)
        }
      }
    }
  }

  @Test func nestedKeyPathReadsAPropertyOfTheDependency() {
    isolated {
      withDependencies {
        $0.greeting.greet = { "Hi \($0)" }
      } operation: {
        @Dependency(\.greeting.greet) var greet
        #expect(greet("Blob") == "Hi Blob")
      }
    }
  }

  @Test func keyTypeInitialiserReadsTheKey() {
    isolated {
      @Dependency(GreetingClient.self) var client
      #expect(client.greet("Blob") == "Test, Blob")
      withDependencies {
        $0[GreetingClient.self] = GreetingClient { "Yo \($0)" }
      } operation: {
        #expect(client.greet("Blob") == "Yo Blob")
      }
    }
  }

  struct Boom: Error, Equatable { let code: Int }

  @Test func typedThrowsArePreserved() {
    do {
      try withDependencies { _ throws(Boom) in
      } operation: { () throws(Boom) in
        throw Boom(code: 7)
      }
      Issue.record("expected a throw")
    } catch {
      // `error` is statically `Boom`: no cast needed.
      #expect(error.code == 7)
    }
  }

  @Test func typedThrowsFromUpdateArePreserved() {
    let result = Result { () throws(Boom) -> Int in
      try withDependencies { _ throws(Boom) in
        throw Boom(code: 3)
      } operation: { () throws(Boom) -> Int in
        1
      }
    }
    #expect(result == .failure(Boom(code: 3)))
  }

  @Test func asyncTypedThrowsArePreserved() async {
    do {
      try await withDependencies { _ async throws(Boom) in
      } operation: { () async throws(Boom) in
        await Task.yield()
        throw Boom(code: 9)
      }
    } catch {
      #expect(error.code == 9)
    }
  }

  final class NonSendable { var value = 1 }

  @Test func nonSendableResults() async {
    let sync = withDependencies { _ in
    } operation: {
      NonSendable()
    }
    #expect(sync.value == 1)
    let async = await withDependencies { _ in
    } operation: { () async -> NonSendable in
      await Task.yield()
      return NonSendable()
    }
    #expect(async.value == 1)
  }

  @MainActor @Test func asyncScopeStaysOnTheCallersActor() async {
    await withDependencies {
      $0.requestID = 5
    } operation: {
      await Task.yield()
      MainActor.assertIsolated()
      @Dependency(\.requestID) var requestID
      #expect(requestID == 5)
    }
  }

  @Test func resettingToFreshValuesDropsOverrides() {
    isolated {
      withDependencies {
        $0.chain = "override"
      } operation: {
        withDependencies {
          $0 = DependencyValues()
          $0.context = .test
        } operation: {
          @Dependency(\.chain) var chain
          #expect(chain == "test")
        }
      }
    }
  }
}
