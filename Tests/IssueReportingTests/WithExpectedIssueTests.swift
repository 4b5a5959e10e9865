import IssueCollecting
import IssueReporting
import Testing

@Suite struct WithExpectedIssueTests {
  struct Failure: Error {}

  @Test func anExpectedIssue() {
    withExpectedIssue {
      reportIssue("Oops!")
    }
  }

  @Test func anIssueRecordedWithSwiftTesting() {
    withExpectedIssue {
      Issue.record("Recorded directly")
    }
  }

  @Test func aThrownError() {
    withExpectedIssue { throw Failure() }
  }

  @Test func anIssueAndAThrownError() {
    withExpectedIssue {
      reportIssue("Oops!")
      throw Failure()
    }
  }

  @Test func noIssueIsReportedAsNotRecorded() {
    withKnownIssue {
      withExpectedIssue {}
    } matching: { issue in
      issue.description == "Known issue was not recorded (error)"
    }
    withKnownIssue {
      withExpectedIssue("This didn't fail") {}
    } matching: { issue in
      issue.description == "Known issue was not recorded (error): This didn't fail"
    }
  }

  @Test func anIntermittentIssueMayNotOccur() {
    withExpectedIssue(isIntermittent: true) {}
  }

  @Test func async() async {
    await withExpectedIssue {
      await Task.yield()
      reportIssue("Oops!")
    }
    await withExpectedIssue {
      reportIssue("Oops!")
      await Task.yield()
      throw Failure()
    }
    await withExpectedIssue {
      await Task.yield()
      #expect(Bool(false), "A failed expectation is a known issue too")
    }
    await withExpectedIssue(isIntermittent: true) {
      await Task.yield()
    }
  }

  @Test func asyncNoIssueIsReportedAsNotRecorded() async {
    await withKnownIssue {
      await withExpectedIssue("This didn't fail") {
        await Task.yield()
      }
    } matching: { issue in
      issue.description == "Known issue was not recorded (error): This didn't fail"
    }
  }

  @MainActor @Test func asyncOnTheMainActor() async {
    await withExpectedIssue {
      MainActor.assertIsolated()
      await Task.yield()
      MainActor.assertIsolated()
      reportIssue("Oops!")
    }
  }

  @Test func outsideATestIssuesAreExpectedNotReported() async {
    // A detached task runs outside the test: `Test.current` is nil there.
    let reporter = await Task.detached {
      let reporter = CollectingReporter()
      withIssueReporters([reporter]) {
        withExpectedIssue { reportIssue("expected") }
        withExpectedIssue { throw Failure() }
        withExpectedIssue(isIntermittent: true) {}
      }
      return reporter
    }.value
    #expect(reporter.messages.isEmpty)
  }

  @Test func outsideATestAMissingIssueIsReported() async {
    let line = #line + 4
    let reporter = await Task.detached {
      let reporter = CollectingReporter()
      await withIssueReporters([reporter]) {
        withExpectedIssue("sync") {}
        await withExpectedIssue("async") { await Task.yield() }
      }
      return reporter
    }.value
    #expect(
      reporter.messages == [
        "Known issue was not recorded: sync", "Known issue was not recorded: async",
      ])
    #expect(reporter.sites.first?.line == UInt(line))
  }
}
