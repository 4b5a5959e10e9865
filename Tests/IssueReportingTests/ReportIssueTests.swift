import IssueReporting
import Testing

@Suite struct ReportIssueTests {
  struct Failure: Error, Equatable {}

  @Test func noMessageRecordsNoComment() {
    withKnownIssue {
      reportIssue()
    } matching: { issue in
      issue.description == "Issue recorded (error)" && issue.comments.isEmpty
    }
  }

  @Test func anOptionalMessage() {
    let none: String? = nil
    let some: String? = "Something went wrong"
    withKnownIssue {
      reportIssue(none)
      reportIssue(some)
    } matching: { issue in
      issue.description == "Issue recorded (error)"
        || issue.description == "Issue recorded (error): Something went wrong"
    }
  }

  @Test func aMessageIsTheComment() {
    withKnownIssue {
      reportIssue("Something went wrong")
    } matching: { issue in
      issue.description == "Issue recorded (error): Something went wrong"
        && issue.comments.map(\.rawValue) == ["Something went wrong"]
    }
  }

  @Test func theIssueIsRecordedAtTheCallersLine() {
    let line = #line + 2
    withKnownIssue {
      reportIssue("Here")
    } matching: { issue in
      issue.sourceLocation?.line == line
        && issue.sourceLocation?.fileID == "IssueReportingTests/ReportIssueTests.swift"
        && issue.sourceLocation?.filePath == #filePath
    }
  }

  // Swift Testing's SourceLocation requires a line and column of at least 1 (and traps
  // otherwise); the classic `unimplemented` forms without a placeholder report at column 0.
  @Test func aLineOrColumnOfZeroIsRecordedAsOne() {
    withKnownIssue {
      reportIssue("Here", line: 0, column: 0)
    } matching: { issue in
      issue.sourceLocation?.line == 1 && issue.sourceLocation?.column == 1
    }
  }

  @Test func anErrorIsRecordedAsItself() {
    withKnownIssue {
      reportIssue(Failure())
    } matching: { issue in
      issue.error as? Failure == Failure()
        && issue.description == "Caught error: Failure() (error)"
    }
    withKnownIssue {
      reportIssue(Failure(), "Something went wrong")
    } matching: { issue in
      issue.error as? Failure == Failure()
        && issue.description == "Caught error: Failure() (error): Something went wrong"
    }
  }

  @Test func aWarningIsRecordedAsAWarning() {
    withKnownIssue {
      reportIssue("Deprecated endpoint", severity: .warning)
    } matching: { issue in
      issue.severity == .warning && !issue.isFailure
        && issue.description == "Issue recorded (warning): Deprecated endpoint"
    }
  }

  @Test func aWarningAloneDoesNotFailTheTest() {
    // Passes: Swift Testing records the warning and the test still passes.
    reportIssue("Just a warning", severity: .warning)
  }

  @Test func anEmptyMessage() {
    withKnownIssue {
      reportIssue("")
    }
  }

  @Test func anEmptyMessageInAnAsyncTest() async {
    await withKnownIssue {
      await Task.yield()
      reportIssue("")
    }
  }

  @Test func manyIssuesWithLongPaths() {
    // Each report passes heap-allocated file paths through the run-time calls into Testing: a
    // wrong ownership convention there over-releases them.
    withKnownIssue {
      for index in 0..<25 {
        reportIssue("Issue \(index)")
        reportIssue(Failure(), "Error \(index)")
      }
    }
  }

  @Test func fromAChildTask() async {
    await withKnownIssue {
      await withTaskGroup(of: Void.self) { group in
        group.addTask { reportIssue("From a child task") }
      }
    } matching: { issue in
      issue.description == "Issue recorded (error): From a child task"
    }
  }
}
