/// An endpoint that reports an issue when called, then returns `placeholder`.
///
/// Use it for the endpoints of a dependency's `testValue`, so that a test that reaches an endpoint
/// it did not override fails and names the endpoint:
///
/// ```swift
/// struct NumberFact: Sendable {
///   var fetch: @Sendable (Int) -> String
/// }
///
/// extension NumberFact: TestDependencyKey {
///   static let testValue = NumberFact(
///     fetch: unimplemented("NumberFact.fetch", placeholder: "")
///   )
/// }
/// ```
///
/// Calling the endpoint reports an issue worded as the classic library words it:
///
/// ```text
/// Unimplemented: NumberFact.fetch …
///
///   Defined in 'NumberFact' at:
///     Feature/NumberFact.swift:8
///
///   Invoked with:
///     42
/// ```
///
/// then returns the placeholder so the test can go on. Override the endpoint where the test needs
/// it:
///
/// ```swift
/// withDependencies {
///   $0.numberFact.fetch = { "\($0) is a good number." }
/// } operation: {
///   model.factButtonTapped()
/// }
/// ```
///
/// The returned closure takes any number of arguments; its type comes from context. A `Void`
/// endpoint needs no placeholder.
///
/// - Parameters:
///   - description: What the endpoint is, for the report; empty by default.
///   - placeholder: What the endpoint returns after reporting.
///   - fileID: The `#fileID` the endpoint is defined at (and reported at).
///   - filePath: The `#filePath` the endpoint is defined at.
///   - function: The `#function` the endpoint is defined in.
///   - line: The `#line` the endpoint is defined at.
///   - column: The `#column` the endpoint is defined at.
/// - Returns: A closure that reports an issue when called.
public func unimplemented<each Argument, Result>(
  _ description: @autoclosure @escaping @Sendable () -> String = "",
  placeholder: @autoclosure @escaping @Sendable () -> Result = (),
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  function: StaticString = #function,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Argument) -> Result {
  return { (argument: repeat each Argument) in
    reportUnimplemented(
      description(), arguments: (repeat each argument), fileID: fileID, filePath: filePath,
      function: function, line: line, column: column)
    return placeholder()
  }
}

/// A throwing endpoint that reports an issue when called, then throws ``UnimplementedFailure``.
///
/// ```swift
/// struct APIClient: Sendable {
///   var fetchUser: @Sendable (Int) throws -> User
/// }
///
/// extension APIClient: TestDependencyKey {
///   static let testValue = APIClient(fetchUser: unimplemented("APIClient.fetchUser"))
/// }
/// ```
///
/// In a test, override the endpoint the test exercises:
///
/// ```swift
/// withDependencies {
///   $0.apiClient.fetchUser = { User(id: $0, name: "Blob") }
/// } operation: {
///   model.load()
/// }
/// ```
///
/// - Parameters:
///   - description: What the endpoint is, for the report and the thrown failure; empty by default.
///   - fileID: The `#fileID` the endpoint is defined at (and reported at).
///   - filePath: The `#filePath` the endpoint is defined at.
///   - function: The `#function` the endpoint is defined in.
///   - line: The `#line` the endpoint is defined at.
///   - column: The `#column` the endpoint is defined at.
/// - Returns: A throwing closure that reports an issue and throws when called.
public func unimplemented<each Argument, Result>(
  _ description: @autoclosure @escaping @Sendable () -> String = "",
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  function: StaticString = #function,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Argument) throws -> Result {
  return { (argument: repeat each Argument) in
    let description = description()
    reportUnimplemented(
      description, arguments: (repeat each argument), fileID: fileID, filePath: filePath,
      function: function, line: line, column: column)
    throw UnimplementedFailure(description: description)
  }
}

