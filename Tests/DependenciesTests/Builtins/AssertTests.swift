import Dependencies
import IssueCollecting
import Testing

@Suite struct AssertTests {
  @Test func livePassingChecksDoNothing() {
    let (_, reporter) = collectingIssues {
      withDependencies {
        $0.context = .live
      } operation: {
        @Dependency(\.assert) var assert
        @Dependency(\.precondition) var precondition
        assert(true)
        assert(true, "Must be true")
        precondition(true)
        precondition(true, "Must be true")
      }
    }
    #expect(reporter.messages.isEmpty)
  }

  @Test func testDefaultReportsFailedChecksAtTheirSite() {
    let (_, reporter) = collectingIssues {
      @Dependency(\.assert) var assert
      @Dependency(\.assertionFailure) var assertionFailure
      @Dependency(\.precondition) var precondition
      assert(true, "not reported")
      assert(false, "Must be true")
      assert(false)
      assertionFailure("Unreachable")
      precondition(false, "Queue must not be empty")
      precondition(false)
    }
    #expect(
      reporter.messages == [
        "Must be true", "Assertion failed", "Unreachable", "Queue must not be empty",
        "Precondition failed",
      ])
    #expect(reporter.sites.allSatisfy { $0.fileID.hasSuffix("AssertTests.swift") })
  }

  struct CountingAssertion: AssertionEffect {
    let failures: LockIsolated<[String]>
    func callAsFunction(
      _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
      file: StaticString, line: UInt
    ) {
      if !condition() {
        let message = message()
        failures.withValue { $0.append(message) }
      }
    }
  }

  @Test func override() {
    let failures = LockIsolated<[String]>([])
    let (_, reporter) = collectingIssues {
      withDependencies {
        $0.assert = CountingAssertion(failures: failures)
        $0.precondition = CountingAssertion(failures: failures)
      } operation: {
        @Dependency(\.assert) var assert
        @Dependency(\.assertionFailure) var assertionFailure
        @Dependency(\.precondition) var precondition
        assert(false, "a")
        assertionFailure("b")
        precondition(false, "c")
        precondition(true, "d")
      }
    }
    #expect(failures.value == ["a", "b", "c"])
    #expect(reporter.messages.isEmpty)
  }
}
