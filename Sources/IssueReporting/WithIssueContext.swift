/// Runs `operation` with the issues it reports (and the expected issues it declares) attributed to
/// the given source location, instead of the locations they were reported at.
///
/// For test helpers whose failures should point at the helper's caller:
///
/// ```swift
/// func assertSignedIn(
///   _ model: AppModel,
///   fileID: StaticString = #fileID,
///   filePath: StaticString = #filePath,
///   line: UInt = #line,
///   column: UInt = #column
/// ) {
///   withIssueContext(fileID: fileID, filePath: filePath, line: line, column: column) {
///     if model.user == nil {
///       reportIssue("Expected a signed-in user")  // reported at the caller's line
///     }
///   }
/// }
/// ```
///
/// - Parameters:
///   - fileID: The `#fileID` to attribute issues to.
///   - filePath: The `#filePath` to attribute issues to.
///   - line: The `#line` to attribute issues to.
///   - column: The `#column` to attribute issues to.
///   - operation: A synchronous operation.
/// - Returns: What `operation` returns.
public func withIssueContext<R>(
  fileID: StaticString,
  filePath: StaticString,
  line: UInt,
  column: UInt,
  operation: () throws -> R
) rethrows -> R {
  try IssueContext.$current.withValue(
    IssueContext(fileID: fileID, filePath: filePath, line: line, column: column),
    operation: operation)
}

/// Runs the asynchronous `operation` with the issues it reports attributed to the given source
/// location.
///
/// ```swift
/// await withIssueContext(fileID: fileID, filePath: filePath, line: line, column: column) {
///   await store.receive(.loaded)
/// }
/// ```
///
/// - Parameters:
///   - fileID: The `#fileID` to attribute issues to.
///   - filePath: The `#filePath` to attribute issues to.
///   - line: The `#line` to attribute issues to.
///   - column: The `#column` to attribute issues to.
///   - isolation: The isolation `operation` runs on; the caller's by default.
///   - operation: An asynchronous operation.
/// - Returns: What `operation` returns.
public func withIssueContext<R>(
  fileID: StaticString,
  filePath: StaticString,
  line: UInt,
  column: UInt,
  isolation: isolated (any Actor)? = #isolation,
  operation: () async throws -> R
) async rethrows -> R {
  try await IssueContext.$current.withValue(
    IssueContext(fileID: fileID, filePath: filePath, line: line, column: column),
    operation: operation,
    isolation: isolation)
}

/// The source location `withIssueContext` attributes issues to.
struct IssueContext: Sendable {
  @TaskLocal static var current: Self?

  let fileID: StaticString
  let filePath: StaticString
  let line: UInt
  let column: UInt

  /// The location an issue reported at the given one is attributed to: the innermost context's, if
  /// any.
  static func location(
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) -> (fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
    guard let current else { return (fileID, filePath, line, column) }
    return (current.fileID, current.filePath, current.line, current.column)
  }
}
