import IssueReporting
import Testing

/// What the reporters do where no test is running, observed in a child process (an exit test): the
/// child runs the body on a task with no Swift Testing test, in a Swift Testing run (so not XCTest
/// either).
@Suite struct ReportersOutsideTestsTests {
  /// The default reporter records the issue for the run (Swift Testing hands the child's issues to
  /// the test that started it, where they are known issues here) and prints it too.
  @Test func theDefaultReporterRecordsTheIssueForTheRunAndPrintsIt() async throws {
    var result: ExitTest.Result?
    // Inside the exit test's body, `#line` is that of the `#expect` below.
    let line = #line + 2
    await withKnownIssue {
      result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
        reportIssue("Something went wrong")
        struct Failure: Error {}
        reportIssue(Failure(), "while saving")
      }
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("No Swift Testing test was running") }
    }
    let standardError = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
    let note = "(recorded for the Swift Testing run: no test was running on this task or thread)"
    #expect(
      standardError.contains(
        "IssueReportingTests/ReportersOutsideTestsTests.swift:\(line): Something went wrong \(note)"
      ),
      "\(standardError)")
    #expect(standardError.contains("Caught error: Failure(): while saving \(note)"))
  }

  @Test func theFatalErrorReporterStopsTheProgram() async throws {
    let result = try #require(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        IssueReporters.current = [.fatalError]
        reportIssue("Unrecoverable")
      })
    let standardError = String(decoding: result.standardErrorContent, as: UTF8.self)
    #expect(standardError.contains("Unrecoverable"))
  }

  @Test func theFatalErrorReporterWithNoMessage() async throws {
    let result = try #require(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        IssueReporters.current = [.fatalError]
        reportIssue()
      })
    let standardError = String(decoding: result.standardErrorContent, as: UTF8.self)
    #expect(standardError.contains("Issue reported"))
  }

  @Test func theBreakpointReporterPrintsAndGoesOnWithoutADebugger() async throws {
    let result = try #require(
      await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
        IssueReporters.current = [.breakpoint]
        reportIssue()
      })
    let standardError = String(decoding: result.standardErrorContent, as: UTF8.self)
    #expect(standardError.contains("ReportersOutsideTestsTests.swift:\(#line - 6): Issue reported"))
  }

  @Test func expectedIssuesArePrintedToStandardOutput() async throws {
    let result = try #require(
      await #expect(
        processExitsWith: .success, observing: [\.standardOutputContent, \.standardErrorContent]
      ) {
        withExpectedIssue { reportIssue("Expected one") }
      })
    let standardOutput = String(decoding: result.standardOutputContent, as: UTF8.self)
    #expect(standardOutput.contains("Expected one\n"))
    #expect(result.standardErrorContent.isEmpty)
  }
}
