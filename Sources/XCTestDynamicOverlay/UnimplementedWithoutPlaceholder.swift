internal import Foundation

// The classic module's first `unimplemented` forms: an endpoint that returns a value takes no
// placeholder; after reporting, it makes one up from the result type (an empty string, zero, an
// empty collection, `false`, the first case, `nil`, …) and stops the process when it cannot. Code
// written for them (often hundreds of `unimplemented("Client.endpoint")` calls) keeps compiling
// and behaving the same, with a deprecation warning that names the form to move to.

/// An endpoint that reports an issue when called, then returns a value made up from its result
/// type: the classic form without `placeholder`.
///
/// ```swift
/// struct NumberFact: Sendable {
///   var fetch: @Sendable (Int) -> String
/// }
///
/// extension NumberFact: TestDependencyKey {
///   static let testValue = NumberFact(fetch: unimplemented("NumberFact.fetch"))  // returns ""
/// }
/// ```
///
/// The value returned after the report is, by the result type: `()`, `false`, zero, an empty
/// string, collection or dictionary, `" "` for a `Character`, `Date()`, a new `UUID()`,
/// `URL(string: "/")`, an already finished `AsyncStream`, an `AsyncThrowingStream` that finishes
/// with `CancellationError`, the value of a `RawRepresentable` type made from such a raw value,
/// the first case of a `CaseIterable` type, or `nil` for an `Optional`. For any other type the
/// process stops with a message asking for a placeholder. Pass one instead:
/// `unimplemented("NumberFact.fetch", placeholder: "")`.
///
/// - Parameters:
///   - description: What the endpoint is, for the report.
///   - filePath: The `#filePath` the endpoint is defined at.
///   - fileID: The `#fileID` the endpoint is defined at (and reported at).
///   - function: The `#function` the endpoint is defined in.
///   - line: The `#line` the endpoint is defined at.
/// - Returns: A closure that reports an issue when called.
@_disfavoredOverload
@available(*, deprecated, renamed: "unimplemented(_:placeholder:)")
public func unimplemented<each Argument, Result>(
  _ description: @autoclosure @escaping @Sendable () -> String = "",
  file filePath: StaticString = #filePath,
  fileID: StaticString = #fileID,
  function: StaticString = #function,
  line: UInt = #line
) -> @Sendable (repeat each Argument) -> Result {
  return { (argument: repeat each Argument) in
    reportThenMakeUp(
      description(), (repeat each argument), fileID: fileID, filePath: filePath,
      function: function, line: line)
  }
}

/// An asynchronous endpoint that reports an issue when called, then returns a value made up from
/// its result type: the classic form without `placeholder`, for `async` endpoints.
///
/// ```swift
/// struct NumberFact: Sendable {
///   var fetch: @Sendable (Int) async -> String
/// }
///
/// extension NumberFact: TestDependencyKey {
///   static let testValue = NumberFact(fetch: unimplemented("NumberFact.fetch"))  // returns ""
/// }
/// ```
///
/// The values made up are those of the synchronous form.
///
/// - Parameters:
///   - description: What the endpoint is, for the report.
///   - filePath: The `#filePath` the endpoint is defined at.
///   - fileID: The `#fileID` the endpoint is defined at (and reported at).
///   - function: The `#function` the endpoint is defined in.
///   - line: The `#line` the endpoint is defined at.
/// - Returns: An asynchronous closure that reports an issue when called.
@_disfavoredOverload
@available(*, deprecated, renamed: "unimplemented(_:placeholder:)")
public func unimplemented<each Argument, Result>(
  _ description: @autoclosure @escaping @Sendable () -> String = "",
  file filePath: StaticString = #filePath,
  fileID: StaticString = #fileID,
  function: StaticString = #function,
  line: UInt = #line
) -> _UnimplementedAsyncClosure<repeat each Argument, Result> {
  return { (argument: repeat each Argument) in
    reportThenMakeUp(
      description(), (repeat each argument), fileID: fileID, filePath: filePath,
      function: function, line: line)
  }
}

