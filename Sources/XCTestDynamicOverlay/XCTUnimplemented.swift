// `XCTUnimplemented`: the classic name of `unimplemented`, kept for code written against it. Each
// form calls the `unimplemented` form the classic module calls.

/// An endpoint that reports an issue when called, then returns `placeholder`: the classic name of
/// `unimplemented(_:placeholder:fileID:filePath:function:line:column:)`.
///
/// ```swift
/// let fetch: @Sendable (Int) -> String = XCTUnimplemented("NumberFact.fetch", placeholder: "")
/// ```
@_disfavoredOverload
@available(*, deprecated, renamed: "unimplemented")
public func XCTUnimplemented<each Argument, Result>(
  _ description: @autoclosure @escaping @Sendable () -> String = "",
  placeholder: @autoclosure @escaping @Sendable () -> Result,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  function: StaticString = #function,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Argument) -> Result {
  unimplemented(
    description(), placeholder: placeholder(), fileID: fileID, filePath: filePath,
    function: function, line: line, column: column)
}

/// An endpoint that reports an issue when called, then returns a value made up from its result
/// type, as `unimplemented(_:file:fileID:function:line:)` does.
///
/// ```swift
/// let fetch: @Sendable (Int) -> String = XCTUnimplemented("NumberFact.fetch")  // returns ""
/// ```
@_disfavoredOverload
@available(*, deprecated, renamed: "unimplemented")
public func XCTUnimplemented<each Argument, Result>(
  _ description: @autoclosure @escaping @Sendable () -> String = "",
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  function: StaticString = #function,
  line: UInt = #line
) -> @Sendable (repeat each Argument) -> Result {
  unimplemented(description(), file: filePath, fileID: fileID, function: function, line: line)
}

/// A throwing endpoint that reports an issue when called, then throws `UnimplementedFailure`.
///
/// ```swift
/// let fetchUser: @Sendable (Int) throws -> String = XCTUnimplemented("APIClient.fetchUser")
/// ```
@available(*, deprecated, renamed: "unimplemented")
public func XCTUnimplemented<each Argument, Result>(
  _ description: @autoclosure @escaping @Sendable () -> String = "",
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  function: StaticString = #function,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Argument) throws -> Result {
  unimplemented(
    description(), fileID: fileID, filePath: filePath, function: function, line: line,
    column: column)
}

/// An asynchronous endpoint that reports an issue when called, then returns a value made up from
/// its result type.
///
/// As in the classic module, this form does not return `placeholder`: it makes a value up as
/// `unimplemented(_:file:fileID:function:line:)` does (and stops the process for a
/// type it has none for). Move to `unimplemented(_:placeholder:)`, which returns it.
///
/// ```swift
/// let fetch: @Sendable (Int) async -> String = XCTUnimplemented(
///   "NumberFact.fetch", placeholder: "")  // returns ""
/// ```
@available(*, deprecated, renamed: "unimplemented")
public func XCTUnimplemented<each Argument, Result>(
  _ description: @autoclosure @escaping @Sendable () -> String = "",
  placeholder: @autoclosure @escaping @Sendable () -> Result,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  function: StaticString = #function,
  line: UInt = #line
) -> _UnimplementedAsyncClosure<repeat each Argument, Result> {
  unimplemented(description(), file: filePath, fileID: fileID, function: function, line: line)
}

/// An asynchronous endpoint that reports an issue when called, then returns a value made up from
/// its result type, as `unimplemented(_:file:fileID:function:line:)` does.
///
/// ```swift
/// let fetch: @Sendable (Int) async -> String = XCTUnimplemented("NumberFact.fetch")
/// ```
@available(*, deprecated, renamed: "unimplemented")
public func XCTUnimplemented<each Argument, Result>(
  _ description: @autoclosure @escaping @Sendable () -> String = "",
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  function: StaticString = #function,
  line: UInt = #line
) -> _UnimplementedAsyncClosure<repeat each Argument, Result> {
  unimplemented(description(), file: filePath, fileID: fileID, function: function, line: line)
}

/// An asynchronous throwing endpoint that reports an issue when called, then throws
/// `UnimplementedFailure`.
///
/// ```swift
/// let fetchUser: @Sendable (Int) async throws -> String = XCTUnimplemented("APIClient.fetchUser")
/// ```
@available(*, deprecated, renamed: "unimplemented")
public func XCTUnimplemented<each Argument, Result>(
  _ description: @autoclosure @escaping @Sendable () -> String = ""
) -> _UnimplementedAsyncThrowingClosure<repeat each Argument, Result> {
  unimplemented(description())
}

/// The error an unimplemented throwing endpoint throws: the classic name of
/// `UnimplementedFailure`.
///
/// ```swift
/// catch let failure as XCTUnimplementedFailure { print(failure.description) }
/// ```
@available(*, deprecated, renamed: "UnimplementedFailure")
public typealias XCTUnimplementedFailure = UnimplementedFailure
