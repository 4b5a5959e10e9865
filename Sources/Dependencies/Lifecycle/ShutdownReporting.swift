/// Where the failures and timeouts of a shutdown go.
enum _ShutdownReporting: Sendable {
  /// Issues at the location of the `shutdownDependencies` call (or of the test set-up that shut a
  /// test's cache down): in a test they fail the test; elsewhere the issue reporters print them.
  case issues(at: _ReadSite)
  /// The background shutdown of a released cache, which no caller waits for and whose test (if any)
  /// has ended: on standard error, and in a Swift Testing run also as an issue of the run, which
  /// fails it (never only printed while a run can still fail), at `site` (where the value was read
  /// or prepared); see `TestRunIssue`.
  case background

  /// Reports what the shutdown of `name` (the value read or prepared at `site`) came to, when it
  /// failed or timed out.
  func report(
    _ outcome: DependencyShutdownReport.Outcome, of name: String, site: _ReadSite,
    timeout: Duration
  ) {
    let message: String
    switch outcome {
    case .completed:
      return
    case .failed(let error):
      message = """
        Shutting down \(name) threw an error: \(error)

        The other dependencies were still shut down, the values \(name) reads after it.
        """
    case .timedOut:
      message = """
        Shutting down \(name) did not finish within \(timeout.shortDescription).

        Its shutdown was cancelled and left to finish by itself; the other dependencies were \
        still shut down, the values \(name) reads after the timeout. Make 'shutdown()' return \
        sooner (for example by checking 'Task.isCancelled'), or pass a longer timeout.
        """
    }
    switch self {
    case .issues(let site):
      reportIssue(
        message, fileID: site.fileID, filePath: site.filePath, line: site.line,
        column: site.column)
    case .background:
      let note = """
        The value was first read where this issue is reported. Its cache was released without a \
        shutdown (it was the cache of a test that has ended, or a scope's own), and shut its \
        values down in the background.
        """
      TestRunIssue.report(
        "\(message)\n\n\(note)",
        standardErrorLine:
          "⚠️ swift-dependencies: while a released cache of dependencies shut its values down: "
          + message + "\n",
        fileID: site.fileID, filePath: site.filePath, line: site.line, column: site.column)
    }
  }
}