/// Reports the call of an unimplemented endpoint (at column 0, as the classic module does), then
/// returns the value made up for `Result`.
private func reportThenMakeUp<Result>(
  _ description: String, _ arguments: Any, fileID: StaticString, filePath: StaticString,
  function: StaticString, line: UInt
) -> Result {
  reportUnimplemented(
    description, arguments: arguments, fileID: fileID, filePath: filePath, function: function,
    line: line, column: 0)
  return madeUpPlaceholder(description, filePath: filePath, line: line)
}

/// A value of `Result` to return from an unimplemented endpoint that has no placeholder, in the
/// order the classic module tries them; stops the process when `Result` has none.
private func madeUpPlaceholder<Result>(
  _ description: String, filePath: StaticString, line: UInt
) -> Result {
  if let value: Result = PlaceholderValue.of(Result.self) ?? PlaceholderValue.rawRepresentable()
    ?? PlaceholderValue.firstCase() ?? PlaceholderValue.none()
  {
    return value
  }
  fatalError(
    """
    unimplemented(\(description.isEmpty ? "" : description.debugDescription))

    To suppress this crash, provide an explicit "placeholder".
    """,
    file: filePath,
    line: line
  )
}

/// The values made up for results without a placeholder.
private enum PlaceholderValue {
  /// The value for the result types and protocols listed on `unimplemented(_:file:…)`.
  static func of<Result>(_ type: Result.Type) -> Result? {
    switch type {
    case let type as any DefaultPlaceholder.Type: return type.defaultPlaceholder as? Result
    case is Void.Type: return () as? Result
    case let type as any RangeReplaceableCollection.Type: return empty(type) as? Result
    case let type as any AdditiveArithmetic.Type: return zero(type) as? Result
    case let type as any ExpressibleByArrayLiteral.Type: return emptyArray(type) as? Result
    case let type as any ExpressibleByBooleanLiteral.Type: return falseValue(type) as? Result
    case let type as any ExpressibleByDictionaryLiteral.Type:
      return emptyDictionary(type) as? Result
    case let type as any ExpressibleByFloatLiteral.Type: return zeroPointZero(type) as? Result
    case let type as any ExpressibleByIntegerLiteral.Type: return zeroLiteral(type) as? Result
    case let type as any ExpressibleByUnicodeScalarLiteral.Type: return space(type) as? Result
    default: return nil
    }
  }

  /// A `RawRepresentable` value made from the placeholder of its raw value type, if it has one
  /// and the type accepts it.
  static func rawRepresentable<Result>() -> Result? {
    func make<T: RawRepresentable>(_ type: T.Type) -> T? {
      of(T.RawValue.self).flatMap(T.init(rawValue:))
    }
    return (Result.self as? any RawRepresentable.Type).flatMap { make($0) as? Result }
  }

  /// The first case of a `CaseIterable` type that has one.
  static func firstCase<Result>() -> Result? {
    func first<T: CaseIterable>(_ type: T.Type) -> T? { T.allCases.first }
    return (Result.self as? any CaseIterable.Type).flatMap { first($0) as? Result }
  }

  /// `nil`, when `Result` is an `Optional`.
  static func none<Result>() -> Result? {
    (Result.self as? any NilPlaceholder.Type)?.nilPlaceholder as? Result
  }

  private static func empty<T: RangeReplaceableCollection>(_: T.Type) -> T { T() }
  private static func zero<T: AdditiveArithmetic>(_: T.Type) -> T { .zero }
  private static func emptyArray<T: ExpressibleByArrayLiteral>(_: T.Type) -> T { [] }
  private static func falseValue<T: ExpressibleByBooleanLiteral>(_: T.Type) -> T { false }
  private static func emptyDictionary<T: ExpressibleByDictionaryLiteral>(_: T.Type) -> T { [:] }
  private static func zeroPointZero<T: ExpressibleByFloatLiteral>(_: T.Type) -> T { 0.0 }
  private static func zeroLiteral<T: ExpressibleByIntegerLiteral>(_: T.Type) -> T { 0 }
  private static func space<T: ExpressibleByUnicodeScalarLiteral>(_: T.Type) -> T { " " }
}

