import IssueCollecting
import IssueReporting
import Testing

@Suite struct WithIssueContextTests {
  @Test func issuesAreAttributedToTheContext() {
    withKnownIssue {
      withIssueContext(
        fileID: "Feature/Helper.swift", filePath: "/Feature/Helper.swift", line: 7, column: 3
      ) {
        reportIssue("Something went wrong")
      }
    } matching: { issue in
      issue.sourceLocation?.line == 7 && issue.sourceLocation?.column == 3
        && issue.sourceLocation?.fileID == "Feature/Helper.swift"
        && issue.description == "Issue recorded (error): Something went wrong"
    }
  }

  @Test func aHelperReportsAtItsCaller() {
    func assertPositive(
      _ value: Int, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
      line: UInt = #line, column: UInt = #column
    ) {
      withIssueContext(fileID: fileID, filePath: filePath, line: line, column: column) {
        if value <= 0 { reportIssue("\(value) is not positive") }
      }
    }
    let line = #line + 2
    let (_, reporter) = collectingIssues {
      assertPositive(-1)
    }
    #expect(reporter.messages == ["-1 is not positive"])
    #expect(reporter.sites.first?.line == UInt(line))
  }

  @Test func errorsAreAttributedToTheContextToo() {
    struct Failure: Error {}
    let (_, reporter) = collectingIssues {
      withIssueContext(fileID: "A/B.swift", filePath: "/A/B.swift", line: 1, column: 2) {
        reportIssue(Failure())
      }
    }
    #expect(reporter.sites.first?.fileID == "A/B.swift")
    #expect(reporter.sites.first?.line == 1)
  }

  @Test func theInnermostContextWins() {
    let (_, reporter) = collectingIssues {
      withIssueContext(fileID: "A/Outer.swift", filePath: "/A/Outer.swift", line: 1, column: 1) {
        withIssueContext(fileID: "A/Inner.swift", filePath: "/A/Inner.swift", line: 2, column: 2) {
          reportIssue("inner")
        }
        reportIssue("outer")
      }
    }
    #expect(reporter.sites.map(\.fileID) == ["A/Inner.swift", "A/Outer.swift"])
  }

  @Test func asyncContext() async {
    await withKnownIssue {
      await withIssueContext(
        fileID: "A/Async.swift", filePath: "/A/Async.swift", line: 9, column: 1
      ) {
        await Task.yield()
        reportIssue("async")
      }
    } matching: { issue in
      issue.sourceLocation?.line == 9
    }
  }
}
