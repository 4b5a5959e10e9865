/// Where the failures and timeouts of a shutdown go.
enum _ShutdownReporting: Sendable {
  /// Issues at the location of the `shutdownDependencies` call (or of the test set-up that shut a
  /// test's cache down): in a test they fail the test; elsewhere the issue reporters print them.
  case issues(at: _ReadSite)
  /// Standard error: the background shutdown of a released cache, which no caller waits for and
  /// whose test (if any) has ended.
  case standardError

  func report(_ outcome: DependencyShutdownReport.Outcome, of name: String, timeout: Duration) {
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
        Shutting down \(name) did not finish within \(timeout).

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
    case .standardError:
      ProcessEnvironment.writeToStandardError(
        "⚠️ swift-dependencies: while a released cache of dependencies shut its values down: "
          + message + "\n")
    }
  }
}
