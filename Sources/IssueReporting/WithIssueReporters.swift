/// Runs `operation` with `reporters` receiving the issues it reports (in order), in place of
/// ``IssueReporters/current``.
///
/// Ignore every issue with no reporters:
///
/// ```swift
/// withIssueReporters([]) {
///   reportIssue("Not reported anywhere")
/// }
/// ```
///
/// Or add one for a while:
///
/// ```swift
/// withIssueReporters(IssueReporters.current + [LoggingReporter()]) {
///   model.refresh()
/// }
/// ```
///
/// Tasks created inside `operation` inherit the reporters.
///
/// - Parameters:
///   - reporters: The reporters to notify during `operation`.
///   - operation: A synchronous operation.
/// - Returns: What `operation` returns.
public func withIssueReporters<R>(
  _ reporters: [any IssueReporter],
  operation: () throws -> R
) rethrows -> R {
  try IssueReporters.$scope.withValue(ReporterScope(reporters), operation: operation)
}

/// Runs the asynchronous `operation` with `reporters` receiving the issues it reports, in place of
/// ``IssueReporters/current``.
///
/// ```swift
/// await withIssueReporters([CollectingReporter()]) {
///   await model.refresh()
/// }
/// ```
///
/// - Parameters:
///   - reporters: The reporters to notify during `operation`.
///   - isolation: The isolation `operation` runs on; the caller's by default.
///   - operation: An asynchronous operation.
/// - Returns: What `operation` returns.
public func withIssueReporters<R>(
  _ reporters: [any IssueReporter],
  isolation: isolated (any Actor)? = #isolation,
  operation: () async throws -> R
) async rethrows -> R {
  try await IssueReporters.$scope.withValue(
    ReporterScope(reporters), operation: operation, isolation: isolation)
}