/// Types whose made-up value is not one of a protocol's above (or comes before it).
private protocol DefaultPlaceholder {
  static var defaultPlaceholder: Self { get }
}

extension Array: DefaultPlaceholder { fileprivate static var defaultPlaceholder: Self { [] } }
extension Bool: DefaultPlaceholder { fileprivate static var defaultPlaceholder: Self { false } }
extension Character: DefaultPlaceholder {
  fileprivate static var defaultPlaceholder: Self { " " }
}
extension Dictionary: DefaultPlaceholder { fileprivate static var defaultPlaceholder: Self { [:] } }
extension Double: DefaultPlaceholder { fileprivate static var defaultPlaceholder: Self { 0 } }
extension Float: DefaultPlaceholder { fileprivate static var defaultPlaceholder: Self { 0 } }
extension Int: DefaultPlaceholder { fileprivate static var defaultPlaceholder: Self { 0 } }
extension Int8: DefaultPlaceholder { fileprivate static var defaultPlaceholder: Self { 0 } }
extension Int16: DefaultPlaceholder { fileprivate static var defaultPlaceholder: Self { 0 } }
extension Int32: DefaultPlaceholder { fileprivate static var defaultPlaceholder: Self { 0 } }
extension Int64: DefaultPlaceholder { fileprivate static var defaultPlaceholder: Self { 0 } }
extension Set: DefaultPlaceholder { fileprivate static var defaultPlaceholder: Self { [] } }
extension String: DefaultPlaceholder { fileprivate static var defaultPlaceholder: Self { "" } }
extension Substring: DefaultPlaceholder { fileprivate static var defaultPlaceholder: Self { "" } }
extension UInt: DefaultPlaceholder { fileprivate static var defaultPlaceholder: Self { 0 } }
extension UInt8: DefaultPlaceholder { fileprivate static var defaultPlaceholder: Self { 0 } }
extension UInt16: DefaultPlaceholder { fileprivate static var defaultPlaceholder: Self { 0 } }
extension UInt32: DefaultPlaceholder { fileprivate static var defaultPlaceholder: Self { 0 } }
extension UInt64: DefaultPlaceholder { fileprivate static var defaultPlaceholder: Self { 0 } }
extension Data: DefaultPlaceholder { fileprivate static var defaultPlaceholder: Self { Data() } }
extension Date: DefaultPlaceholder { fileprivate static var defaultPlaceholder: Self { Date() } }
extension Decimal: DefaultPlaceholder { fileprivate static var defaultPlaceholder: Self { 0 } }
extension UUID: DefaultPlaceholder { fileprivate static var defaultPlaceholder: Self { UUID() } }
extension URL: DefaultPlaceholder {
  fileprivate static var defaultPlaceholder: Self { URL(string: "/")! }
}
extension AsyncStream: DefaultPlaceholder {
  /// A stream that is already finished.
  fileprivate static var defaultPlaceholder: Self { Self { $0.finish() } }
}
extension AsyncThrowingStream: DefaultPlaceholder where Failure == any Error {
  /// A stream that finishes with `CancellationError`.
  fileprivate static var defaultPlaceholder: Self {
    Self { $0.finish(throwing: CancellationError()) }
  }
}

/// `Optional`, whose made-up value is `nil`.
private protocol NilPlaceholder {
  static var nilPlaceholder: Self { get }
}

extension Optional: NilPlaceholder { fileprivate static var nilPlaceholder: Self { nil } }
