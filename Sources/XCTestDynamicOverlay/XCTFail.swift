/// Reports an issue: in a test, fails the running test, as XCTest's `XCTFail` does; outside tests,
/// it reports as `reportIssue(_:severity:fileID:filePath:line:column:)` does.
///
/// The classic name for `reportIssue`, from the days when this module only reached XCTest. Code
/// that calls it from a library (not a test target) keeps compiling:
///
/// ```swift
/// struct APIClient: Sendable {
///   var fetchUser: @Sendable (Int) async throws -> User
///
///   static let testValue = APIClient { _ in
///     XCTFail("APIClient.fetchUser is unimplemented")
///     throw CancellationError()
///   }
/// }
/// ```
///
/// The issue is reported at `file` and `line`, or at the location an enclosing
/// `XCTFailContext` holds.
///
/// - Parameters:
///   - message: What failed.
///   - file: The file the failure is reported in.
///   - line: The line the failure is reported at.
@_disfavoredOverload
@available(iOS, deprecated: 9999, renamed: "reportIssue")
@available(macOS, deprecated: 9999, renamed: "reportIssue")
@available(tvOS, deprecated: 9999, renamed: "reportIssue")
@available(watchOS, deprecated: 9999, renamed: "reportIssue")
public func XCTFail(_ message: String = "", file: StaticString = #filePath, line: UInt = #line) {
  let context = XCTFailContext.current
  reportIssue(message, filePath: context?.file ?? file, line: context?.line ?? line)
}

/// A source location that `XCTFail(_:file:line:)` reports at instead of its own, for the
/// duration of a task-local scope.
///
/// ```swift
/// XCTFailContext.$current.withValue(XCTFailContext(file: file, line: line)) {
///   client.fetch()  // an XCTFail in here reports at file:line
/// }
/// ```
///
/// The classic spelling of `withIssueContext(fileID:filePath:line:column:operation:)`.
@available(iOS, deprecated: 9999, renamed: "IssueContext")
@available(macOS, deprecated: 9999, renamed: "IssueContext")
@available(tvOS, deprecated: 9999, renamed: "IssueContext")
@available(watchOS, deprecated: 9999, renamed: "IssueContext")
public struct XCTFailContext: Sendable {
  /// The location of the current task-local scope, or `nil` outside any.
  @TaskLocal public static var current: Self?

  /// The file failures are reported in.
  public var file: StaticString
  /// The line failures are reported at.
  public var line: UInt

  /// Creates a location to report failures at.
  ///
  /// - Parameters:
  ///   - file: The file failures are reported in.
  ///   - line: The line failures are reported at.
  public init(file: StaticString, line: UInt) {
    self.file = file
    self.line = line
  }
}
