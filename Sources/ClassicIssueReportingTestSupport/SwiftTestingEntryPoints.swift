// The functions the classic IssueReporting (pointfreeco/xctest-dynamic-overlay, which packages such
// as swift-custom-dump and swift-sharing still bring into a graph) looks up at run time to reach
// Swift Testing, under the names it looks up.
//
// That IssueReporting calls `dlopen("libIssueReportingTestSupport.so")`, else `dlopen(nil)`, then
// `dlsym` with the mangled name of each function below (`IssueReportingTestSupport._recordIssue()`,
// …), calls it, and casts the `Any` it returns to a closure type of its own: the closures here have
// exactly those types (`as!` traps on any other). Without them, on Linux, an issue it reports in a
// Swift Testing test is only printed ("An issue was recorded without linking the Testing
// framework"), and the test passes. `@_silgen_name` gives each function the classic mangled name
// whatever this module is called, and the library is dynamic so that `dlsym` sees it: a test
// binary exports none of its own symbols. Each closure records through this package's
// IssueReporting, which finds Swift Testing at run time.
//
// The async closures take a `nonisolated(nonsending)` body: the classic IssueReporting (1.11.0)
// is compiled with NonisolatedNonsendingByDefault, under which its cast's `() async throws -> Void`
// means that.

import IssueReporting

/// The classic IssueReporting's hook for recording an issue in the running Swift Testing test.
///
/// Not for calling: the classic IssueReporting finds it by its mangled name and calls the closure
/// it returns, `@Sendable (String?, Int, String, String, Int, Int) -> Void` (message, severity: 0
/// for a warning, else an error; file ID, file path, line, column).
///
/// ```swift
/// let record = _recordIssue() as! @Sendable (String?, Int, String, String, Int, Int) -> Void
/// ```
@_silgen_name("$s25IssueReportingTestSupport07_recordA0ypyF")
public func _recordIssue() -> Any { recordIssue }

@Sendable private func recordIssue(
  message: String?, severity: Int, fileID: String, filePath: String, line: Int, column: Int
) {
  let message = message == "" ? nil : message
  guard
    SwiftTestingRuntime.recordIssue(
      message, severity: severity == 0 ? .warning : .error, fileID: fileID, filePath: filePath,
      line: line, column: column)
  else {
    return unreachable("An issue", message, fileID: fileID, line: line)
  }
}

/// The classic IssueReporting's hook for recording a caught error in the running Swift Testing
/// test.
///
/// Not for calling: the classic IssueReporting finds it by its mangled name and calls the closure
/// it returns, `@Sendable (any Error, String?, String, String, Int, Int) -> Void`.
///
/// ```swift
/// let record = _recordError() as! @Sendable (any Error, String?, String, String, Int, Int) -> Void
/// ```
@_silgen_name("$s25IssueReportingTestSupport12_recordErrorypyF")
public func _recordError() -> Any { recordError }

@Sendable private func recordError(
  error: any Error, message: String?, fileID: String, filePath: String, line: Int, column: Int
) {
  guard
    SwiftTestingRuntime.recordError(
      error, message, fileID: fileID, filePath: filePath, line: line, column: column)
  else {
    return unreachable("An error (\(error))", message, fileID: fileID, line: line)
  }
}

/// The classic IssueReporting's hook for Swift Testing's `withKnownIssue`.
///
/// Not for calling: the classic IssueReporting finds it by its mangled name and calls the closure
/// it returns, `@Sendable (String?, Bool, String, String, Int, Int, () throws -> Void) -> Void`.
///
/// ```swift
/// let withKnownIssue = _withKnownIssue()
///   as! @Sendable (String?, Bool, String, String, Int, Int, () throws -> Void) -> Void
/// ```
@_silgen_name("$s25IssueReportingTestSupport010_withKnownA0ypyF")
public func _withKnownIssue() -> Any { withKnownIssue }