/// A throwing endpoint with a typed error that reports an issue when called, then throws
/// `failure`.
///
/// ```swift
/// struct Storage: Sendable {
///   var load: @Sendable (String) throws(StorageError) -> Data
/// }
///
/// extension Storage: TestDependencyKey {
///   static let testValue = Storage(
///     load: unimplemented("Storage.load", throwing: StorageError.unavailable)
///   )
/// }
/// ```
///
/// - Parameters:
///   - description: What the endpoint is, for the report; empty by default.
///   - failure: The error the endpoint throws after reporting.
///   - fileID: The `#fileID` the endpoint is defined at (and reported at).
///   - filePath: The `#filePath` the endpoint is defined at.
///   - function: The `#function` the endpoint is defined in.
///   - line: The `#line` the endpoint is defined at.
///   - column: The `#column` the endpoint is defined at.
/// - Returns: A closure that reports an issue and throws `failure` when called.
public func unimplemented<each Argument, Failure: Error, Result>(
  _ description: @autoclosure @escaping @Sendable () -> String = "",
  throwing failure: @autoclosure @escaping @Sendable () -> Failure,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  function: StaticString = #function,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Argument) throws(Failure) -> Result {
  return { (argument: repeat each Argument) throws(Failure) in
    reportUnimplemented(
      description(), arguments: (repeat each argument), fileID: fileID, filePath: filePath,
      function: function, line: line, column: column)
    throw failure()
  }
}

/// An asynchronous endpoint that reports an issue when called, then returns `placeholder`.
///
/// ```swift
/// struct NumberFact: Sendable {
///   var fetch: @Sendable (Int) async -> String
/// }
///
/// extension NumberFact: TestDependencyKey {
///   static let testValue = NumberFact(
///     fetch: unimplemented("NumberFact.fetch", placeholder: "")
///   )
/// }
/// ```
///
/// Like the synchronous overload, for `async` endpoints.
///
/// - Parameters:
///   - description: What the endpoint is, for the report; empty by default.
///   - placeholder: What the endpoint returns after reporting.
///   - fileID: The `#fileID` the endpoint is defined at (and reported at).
///   - filePath: The `#filePath` the endpoint is defined at.
///   - function: The `#function` the endpoint is defined in.
///   - line: The `#line` the endpoint is defined at.
///   - column: The `#column` the endpoint is defined at.
/// - Returns: An asynchronous closure that reports an issue when called.
public func unimplemented<each Argument, Result>(
  _ description: @autoclosure @escaping @Sendable () -> String = "",
  placeholder: @autoclosure @escaping @Sendable () -> Result = (),
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  function: StaticString = #function,
  line: UInt = #line,
  column: UInt = #column
) -> _UnimplementedAsyncClosure<repeat each Argument, Result> {
  return { (argument: repeat each Argument) in
    reportUnimplemented(
      description(), arguments: (repeat each argument), fileID: fileID, filePath: filePath,
      function: function, line: line, column: column)
    return placeholder()
  }
}

/// An asynchronous throwing endpoint that reports an issue when called, then throws
/// ``UnimplementedFailure``.
///
/// ```swift
/// struct APIClient: Sendable {
///   var fetchUser: @Sendable (Int) async throws -> User
/// }
///
/// extension APIClient: TestDependencyKey {
///   static let testValue = APIClient(fetchUser: unimplemented("APIClient.fetchUser"))
/// }
/// ```
///
/// In a test:
///
/// ```swift
/// await withDependencies {
///   $0.apiClient.fetchUser = { User(id: $0, name: "Blob") }
/// } operation: {
///   await model.load()
/// }
/// ```
///
/// - Parameters:
///   - description: What the endpoint is, for the report and the thrown failure; empty by default.
///   - fileID: The `#fileID` the endpoint is defined at (and reported at).
///   - filePath: The `#filePath` the endpoint is defined at.
///   - function: The `#function` the endpoint is defined in.
///   - line: The `#line` the endpoint is defined at.
///   - column: The `#column` the endpoint is defined at.
/// - Returns: An asynchronous throwing closure that reports an issue and throws when called.
public func unimplemented<each Argument, Result>(
  _ description: @autoclosure @escaping @Sendable () -> String = "",
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  function: StaticString = #function,
  line: UInt = #line,
  column: UInt = #column
) -> _UnimplementedAsyncThrowingClosure<repeat each Argument, Result> {
  return { (argument: repeat each Argument) in
    let description = description()
    reportUnimplemented(
      description, arguments: (repeat each argument), fileID: fileID, filePath: filePath,
      function: function, line: line, column: column)
    throw UnimplementedFailure(description: description)
  }
}

