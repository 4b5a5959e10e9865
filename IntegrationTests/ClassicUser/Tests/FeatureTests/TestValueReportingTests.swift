import Dependencies
import DependenciesTestSupport
import Foundation
import Testing

// A classic DependencyKey that implements only liveValue has no test implementation: a test that
// reads it without an override reports, at the read, and gets the live value. A key declared with
// the namespaced spelling keeps the silent fallback. Reads and calls made while values are being set
// (update closures, traits, prepareDependencies) never report.

private struct LiveOnlyClient: DependencyKey, Sendable {
  var name = "live"
  static let liveValue = LiveOnlyClient()
}

private struct NamespacedClient: Dependency.Key, Sendable {
  var name = "live"
  static let liveValue = NamespacedClient()
}

private struct OptOutClient: TestDependencyKey, Sendable {
  var name = "test"
  static var testValue: OptOutClient {
    if shouldReportUnimplemented {
      reportIssue("OptOutClient has no test value")
    }
    return OptOutClient()
  }
}

extension DependencyValues {
  fileprivate var liveOnly: LiveOnlyClient {
    get { self[LiveOnlyClient.self] }
    set { self[LiveOnlyClient.self] = newValue }
  }
  fileprivate var optOut: OptOutClient {
    get { self[OptOutClient.self] }
    set { self[OptOutClient.self] = newValue }
  }
}

@Suite struct TestValueReportingTests {
  @Test func aLiveOnlyKeyReportsAtTheReadAndServesTheLiveValue() {
    withKnownIssue {
      @Dependency(\.liveOnly) var client
      #expect(client.name == "live")
    } matching: { issue in
      issue.description.contains(
        #"@Dependency(\.liveOnly) has no test implementation, but was accessed from a test context"#
      )
        && issue.sourceLocation?.fileName == "TestValueReportingTests.swift"
    }
  }

  @Test func readThroughTheKeyType() {
    withKnownIssue {
      @Dependency(LiveOnlyClient.self) var client
      _ = client
    } matching: { issue in
      issue.description.contains("@Dependency(LiveOnlyClient.self) has no test implementation")
    }
  }

  @Test func aNamespacedKeyFallsBackSilently() {
    @Dependency(NamespacedClient.self) var client
    #expect(client.name == "live")
  }

  @Test func overridingDoesNotReport() {
    withDependencies {
      $0.liveOnly.name = "overridden"
      $0.optOut.name = "overridden"
    } operation: {
      @Dependency(\.liveOnly) var client
      #expect(client.name == "overridden")
    }
  }

  @Test func shouldReportUnimplementedReports() {
    withKnownIssue {
      @Dependency(\.optOut) var client
      _ = client
    } matching: {
      $0.description.contains("OptOutClient has no test value")
    }
  }

  @Test(.dependency(\.date.now, Date(timeIntervalSince1970: 1)))
  func aTraitWritingIntoABuiltInDoesNotReport() {
    @Dependency(\.date.now) var now
    #expect(now == Date(timeIntervalSince1970: 1))
  }

  @Test(.dependency(\.liveOnly.name, "from a trait"))
  func aTraitWritingIntoAValueDoesNotReport() {
    @Dependency(\.liveOnly) var client
    #expect(client.name == "from a trait")
  }

  @Test func builtInsReportInTheClassicWords() {
    withKnownIssue {
      @Dependency(\.uuid) var uuid
      _ = uuid()
    } matching: {
      $0.description.contains(#"@Dependency(\.uuid) has no test implementation"#)
    }
  }
}