@Sendable private func withKnownIssue(
  _ message: String?, isIntermittent: Bool, fileID: String, filePath: String, line: Int,
  column: Int, _ body: () throws -> Void
) {
  guard
    SwiftTestingRuntime.withKnownIssue(
      message, isIntermittent: isIntermittent, fileID: fileID, filePath: filePath, line: line,
      column: column, body)
  else {
    unreachable("A known issue", message, fileID: fileID, line: line)
    _ = try? body()
    return
  }
}

/// The classic IssueReporting's hook for Swift Testing's asynchronous `withKnownIssue`, for
/// toolchains before Swift 6.0.2 (later ones look up ``_withKnownIssueAsyncIsolated()``).
///
/// Not for calling: the classic IssueReporting finds it by its mangled name and calls the closure
/// it returns.
///
/// ```swift
/// _ = _withKnownIssueAsync()  // a closure, for the classic IssueReporting only
/// ```
@_silgen_name("$s25IssueReportingTestSupport010_withKnownA5AsyncypyF")
public func _withKnownIssueAsync() -> Any { withKnownIssueAsync }

@Sendable private nonisolated(nonsending) func withKnownIssueAsync(
  _ message: String?, isIntermittent: Bool, fileID: String, filePath: String, line: Int,
  column: Int, _ body: nonisolated(nonsending) () async throws -> Void
) async {
  await withKnownIssueAsyncIsolated(
    message, isIntermittent: isIntermittent, isolation: nil, fileID: fileID, filePath: filePath,
    line: line, column: column, body)
}

/// The classic IssueReporting's hook for Swift Testing's asynchronous `withKnownIssue`, run on
/// the caller's actor.
///
/// Not for calling: the classic IssueReporting finds it by its mangled name and calls the closure
/// it returns, `@Sendable (String?, Bool, isolated (any Actor)?, String, String, Int, Int,
/// () async throws -> Void) async -> Void`.
///
/// ```swift
/// _ = _withKnownIssueAsyncIsolated()  // a closure, for the classic IssueReporting only
/// ```
@_silgen_name("$s25IssueReportingTestSupport010_withKnownA13AsyncIsolatedypyF")
public func _withKnownIssueAsyncIsolated() -> Any { withKnownIssueAsyncIsolated }

@Sendable private func withKnownIssueAsyncIsolated(
  _ message: String?, isIntermittent: Bool, isolation: isolated (any Actor)?, fileID: String,
  filePath: String, line: Int, column: Int, _ body: nonisolated(nonsending) () async throws -> Void
) async {
  guard
    await SwiftTestingRuntime.withKnownIssue(
      message, isIntermittent: isIntermittent, isolation: isolation, fileID: fileID,
      filePath: filePath, line: line, column: column, body)
  else {
    unreachable("A known issue", message, fileID: fileID, line: line)
    _ = try? await body()
    return
  }
}

/// The classic IssueReporting's hook for the running Swift Testing test: its identity and traits.
///
/// Not for calling: the classic IssueReporting finds it by its mangled name and calls the closure
/// it returns, `@Sendable () -> _Test?`, whose result has the layout of its own `_Test`.
///
/// ```swift
/// _ = _currentTest()  // a closure, for the classic IssueReporting only
/// ```
@_silgen_name("$s25IssueReportingTestSupport08_currentC0ypyF")
public func _currentTest() -> Any { currentTest }

@Sendable private func currentTest() -> ClassicTest? {
  guard case .swiftTesting(let testing?) = TestContext.current else { return nil }
  return ClassicTest(id: testing.test.id.rawValue, traits: testing.test.traits)
}

/// The classic IssueReporting's `_Test`, field for field: the `_currentTest()` closure's result is
/// read through that type.
struct ClassicTest {
  let id: AnyHashable
  let traits: [any Sendable]
}

/// What the classic IssueReporting prints when it finds no hook, for a report that this package's
/// IssueReporting could not take to Swift Testing either (Testing not loaded, or not as expected):
/// never a silent pass.
func unreachable(_ what: String, _ message: String?, fileID: String, line: Int) {
  ProcessEnvironment.writeToStandardError(
    "\(fileID):\(line): \(what) was reported, but the test framework could not be reached"
      + (message.map { ": \($0)" } ?? "") + "\n")
}
