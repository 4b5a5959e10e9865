import IssueCollecting
import IssueReporting
import Testing

@Suite struct WithErrorReportingTests {
  struct Failure: Error, Equatable {
    var code = 1
  }

  @Test func returnsTheValueWhenNothingThrows() {
    let (value, reporter) = collectingIssues {
      withErrorReporting { 42 }
    }
    #expect(value == 42)
    #expect(reporter.messages.isEmpty)
  }

  @Test func reportsThrownErrorsAndReturnsNil() {
    let line = #line + 2
    let (value, reporter) = collectingIssues {
      withErrorReporting("Loading settings") { () throws -> Int in throw Failure() }
    }
    #expect(value == nil)
    #expect(reporter.messages == ["Caught error: Failure(code: 1): Loading settings"])
    #expect(reporter.reports.first?.error as? Failure == Failure())
    #expect(reporter.sites.first?.fileID == "IssueReportingTests/WithErrorReportingTests.swift")
    #expect(reporter.sites.first?.line == UInt(line))
  }

  @Test func inASwiftTestingTestTheErrorItselfIsRecorded() {
    withKnownIssue {
      withErrorReporting { throw Failure(code: 7) }
    } matching: { issue in
      issue.error as? Failure == Failure(code: 7)
        && issue.description == "Caught error: Failure(code: 7) (error)"
    }
    withKnownIssue {
      withErrorReporting("Failed") { throw Failure(code: 8) }
    } matching: { issue in
      issue.error as? Failure == Failure(code: 8)
        && issue.description == "Caught error: Failure(code: 8) (error): Failed"
    }
  }

  @Test func asyncInASwiftTestingTest() async {
    await withKnownIssue {
      await withErrorReporting("Refreshing") { () async throws in
        await Task.yield()
        throw Failure(code: 9)
      }
    } matching: { issue in
      issue.error as? Failure == Failure(code: 9)
        && issue.description == "Caught error: Failure(code: 9) (error): Refreshing"
    }
  }

  @MainActor @Test func asyncOnTheMainActor() async {
    await withKnownIssue {
      await withErrorReporting { () async throws in
        MainActor.assertIsolated()
        throw Failure()
      }
    } matching: { issue in
      issue.error is Failure
    }
  }

  @Test func cancellationIsNotAnIssue() async {
    let (values, reporter) = await collectingIssues {
      let sync: Int? = withErrorReporting { () throws -> Int in throw CancellationError() }
      let async: Int? = await withErrorReporting { () async throws -> Int in
        await Task.yield()
        throw CancellationError()
      }
      return [sync, async]
    }
    #expect(values == [nil, nil])
    #expect(reporter.messages.isEmpty)
  }

  @Test func asyncReportsThrownErrors() async {
    let (value, reporter) = await collectingIssues {
      await withErrorReporting { () async throws -> Int in
        await Task.yield()
        throw Failure()
      }
    }
    #expect(value == nil)
    #expect(reporter.messages == ["Caught error: Failure(code: 1)"])
  }

  @Test func optionalResultsAreFlattened() async {
    let (values, reporter) = await collectingIssues {
      let sync: Int? = withErrorReporting { () throws -> Int? in nil }
      let syncThrows: Int? = withErrorReporting { () throws -> Int? in throw Failure() }
      let async: Int? = await withErrorReporting { () async throws -> Int? in 5 }
      let asyncThrows: Int? = await withErrorReporting { () async throws -> Int? in
        throw Failure()
      }
      return [sync, syncThrows, async, asyncThrows]
    }
    #expect(values == [nil, nil, 5, nil])
    #expect(reporter.messages.count == 2)
  }

  @Test func explicitReporters() async {
    let explicit = CollectingReporter()
    let (_, reporter) = await collectingIssues {
      withErrorReporting(to: [explicit]) { throw Failure() }
      await withErrorReporting("async", to: [explicit]) { () async throws in throw Failure() }
    }
    #expect(
      explicit.messages == [
        "Caught error: Failure(code: 1)", "Caught error: Failure(code: 1): async",
      ])
    #expect(reporter.messages.isEmpty)
  }
}