/// An asynchronous throwing endpoint with a typed error that reports an issue when called, then
/// throws `failure`.
///
/// ```swift
/// struct Storage: Sendable {
///   var load: @Sendable (String) async throws(StorageError) -> Data
/// }
///
/// extension Storage: TestDependencyKey {
///   static let testValue = Storage(
///     load: unimplemented("Storage.load", throwing: StorageError.unavailable)
///   )
/// }
/// ```
///
/// - Parameters:
///   - description: What the endpoint is, for the report; empty by default.
///   - failure: The error the endpoint throws after reporting.
///   - fileID: The `#fileID` the endpoint is defined at (and reported at).
///   - filePath: The `#filePath` the endpoint is defined at.
///   - function: The `#function` the endpoint is defined in.
///   - line: The `#line` the endpoint is defined at.
///   - column: The `#column` the endpoint is defined at.
/// - Returns: An asynchronous closure that reports an issue and throws `failure` when called.
public func unimplemented<each Argument, Failure: Error, Result>(
  _ description: @autoclosure @escaping @Sendable () -> String = "",
  throwing failure: @autoclosure @escaping @Sendable () -> Failure,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  function: StaticString = #function,
  line: UInt = #line,
  column: UInt = #column
) -> _UnimplementedAsyncTypedThrowingClosure<repeat each Argument, Failure, Result> {
  return { (argument: repeat each Argument) async throws(Failure) in
    reportUnimplemented(
      description(), arguments: (repeat each argument), fileID: fileID, filePath: filePath,
      function: function, line: line, column: column)
    throw failure()
  }
}

/// Reports an issue right away, then returns `placeholder`: for a value (not an endpoint) that a
/// test should not need.
///
/// ```swift
/// static let testValue = Settings(
///   apiKey: unimplemented("Settings.apiKey", placeholder: "")
/// )
/// ```
///
/// The report has no "Invoked with" section.
///
/// - Parameters:
///   - description: What the value is, for the report; empty by default.
///   - placeholder: The value returned after reporting.
///   - fileID: The `#fileID` the value is defined at (and reported at).
///   - filePath: The `#filePath` the value is defined at.
///   - function: The `#function` the value is defined in.
///   - line: The `#line` the value is defined at.
///   - column: The `#column` the value is defined at.
/// - Returns: `placeholder`.
@_disfavoredOverload
public func unimplemented<Result>(
  _ description: @autoclosure @escaping @Sendable () -> String = "",
  placeholder: @autoclosure @escaping @Sendable () -> Result = (),
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  function: StaticString = #function,
  line: UInt = #line,
  column: UInt = #column
) -> Result {
  reportUnimplemented(
    description(), arguments: nil, fileID: fileID, filePath: filePath, function: function,
    line: line, column: column)
  return placeholder()
}

/// Reports a call to an unimplemented endpoint, worded as the classic library words it (tests
/// match on it):
///
/// ```text
/// Unimplemented: <description> …
///
///   Defined in '<function>' at:
///     <fileID>:<line>
///
///   Invoked with:
///     <arguments>
/// ```
///
/// `Unimplemented …` when the description is empty; no "Invoked with" section when `arguments` is
/// nil.
package func reportUnimplemented(
  _ description: String,
  arguments: Any?,
  fileID: StaticString,
  filePath: StaticString,
  function: StaticString,
  line: UInt,
  column: UInt
) {
  var message = "Unimplemented\(description.isEmpty ? "" : ": \(description)") …"
  message += "\n\n  Defined in '\(function)' at:\n    \(fileID):\(line)"
  if let arguments {
    var rendered = ""
    debugPrint(arguments, terminator: "", to: &rendered)
    message += "\n\n  Invoked with:\n    \(rendered)"
  }
  reportIssue(message, fileID: fileID, filePath: filePath, line: line, column: column)
}
