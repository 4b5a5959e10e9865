import IssueCollecting
import IssueReporting
import Testing

/// A reporter that implements only the severity requirement, as most custom reporters do.
struct SeverityReporter: IssueReporter {
  let reports: CollectingReporter

  func reportIssue(
    _ message: @autoclosure () -> String?,
    severity: IssueSeverity,
    fileID: StaticString,
    filePath: StaticString,
    line: UInt,
    column: UInt
  ) {
    reports.reportIssue(
      message(), severity: severity, fileID: fileID, filePath: filePath, line: line,
      column: column)
  }
}

@Suite struct IssueReportersTests {
  @Test func theDefaultReporterIsInEffect() {
    #expect(IssueReporters.current.count == 1)
    #expect(IssueReporters.current.first is _DefaultReporter)
  }

  @Test func theClassicReportersAreStaticMembers() {
    let reporters: [any IssueReporter] = [.default, .fatalError, .breakpoint]
    #expect(reporters[0] is _DefaultReporter)
    #expect(reporters[1] is _FatalErrorReporter)
    #expect(reporters[2] is _BreakpointReporter)
  }

  @Test func noReportersIgnoreIssues() {
    let outer = CollectingReporter()
    withIssueReporters([outer]) {
      withIssueReporters([]) {
        reportIssue("Not reported anywhere")
        reportIssue(CancellationError())
      }
    }
    #expect(outer.messages.isEmpty)
  }

  @Test func reportersAreFedInOrder() {
    let log = CollectingReporter()
    let first = SeverityReporter(reports: log)
    let second = SeverityReporter(reports: log)
    let (_, outer) = collectingIssues {
      withIssueReporters([first, second]) {
        reportIssue("one")
      }
    }
    #expect(log.messages == ["one", "one"])
    #expect(outer.messages.isEmpty)
  }

  @Test func aReporterReceivesTheSeverityAndLocation() {
    let line = #line + 2
    let (_, reporter) = collectingIssues {
      reportIssue("careful", severity: .warning)
      reportIssue("broken")
    }
    #expect(reporter.reports.map(\.severity) == [.warning, .error])
    #expect(reporter.sites.first?.fileID == "IssueReportingTests/IssueReportersTests.swift")
    #expect(reporter.sites.first?.filePath == #filePath)
    #expect(reporter.sites.first?.line == UInt(line))
  }

  @Test func aCaughtErrorReachesASeverityOnlyReporterAsClassicWordsIt() {
    struct Failure: Error {}
    let log = CollectingReporter()
    withIssueReporters([SeverityReporter(reports: log)]) {
      reportIssue(Failure())
      reportIssue(Failure(), "while saving")
    }
    #expect(
      log.messages == ["Caught error: Failure()", "Caught error: Failure(): while saving"])
    #expect(log.reports.map(\.severity) == [.error, .error])
  }

  @Test func theSeverityLessRequirementReportsAnError() {
    let log = CollectingReporter()
    let reporter: any IssueReporter = SeverityReporter(reports: log)
    reporter.reportIssue("legacy", fileID: #fileID, filePath: #filePath, line: #line, column: 1)
    #expect(log.reports.map(\.severity) == [.error])
  }

  @Test func assigningCurrentReplacesTheReportersOfTheScope() {
    let first = CollectingReporter()
    let second = CollectingReporter()
    withIssueReporters([first]) {
      reportIssue("to first")
      IssueReporters.current = [second]
      reportIssue("to second")
      #expect(IssueReporters.current.first as? CollectingReporter === second)
    }
    #expect(first.messages == ["to first"])
    #expect(second.messages == ["to second"])
    #expect(IssueReporters.current.first is _DefaultReporter)
  }

  @Test func childTasksInheritTheReporters() async {
    let (_, reporter) = await collectingIssues {
      await withTaskGroup(of: Void.self) { group in
        group.addTask { reportIssue("from a child") }
      }
      await Task { reportIssue("from an unstructured task") }.value
    }
    #expect(Set(reporter.messages) == ["from a child", "from an unstructured task"])
  }

  @Test func asyncScopes() async {
    let reporter = CollectingReporter()
    let value = await withIssueReporters([reporter]) { () async -> Int in
      await Task.yield()
      reportIssue("async")
      return 1
    }
    #expect(value == 1)
    #expect(reporter.messages == ["async"])
  }

  @Test func theBreakpointReporterOnlyPrintsWithoutADebugger() {
    // No debugger is attached to the test process, so this prints and returns.
    withIssueReporters([.breakpoint]) {
      reportIssue("Breakpoint without a debugger")
    }
  }
}

/// The classic spellings that are deprecated compile (with a deprecation warning, as in the
/// classic library). Never called.
@available(*, deprecated)
private func deprecatedSpellingsCompile() {
  IssueReporters.current = [.runtimeWarning]
}
