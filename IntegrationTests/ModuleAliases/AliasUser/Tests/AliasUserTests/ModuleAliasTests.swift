import AliasUser
import Dependencies
import DependenciesTestSupport
import Testing

@Suite(.dependencies) struct ModuleAliasTests {
  @Test func theSatelliteNamesMeanTheOtherPackagesModules() {
    #expect(
      importedSatellites == [
        "stand-in IssueReporting", "stand-in ConcurrencyExtras", "stand-in Clocks",
      ])
    #expect(otherReport("x") == "stand-in reported x")
  }

  @Test func dependenciesWorkWithItsSatellitesRenamed() {
    #expect(currentGreeting() == "test greeting")
    #expect(greeting(overriddenWith: "scoped") == "scoped")
    #expect(countedUnimplementedCalls() == 1)
  }

  @Test func aNameBothDeclareIsNamedWithItsModule() {
    #expect(dependenciesIsTesting)
    #expect(bothIsTesting.other == false)
    #expect(bothIsTesting.dependencies == true)
  }

  @Test func unimplementedEndpointsReportUnderTheAliases() async {
    await withKnownIssue {
      do {
        _ = try await greet("Blob")
        Issue.record("greet returned")
      } catch {
        #expect(String(reflecting: type(of: error)) == "DependenciesMacros.Unimplemented")
      }
    } matching: {
      $0.comments.map(\.rawValue) == ["Unimplemented: 'GreetingClient.greet'"]
    }
    let client = GreetingClient()
    withKnownIssue {
      #expect(client.isFriendly())
      client.reset()
    } matching: {
      $0.comments.map(\.rawValue) == ["Unimplemented: 'GreetingClient.isFriendly'"]
        || $0.comments.map(\.rawValue) == ["Unimplemented: 'GreetingClient.reset'"]
    }
  }

  @Test func aClientBesideTheOtherPackagesIssueReportingReportsWithThisLibrary() {
    let client = OtherPackageClient()
    withKnownIssue {
      #expect(throws: (any Error).self) { try client.load() }
      #expect(client.name() == nil)
    } matching: {
      $0.comments.map(\.rawValue) == ["Unimplemented: 'OtherPackageClient.load'"]
        || $0.comments.map(\.rawValue) == ["Unimplemented: 'OtherPackageClient.name'"]
    }
  }

  @Test func implementedEndpointsAndEntries() async throws {
    let greeting = try await withDependencies {
      $0.greetingClient.greet = { "Hello, \($0)!" }
    } operation: {
      try await greet("Blob")
    }
    #expect(greeting == "Hello, Blob!")
    #expect(salutations.current == "test salutation")
    #expect(salutations.live == "live salutation")
  }
}
