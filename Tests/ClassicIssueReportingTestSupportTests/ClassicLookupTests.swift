import ClassicIssueReportingTestSupport
import Foundation
import Testing

// The hooks called as the classic IssueReporting (xctest-dynamic-overlay 1.11.0) calls them: its
// `Any` cast with `as!` to its own closure types, written here as it writes them, in a target
// compiled as it is compiled (NonisolatedNonsendingByDefault, which makes its `() async throws
// -> Void` a `nonisolated(nonsending)` one). A hook of another type traps at the cast.

@Suite struct ClassicLookupTests {
  @Test func anIssueRecordedThroughTheHookIsTheRunningTestsIssue() {
    let record = _recordIssue() as! @Sendable (String?, Int, String, String, Int, Int) -> Void
    withKnownIssue {
      record("recorded through the hook", 1, #fileID, #filePath, #line, #column)
    } matching: { issue in
      issue.comments.contains("recorded through the hook")
    }
  }

  @Test func aWarningThroughTheHookIsAWarning() {
    let record = _recordIssue() as! @Sendable (String?, Int, String, String, Int, Int) -> Void
    withKnownIssue(isIntermittent: true) {
      record("a warning", 0, #fileID, #filePath, #line, #column)
    }
  }

  @Test func anErrorRecordedThroughTheHookIsTheIssuesError() {
    struct Failure: Error {}
    let record =
      _recordError() as! @Sendable (any Error, String?, String, String, Int, Int) -> Void
    withKnownIssue {
      record(Failure(), nil, #fileID, #filePath, #line, #column)
    } matching: { issue in
      issue.error is Failure
    }
  }

  @Test func theKnownIssueHooksMakeTheirIssuesKnown() async {
    let record = _recordIssue() as! @Sendable (String?, Int, String, String, Int, Int) -> Void
    let withKnownIssue =
      _withKnownIssue()
      as! @Sendable (String?, Bool, String, String, Int, Int, () throws -> Void) -> Void
    withKnownIssue("sync", false, #fileID, #filePath, #line, #column) {
      record("inside", 1, #fileID, #filePath, #line, #column)
    }

    let withKnownIssueAsync =
      _withKnownIssueAsyncIsolated()
      as! @Sendable (
        String?, Bool, isolated (any Actor)?, String, String, Int, Int, () async throws -> Void
      ) async -> Void
    await withKnownIssueAsync("async", false, nil, #fileID, #filePath, #line, #column) {
      await Task.yield()
      record("inside, after a suspension", 1, #fileID, #filePath, #line, #column)
    }
  }

  @Test func theCurrentTestHookNamesTheRunningTest() throws {
    let currentTest = _currentTest()
    let test = withUnsafePointer(to: currentTest) {
      $0.withMemoryRebound(to: (@Sendable () -> ClassicTestLayout?).self, capacity: 1) {
        $0.pointee()
      }
    }
    let running = try #require(test)
    #expect(running.id == AnyHashable(try #require(Test.current).id))
  }

  @Test func theXCTestHooksHaveTheirTypes() {
    #expect(_XCTFail() is @Sendable (String, StaticString, UInt) -> Void)
    let expectFailure =
      _XCTExpectFailure() as! @Sendable (String?, Bool?, Bool?, () throws -> Void) throws -> Void
    var ran = false
    try? expectFailure(nil, nil, nil) { ran = true }
    #expect(ran)
  }
}

/// The classic IssueReporting's `_Test`, as it declares it.
private struct ClassicTestLayout {
  let id: AnyHashable
  let traits: [any Sendable]
}
