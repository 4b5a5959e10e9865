// How `withDependencies` runs, inlined into its callers: the update closure on a copy of the current
// values, then the operation with those values bound (moved into the task-local binding, or put in
// place of the outer values outside any task); a scope that returns an object records it for
// `withDependencies(from:)`.

extension DependencyValues {
  /// Runs a `withDependencies` update closure on these values, with this thread's setting flag
  /// raised while it runs (see `_Setting`): the update rule is `_beginUpdate()` and
  /// `_endUpdate(startedWith:completed:)`, shared with the asynchronous update.
  @inlinable
  mutating func _update<E: Error>(_ update: (inout DependencyValues) throws(E) -> Void) throws(E) {
    let cache = _beginUpdate()
    let wasSetting = _Setting.enter()
    do {
      try update(&self)
    } catch {
      _Setting.leave(restoring: wasSetting)
      _endUpdate(startedWith: cache, completed: false)
      throw error
    }
    _Setting.leave(restoring: wasSetting)
    _endUpdate(startedWith: cache, completed: true)
  }

  /// Runs an asynchronous `withDependencies` update closure on these values. It may hop threads,
  /// so no thread's setting flag is raised: the values know they are being set, and so do the
  /// defaults computed for their reads (see `_Setting.isActive`).
  @inlinable
  mutating func _update<E: Error>(
    isolation: isolated (any Actor)? = #isolation,
    _ update: (inout DependencyValues) async throws(E) -> Void
  ) async throws(E) {
    let cache = _beginUpdate()
    do {
      try await update(&self)
    } catch {
      _endUpdate(startedWith: cache, completed: false)
      throw error
    }
    _endUpdate(startedWith: cache, completed: true)
  }

  /// Starts an update: the values know they are being set until `_endUpdate`. Returns the handle
  /// of the cache they started with.
  @inlinable @inline(__always)
  mutating func _beginUpdate() -> OpaquePointer? {
    _modes.isUpdating = true
    return _defaults.handle
  }

  /// Ends an update that started with the cache `cache`: when it completed with a cache of its own
  /// (see `_adoptOverridesAsBaselineOfFreshCache()`), the overrides it set are that cache's
  /// baseline.
  @inlinable @inline(__always)
  mutating func _endUpdate(startedWith cache: OpaquePointer?, completed: Bool) {
    _modes.isUpdating = false
    if completed, _defaults.handle != cache { _adoptOverridesAsBaselineOfFreshCache() }
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

extension DependencyValues {
  /// Records that the scope of the current values returned `result`, when it is an object, for
  /// `withDependencies(from:)`.
  @inlinable @inline(__always)
  static func _recordScopeOfCurrentValues<R>(ofResult result: R) {
    // A result that cannot be a class (a number, a string, a struct: `_canBeClass` is decided when
    // the scope's code is specialized) is not recorded, with no runtime call.
    guard _canBeClass(R.self) != 0 else { return }
    // A class is one reference: reinterpreting it as `AnyObject` is exact, where `as AnyObject`
    // would go through a dynamic cast.
    if R.self is AnyClass, MemoryLayout<R>.size == MemoryLayout<AnyObject>.size {
      _recordScopeOfCurrentValues(of: unsafeBitCast(result, to: AnyObject.self))
    }
  }

  @usableFromInline @inline(never)
  static func _recordScopeOfCurrentValues(of object: AnyObject) {
    guard !_CapturedValuesLayout.of(object).carriesValues else { return }
    _ObjectScopes.shared.record(object, _currentPointer.pointee)
  }
}
