/// Issues that belong to no test: found by background work after the test that owned it ended (a
/// test's dependencies shut down in the background, say).
package enum TestRunIssue {
  /// Writes `standardErrorLine` to standard error, and in a Swift Testing run also records `message`
  /// as an issue of the run (which fails it): Swift Testing records it for the run when no test is
  /// running on the recording task, so it is recorded from a detached task when one is (whichever
  /// test runs there did not cause it). Returns whether it was handed to Swift Testing.
  ///
  /// The line is written in any case: an issue recorded after the run has ended reaches no one.
  @discardableResult
  package static func report(
    _ message: String, standardErrorLine: String, fileID: StaticString, filePath: StaticString,
    line: UInt, column: UInt
  ) -> Bool {
    ProcessEnvironment.writeToStandardError(standardErrorLine)
    guard isTesting, ProcessEnvironment.isSwiftTestingRun, SwiftTestingRuntime.canRecordIssues
    else { return false }
    let (fileID, filePath) = ("\(fileID)", "\(filePath)")
    let record: @Sendable () -> Void = {
      SwiftTestingRuntime.recordIssue(
        message, severity: .error, fileID: fileID, filePath: filePath, line: Int(line),
        column: Int(column))
    }
    if SwiftTestingRuntime.currentTest() == nil {
      record()
    } else {
      Task.detached { record() }
    }
    return true
  }
}
