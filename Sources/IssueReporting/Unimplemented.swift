/// An endpoint that reports an issue when called, then returns `placeholder`.
///
/// Use it for the endpoints of a dependency's `testValue`, so that a test that reaches an endpoint
/// it did not override fails and names the endpoint:
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
/// Calling the endpoint in a test reports "Unimplemented: NumberFact.fetch", with where it was
/// defined and the arguments it was called with, then returns the placeholder so the test can
/// go on. Override it where the test needs it:
///
/// ```swift
/// await withDependencies {
///   $0.numberFact.fetch = { "\($0) is a good number." }
/// } operation: {
///   await model.factButtonTapped()
/// }
/// ```
///
/// The returned closure takes any number of arguments; its type comes from context. A `Void`
/// endpoint needs no placeholder.
public func unimplemented<each Argument, Result>(
  _ description: @autoclosure @escaping @Sendable () -> String = "",
  placeholder: @autoclosure @escaping @Sendable () -> Result = (),
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  function: StaticString = #function,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Argument) -> Result {
  let site = _UnimplementedSite(
    fileID: fileID, filePath: filePath, function: function, line: line, column: column)
  return { (argument: repeat each Argument) in
    site.report(description(), arguments: (repeat each argument))
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
public func unimplemented<each Argument, Result>(
  _ description: @autoclosure @escaping @Sendable () -> String = "",
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  function: StaticString = #function,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Argument) throws -> Result {
  let site = _UnimplementedSite(
    fileID: fileID, filePath: filePath, function: function, line: line, column: column)
  return { (argument: repeat each Argument) in
    let description = description()
    site.report(description, arguments: (repeat each argument))
    throw UnimplementedFailure(description: description)
  }
}

/// An asynchronous endpoint that reports an issue when called, then returns `placeholder`.
///
/// ```swift
/// var fetch: @Sendable (Int) async -> String = unimplemented("fetch", placeholder: "")
/// ```
///
/// Like the synchronous overload, for `async` endpoints.
public func unimplemented<each Argument, Result>(
  _ description: @autoclosure @escaping @Sendable () -> String = "",
  placeholder: @autoclosure @escaping @Sendable () -> Result = (),
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  function: StaticString = #function,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Argument) async -> Result {
  let site = _UnimplementedSite(
    fileID: fileID, filePath: filePath, function: function, line: line, column: column)
  return { (argument: repeat each Argument) in
    site.report(description(), arguments: (repeat each argument))
    return placeholder()
  }
}

/// An asynchronous throwing endpoint that reports an issue when called, then throws
/// ``UnimplementedFailure``.
///
/// ```swift
/// var fetch: @Sendable (Int) async throws -> String = unimplemented("fetch")
/// ```
///
/// In a test:
///
/// ```swift
/// await withDependencies {
///   $0.numberFact.fetch = { "\($0) is a good number." }
/// } operation: {
///   await model.factButtonTapped()
/// }
/// ```
public func unimplemented<each Argument, Result>(
  _ description: @autoclosure @escaping @Sendable () -> String = "",
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  function: StaticString = #function,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Argument) async throws -> Result {
  let site = _UnimplementedSite(
    fileID: fileID, filePath: filePath, function: function, line: line, column: column)
  return { (argument: repeat each Argument) in
    let description = description()
    site.report(description, arguments: (repeat each argument))
    throw UnimplementedFailure(description: description)
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
  _UnimplementedSite(
    fileID: fileID, filePath: filePath, function: function, line: line, column: column
  )
  .report(description(), arguments: nil)
  return placeholder()
}

/// The error an unimplemented throwing endpoint throws after reporting.
///
/// ```swift
/// do {
///   try await client.fetch(1)
/// } catch let failure as UnimplementedFailure {
///   print(failure.description)  // "APIClient.fetch"
/// }
/// ```
public struct UnimplementedFailure: Error, Sendable {
  /// The description the endpoint was created with.
  public let description: String

  /// Creates the failure.
  public init(description: String) {
    self.description = description
  }
}

/// Where an unimplemented endpoint was defined, and how to report a call to it.
struct _UnimplementedSite: Sendable {
  let fileID: StaticString
  let filePath: StaticString
  let function: StaticString
  let line: UInt
  let column: UInt

  func report(_ description: String, arguments: Any?) {
    var message = description.isEmpty ? "Unimplemented" : "Unimplemented: \(description)"
    message += "\n\n  Defined in '\(function)' at \(fileID):\(line)"
    if let arguments {
      var rendered = ""
      debugPrint(arguments, terminator: "", to: &rendered)
      message += "\n\n  Called with: \(rendered)"
    }
    reportIssue(message, fileID: fileID, filePath: filePath, line: line, column: column)
  }
}
