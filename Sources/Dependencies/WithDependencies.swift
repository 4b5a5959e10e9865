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

extension DependencyValues {
  /// Runs a `withDependencies` update closure on these values.
  @inlinable
  mutating func _update<E: Error>(_ update: (inout DependencyValues) throws(E) -> Void) throws(E) {
    let cache = _defaults.handle
    _modes.isUpdating = true
    let wasSetting = _Setting.enter()
    do {
      try update(&self)
    } catch {
      _modes.isUpdating = false
      _Setting.leave(restoring: wasSetting)
      throw error
    }
    _modes.isUpdating = false
    _Setting.leave(restoring: wasSetting)
    if _defaults.handle != cache { _adoptOverridesAsBaselineOfFreshCache() }
  }

  /// Runs an asynchronous `withDependencies` update closure on these values.
  @inlinable
  mutating func _update<E: Error>(
    isolation: isolated (any Actor)? = #isolation,
    _ update: (inout DependencyValues) async throws(E) -> Void
  ) async throws(E) {
    let cache = _defaults.handle
    _modes.isUpdating = true
    do {
      try await update(&self)
    } catch {
      _modes.isUpdating = false
      throw error
    }
    _modes.isUpdating = false
    if _defaults.handle != cache { _adoptOverridesAsBaselineOfFreshCache() }
  }

  /// The update started a cache of its own (`$0 = DependencyValues()`, `.test`, `.live`) and set
  /// overrides on top: those are where the new cache starts, so defaults computed from them are
  /// cached in it (no other scope shares that cache).
  @usableFromInline
  func _adoptOverridesAsBaselineOfFreshCache() {
    if let scope = _overrides.scope, !scope.isEmpty { _cache.baseline = scope }
  }

  /// Makes `values` current for the duration of `operation` (a scope), and returns what it
  /// returns, with its error type. When that is an object, records that the scope returned it (for
  /// `withDependencies(from:)`).
  ///
  /// The values are moved into the task-local binding (`_TaskLocalBinding`), not copied into it as
  /// `TaskLocal.withValue` would: a scope entry pays no copy of them, and its teardown destroys them
  /// once. When nothing else holds their scope after that, this thread keeps it for its next entry.
  @inlinable
  static func _bind<R, E: Error>(
    _ values: consuming DependencyValues, _ operation: () throws(E) -> R
  ) throws(E) -> R {
    let scope = _TaskLocalBinding.push(values)
    defer { _TaskLocalBinding.pop(scope) }
    let result = try operation()
    _recordScopeOfCurrentValues(ofResult: result)
    return result
  }

  /// A synchronous scope entered where no values are bound (`root`, the root values, see
  /// `_currentBinding`): the scope's values are made, set and bound in one buffer on the stack, a
  /// bit copy of the root values (which hold no counted reference, see `_rootPointer`), moved into
  /// the binding as they are, with no copy of their fields between them.
  @inlinable
  static func _bindAtRoot<R, E: Error>(
    _ root: UnsafePointer<DependencyValues>,
    _ update: (inout DependencyValues) throws(E) -> Void,
    _ operation: () throws(E) -> R
  ) throws(E) -> R {
    let scope = try withUnsafeTemporaryAllocation(of: DependencyValues.self, capacity: 1) {
      buffer throws(E) -> Unmanaged<_Scope>? in
      let values = buffer.baseAddress!
      UnsafeMutableRawPointer(values).copyMemory(
        from: root, byteCount: MemoryLayout<DependencyValues>.size)
      do throws(E) {
        try values.pointee._update(update)
      } catch {
        values.deinitialize(count: 1)
        throw error
      }
      return _TaskLocalBinding.push(takingValuesAt: values)
    }
    defer { _TaskLocalBinding.pop(scope) }
    let result = try operation()
    _recordScopeOfCurrentValues(ofResult: result)
    return result
  }

  /// `_bind(_:_:)` for a scope entered synchronously in values bound at `bound` (see
  /// `_currentBinding`). Outside any task (`_TaskLocalBinding.isOutsideAnyTask`), the binding is
  /// this thread's alone, and only code this scope runs synchronously reads it until the scope
  /// ends: the scope puts `values` in the binding's place instead of binding them anew (no push,
  /// no pop, no allocation), and puts the outer values back when `operation` returns or throws.
  /// A task started inside copies `values`, as it would copy a binding of its own. In a task, a
  /// child task may be reading the binding at the same time: the scope binds its values as
  /// `_bind(_:_:)` does.
  @inlinable
  static func _bind<R, E: Error>(
    _ values: consuming DependencyValues, over bound: UnsafeMutablePointer<DependencyValues>?,
    _ operation: () throws(E) -> R
  ) throws(E) -> R {
    guard let bound, _TaskLocalBinding.isOutsideAnyTask else {
      return try _bind(consume values, operation)
    }
    let outer = bound.move()
    bound.initialize(to: consume values)
    let result: R
    do {
      result = try operation()
    } catch {
      _TaskLocalBinding.putBack(outer, at: bound)
      throw error
    }
    _recordScopeOfCurrentValues(ofResult: result)
    _TaskLocalBinding.putBack(outer, at: bound)
    return result
  }

  /// The asynchronous `_bind`. It is isolated to the caller's actor (`isolation`), so `operation`
  /// runs there without an executor hop; the binding is the current task's, as
  /// `TaskLocal.withValue`'s is.
  @inlinable
  static func _bind<R, E: Error>(
    _ values: consuming DependencyValues, isolation: isolated (any Actor)?,
    _ operation: () async throws(E) -> R
  ) async throws(E) -> R {
    let scope = _TaskLocalBinding.push(values)
    defer { _TaskLocalBinding.pop(scope) }
    let result = try await operation()
    _recordScopeOfCurrentValues(ofResult: result)
    return result
  }
}
