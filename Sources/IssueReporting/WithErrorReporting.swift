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
/// Returns what `body` returns, or `nil` if it threw. A `CancellationError` is not an issue and is
/// swallowed silently. In a test, the reported error fails the test:
///
/// ```swift
/// withDependencies {
///   $0.settingsStore.load = { throw CocoaError(.fileReadCorruptFile) }
/// } operation: {
///   model.onAppear()  // reports "Caught error: …" through withErrorReporting
/// }
/// ```
///
/// - Parameters:
///   - message: Context for the report, appended to the error's description.
///   - reporters: Reporters to send the issue to instead of the ones in effect.
///   - fileID: The file ID the issue is reported at; defaults to the caller's.
///   - filePath: The file path the issue is reported at; defaults to the caller's.
///   - line: The line the issue is reported at; defaults to the caller's.
///   - column: The column the issue is reported at; defaults to the caller's.
///   - body: The work to run.
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
  do {
    return try body()
  } catch is CancellationError {
    return nil
  } catch {
    _withReporters(reporters) {
      reportIssue(
        error, message(), fileID: fileID, filePath: filePath, line: line, column: column)
    }
    return nil
  }
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
/// Returns what `body` returns, or `nil` if it threw. A `CancellationError` is swallowed silently.
@discardableResult
public func withErrorReporting<R>(
  _ message: @autoclosure () -> String? = nil,
  to reporters: [any IssueReporter]? = nil,
  isolation: isolated (any Actor)? = #isolation,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column,
  catching body: () async throws -> sending R
) async -> R? {
  do {
    return try await body()
  } catch is CancellationError {
    return nil
  } catch {
    _withReporters(reporters) {
      reportIssue(
        error, message(), fileID: fileID, filePath: filePath, line: line, column: column)
    }
    return nil
  }
}

/// Runs `body`, reporting any error it throws; an optional result is flattened, so `nil` means
/// either that `body` returned `nil` or that it threw.
///
/// ```swift
/// let user: User? = withErrorReporting { try cache.user(id: id) }
/// ```
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

/// Runs the asynchronous `body`, reporting any error it throws; an optional result is flattened.
///
/// ```swift
/// let user: User? = await withErrorReporting { try await client.user(id: id) }
/// ```
@discardableResult
public func withErrorReporting<R>(
  _ message: @autoclosure () -> String? = nil,
  to reporters: [any IssueReporter]? = nil,
  isolation: isolated (any Actor)? = #isolation,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column,
  catching body: () async throws -> sending R?
) async -> R? {
  let result: R?? = await withErrorReporting(
    message(), to: reporters, isolation: isolation, fileID: fileID, filePath: filePath,
    line: line, column: column, catching: body)
  return result ?? nil
}

/// Runs `body` with `reporters` (when given) receiving the issues it reports.
private func _withReporters(_ reporters: [any IssueReporter]?, _ body: () -> Void) {
  guard let reporters else { return body() }
  IssueReporters.$override.withValue(_FanOutReporter(reporters: reporters), operation: body)
}

/// Sends each issue to several reporters.
private struct _FanOutReporter: IssueReporter {
  let reporters: [any IssueReporter]

  func reportIssue(_ message: String, at site: IssueSite) {
    for reporter in reporters {
      reporter.reportIssue(message, at: site)
    }
  }
}
