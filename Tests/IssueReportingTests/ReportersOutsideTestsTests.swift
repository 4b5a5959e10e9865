import IssueReporting
import Testing

/// What the reporters do where no test is running, observed in a child process (an exit test): the
/// child runs the body on a task with no Swift Testing test, in a Swift Testing run (so not XCTest
/// either), which is where issues get their non-test behaviour.
@Suite struct ReportersOutsideTestsTests {
  @Test func theDefaultReporterPrintsARuntimeWarning() async throws {
    let result = try #require(
      await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
        reportIssue("Something went wrong")
        struct Failure: Error {}
        reportIssue(Failure(), "while saving")
      })
    let standardError = String(decoding: result.standardErrorContent, as: UTF8.self)
    #expect(
      standardError.contains(
        "IssueReportingTests/ReportersOutsideTestsTests.swift:\(#line - 7): Something went wrong\n")
    )
    #expect(standardError.contains("Caught error: Failure(): while saving\n"))
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
