/// Runs `body`, reporting any error it throws as an issue instead of propagating it.
///
/// Use it for work whose errors you do not handle yet but want to hear about:
///
/// ```swift
/// let settings = withErrorReporting {
///   try JSONDecoder().decode(Settings.self, from: data)
/// }
/// ```
///
/// Returns what `body` returns, or nil if it threw. A `CancellationError` is not an issue and is
/// swallowed silently. Other errors are reported with `reportIssue(_:_:fileID:filePath:line:column:)`:
/// in a test, the test fails with the error ("Caught error: …"):
///
/// ```swift
/// @Test func corruptSettings() {
///   withKnownIssue {
///     model.loadSettings()  // reports the decoding error through withErrorReporting
///   } matching: { issue in
///     issue.error is DecodingError
///   }
/// }
/// ```
///
/// - Parameters:
///   - message: A message describing the failure, appended to the error's description.
///   - reporters: Reporters to send the issue to, in place of ``IssueReporters/current``, while
///     `body` runs; the current ones by default.
///   - fileID: The source `#fileID` associated with the issue.
///   - filePath: The source `#filePath` associated with the issue.
///   - line: The source `#line` associated with the issue.
///   - column: The source `#column` associated with the issue.
///   - body: A synchronous operation.
/// - Returns: What `body` returns, or nil if it threw.
@discardableResult
public func withErrorReporting<R>(
  _ message: @autoclosure () -> String? = nil,
  to reporters: [any IssueReporter]? = nil,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column,
  catching body: () throws -> R
) -> R? {
  func run() -> R? {
    do {
      return try body()
    } catch is CancellationError {
    } catch {
      reportIssue(error, message(), fileID: fileID, filePath: filePath, line: line, column: column)
    }
    return nil
  }
  guard let reporters else { return run() }
  return withIssueReporters(reporters, operation: run)
}

/// Runs `body`, reporting any error it throws; an optional result is flattened, so nil means either
/// that `body` returned nil or that it threw.
///
/// ```swift
/// let user: User? = withErrorReporting { try cache.user(id: id) }
/// ```
///
/// - Parameters:
///   - message: A message describing the failure, appended to the error's description.
///   - reporters: Reporters to send the issue to while `body` runs; the current ones by default.
///   - fileID: The source `#fileID` associated with the issue.
///   - filePath: The source `#filePath` associated with the issue.
///   - line: The source `#line` associated with the issue.
///   - column: The source `#column` associated with the issue.
///   - body: A synchronous operation.
/// - Returns: What `body` returns, or nil if it threw.
@discardableResult
public func withErrorReporting<R>(
  _ message: @autoclosure () -> String? = nil,
  to reporters: [any IssueReporter]? = nil,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column,
  catching body: () throws -> R?
) -> R? {
  let result: R?? = withErrorReporting(
    message(), to: reporters, fileID: fileID, filePath: filePath, line: line, column: column,
    catching: body)
  return result ?? nil
}

/// Runs the asynchronous `body`, reporting any error it throws as an issue instead of propagating
/// it.
///
/// ```swift
/// await withErrorReporting("Refreshing the feed") {
///   feed = try await client.fetchFeed()
/// }
/// ```
///
/// Returns what `body` returns, or nil if it threw. A `CancellationError` is swallowed silently.
///
/// - Parameters:
///   - message: A message describing the failure, appended to the error's description.
///   - reporters: Reporters to send the issue to while `body` runs; the current ones by default.
///   - fileID: The source `#fileID` associated with the issue.
///   - filePath: The source `#filePath` associated with the issue.
///   - line: The source `#line` associated with the issue.
///   - column: The source `#column` associated with the issue.
///   - isolation: The isolation `body` runs on; the caller's by default.
///   - body: An asynchronous operation.
/// - Returns: What `body` returns, or nil if it threw.
@discardableResult
public func withErrorReporting<R>(
  _ message: @autoclosure () -> String? = nil,
  to reporters: [any IssueReporter]? = nil,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column,
  isolation: isolated (any Actor)? = #isolation,
  catching body: () async throws -> sending R
) async -> R? {
  guard let reporters else {
    do {
      return try await body()
    } catch is CancellationError {
    } catch {
      reportIssue(error, message(), fileID: fileID, filePath: filePath, line: line, column: column)
    }
    return nil
  }
  return await withIssueReporters(reporters, isolation: isolation) {
    do {
      return try await body()
    } catch is CancellationError {
    } catch {
      reportIssue(error, message(), fileID: fileID, filePath: filePath, line: line, column: column)
    }
    return nil
  }
}

/// Runs the asynchronous `body`, reporting any error it throws; an optional result is flattened.
///
/// ```swift
/// let user: User? = await withErrorReporting { try await client.user(id: id) }
/// ```
///
/// - Parameters:
///   - message: A message describing the failure, appended to the error's description.
///   - reporters: Reporters to send the issue to while `body` runs; the current ones by default.
///   - fileID: The source `#fileID` associated with the issue.
///   - filePath: The source `#filePath` associated with the issue.
///   - line: The source `#line` associated with the issue.
///   - column: The source `#column` associated with the issue.
///   - isolation: The isolation `body` runs on; the caller's by default.
///   - body: An asynchronous operation.
/// - Returns: What `body` returns, or nil if it threw.
@discardableResult
public func withErrorReporting<R>(
  _ message: @autoclosure () -> String? = nil,
  to reporters: [any IssueReporter]? = nil,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column,
  isolation: isolated (any Actor)? = #isolation,
  catching body: () async throws -> sending R?
) async -> R? {
  let result: R?? = await withErrorReporting(
    message(), to: reporters, fileID: fileID, filePath: filePath, line: line, column: column,
    isolation: isolation, catching: body)
  return result ?? nil
}
