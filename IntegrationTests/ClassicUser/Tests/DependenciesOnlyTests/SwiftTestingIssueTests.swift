import Dependencies
import Testing

// The test target links only Dependencies: issues reach the running Swift Testing test anyway.
// Each issue is expected with `withKnownIssue`, which itself fails the test if no issue is
// recorded.

@Suite struct SwiftTestingIssueTests {
  @Test func aReportedIssueIsRecordedInTheRunningTest() {
    withKnownIssue {
      reportIssue("Something went wrong")
    } matching: { issue in
      issue.description == "Issue recorded (error): Something went wrong"
        && issue.sourceLocation?.fileName == "SwiftTestingIssueTests.swift"
    }
  }

  @Test func aReportedErrorIsTheIssuesError() {
    withKnownIssue {
      reportIssue(SaveError())
    } matching: { issue in
      issue.error as? SaveError == SaveError()
    }
  }

  @Test func anUnimplementedEndpointIsAnIssue() {
    @Dependency(\.greeting) var greeting
    withKnownIssue {
      _ = greeting.greet("Blob")
    } matching: { issue in
      issue.description.contains("Unimplemented: GreetingClient.greet …")
    }
  }

  @Test func withExpectedIssueIsAKnownIssue() async {
    withExpectedIssue {
      reportIssue("Expected")
    }
    await withExpectedIssue {
      await Task.yield()
      reportIssue("Expected asynchronously")
    }
  }
}
