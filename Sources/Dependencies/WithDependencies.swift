/// Runs `operation` with dependencies changed by `updateValuesForOperation`.
///
/// The overrides apply to everything `operation` does synchronously, and to every task it starts
/// with `Task {}`, `async let` or a task group; a `Task.detached` starts from the default values.
/// They end when `operation` returns. Scopes nest: an inner scope inherits the outer overrides and
/// may replace them.
///
/// ```swift
/// let model = withDependencies {
///   $0.date.now = Date(timeIntervalSince1970: 1_234_567_890)
///   $0.uuid = .incrementing
/// } operation: {
///   FeatureModel()
/// }
/// ```
///
/// Entering a scope does not grow with the number of dependencies in effect: each override of a new
/// key adds one small node on top of the current root of a persistent trie (an override of a key
/// already overridden further out path-copies it, O(log n)), and the scope binds the new root by
/// pointer.
///
/// The error type of the closures is preserved: when both closures declare it (`throws(MyError)`),
/// a caller can catch the concrete error without a cast. Closures that do not declare what they
/// throw infer `any Error`.
///
/// - Parameters:
///   - updateValuesForOperation: Changes the dependencies for the scope.
///   - operation: The work to run with the changed dependencies.
/// - Returns: What `operation` returns.
@discardableResult
@inlinable
public func withDependencies<R, E: Error>(
  _ updateValuesForOperation: (inout DependencyValues) throws(E) -> Void,
  operation: () throws(E) -> R
) throws(E) -> R {
  let current = DependencyValues._currentBinding
  guard let bound = current.bound else {
    return try DependencyValues._bindAtRoot(current.values, updateValuesForOperation, operation)
  }
  var values = bound.pointee
  try values._update(updateValuesForOperation)
  return try DependencyValues._bind(consume values, over: bound, operation)
}

/// Runs `operation`, which throws errors of type `E`, with dependencies changed by a non-throwing
/// `updateValuesForOperation`.
///
/// The same as ``withDependencies(_:operation:)-3roia``, for the common case where
/// only the operation declares what it throws:
///
/// ```swift
/// let count = try withDependencies {
///   $0.date.now = Date(timeIntervalSince1970: 0)
/// } operation: { () throws(ParseError) -> Int in
///   try parser.parse(input)
/// }
/// ```
@discardableResult
@inlinable
@_disfavoredOverload
public func withDependencies<R, E: Error>(
  _ updateValuesForOperation: (inout DependencyValues) -> Void,
  operation: () throws(E) -> R
) throws(E) -> R {
  let current = DependencyValues._currentBinding
  guard let bound = current.bound else {
    return try DependencyValues._bindAtRoot(
      current.values, { (values) throws(E) in updateValuesForOperation(&values) }, operation)
  }
  var values = bound.pointee
  values._update(updateValuesForOperation)
  return try DependencyValues._bind(consume values, over: bound, operation)
}

/// Runs the asynchronous `operation` with dependencies changed by `updateValuesForOperation`.
///
/// Behaves like the synchronous overload; the scope follows `operation` across suspension points
/// and into child tasks. It runs on the caller's actor and never hops executors to enter or leave
/// the scope.
///
/// ```swift
/// let user = try await withDependencies {
///   $0.apiClient.fetchUser = { _ in User(id: 42, name: "Blob") }
/// } operation: {
///   try await model.loadUser()
/// }
/// ```
@discardableResult
@inlinable
public func withDependencies<R, E: Error>(
  isolation: isolated (any Actor)? = #isolation,
  _ updateValuesForOperation: (inout DependencyValues) async throws(E) -> Void,
  operation: () async throws(E) -> R
) async throws(E) -> R {
  var values = DependencyValues._copyForScope(of: DependencyValues._currentBinding)
  try await values._update(updateValuesForOperation)
  return try await DependencyValues._bind(consume values, isolation: isolation, operation)
}

/// Runs the asynchronous `operation`, which throws errors of type `E`, with dependencies changed by
/// a non-throwing `updateValuesForOperation`.
///
/// ```swift
/// let user = try await withDependencies {
///   $0.uuid = .incrementing
/// } operation: { () async throws(APIError) -> User in
///   try await client.createUser()
/// }
/// ```
@discardableResult
@inlinable
@_disfavoredOverload
public func withDependencies<R, E: Error>(
  isolation: isolated (any Actor)? = #isolation,
  _ updateValuesForOperation: (inout DependencyValues) async -> Void,
  operation: () async throws(E) -> R
) async throws(E) -> R {
  var values = DependencyValues._copyForScope(of: DependencyValues._currentBinding)
  await values._update(updateValuesForOperation)
  return try await DependencyValues._bind(consume values, isolation: isolation, operation)
}
