import Testing

extension Trait {
  /// Runs a test, or every test of a suite, with a task-local value set.
  ///
  /// ```swift
  /// enum Tracing {
  ///   @TaskLocal static var requestID = "none"
  /// }
  ///
  /// @Suite(.taskLocal(Tracing.$requestID, "test-request"))
  /// struct RequestLogTests {
  ///   @Test func logsTheRequestID() {
  ///     #expect(Tracing.requestID == "test-request")
  ///   }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - taskLocal: The task-local value to set (its projection, `Type.$name`).
  ///   - value: The value it has in the test.
  public static func taskLocal<Value: Sendable>(
    _ taskLocal: TaskLocal<Value>,
    _ value: Value
  ) -> Self where Self == TaskLocalTrait<Value> {
    TaskLocalTrait(taskLocal: taskLocal, value: value)
  }
}

extension TaskLocal {
  /// A trait that runs a test, or every test of a suite, with this task-local value set to
  /// `value`: the same as `.taskLocal(self, value)`.
  ///
  /// ```swift
  /// @Test(Tracing.$requestID.set("test-request"))
  /// func logsTheRequestID() {
  ///   #expect(Tracing.requestID == "test-request")
  /// }
  /// ```
  ///
  /// - Parameter value: The value the task-local has in the test.
  public func `set`(_ value: Value) -> TaskLocalTrait<Value> {
    .taskLocal(self, value)
  }
}

/// A test trait that sets a task-local value for the tests it applies to (and, on a suite, for
/// every test in it). Make one with `.taskLocal(_:_:)` or `TaskLocal.set(_:)`.
///
/// ```swift
/// @Suite(.taskLocal(Tracing.$requestID, "test-request"))
/// struct RequestLogTests { … }
/// ```
public struct TaskLocalTrait<Value: Sendable>: SuiteTrait, TestTrait, TestScoping {
  /// `true`: on a suite, the value is set for each of its tests, and those of nested suites.
  public let isRecursive = true

  fileprivate let taskLocal: TaskLocal<Value>
  fileprivate let value: Value

  /// Runs the test with the task-local value set.
  public func provideScope(
    for test: Test,
    testCase: Test.Case?,
    performing function: @Sendable () async throws -> Void
  ) async throws {
    try await taskLocal.withValue(value, operation: function)
  }
}
