import CDependencies

/// Reads the task-local binding of ``DependencyValues/_current`` in place.
///
/// `TaskLocal.get()` returns a copy of the bound value, which for `DependencyValues` means retaining
/// and then releasing each reference it holds: about half the cost of a dependency read. The runtime
/// entry point behind `get()`, `swift_task_localValueGet`, returns the address of the bound value
/// instead; it is part of the Concurrency runtime's ABI (the standard library's inlinable
/// `TaskLocal.get()` calls it from client code). The address stays valid while the binding exists,
/// which covers any synchronous use on the reading task.
///
/// Clients see it: the inlined read finds the current values through it.
@_silgen_name("swift_task_localValueGet")
@usableFromInline
func _taskLocalValueGet(_ key: UnsafeRawPointer) -> UnsafeMutableRawPointer?

/// Binds values to ``DependencyValues/_current`` as `TaskLocal.withValue` does, through the same
/// runtime entry points, but moving the values in instead of copying them (see
/// `dck_task_local_push_taking`). A push and its pop happen on one task, around synchronous or
/// asynchronous code, in the order `withValue` does them.
///
/// Clients see it: the inlined scope entry binds its values through it.
@usableFromInline
enum _TaskLocalBinding {
  /// Makes `values` (taken) the current values of this task (or thread) until `pop(_:)`; returns a
  /// reference to their scope (+1), for `pop(_:)`.
  @inlinable @inline(__always)
  static func push(_ values: consuming DependencyValues) -> Unmanaged<_Scope>? {
    let scope = values._overrides.scope.map { Unmanaged.passRetained($0) }
    _taskLocalPushTaking(
      UnsafeRawPointer(dck_facade_task_local_key()) ?? DependencyValues._currentKey, values)
    return scope
  }

  /// `push(_:)` of the values at `values`, moved into the binding: the memory is left
  /// uninitialized.
  @inlinable @inline(__always)
  static func push(takingValuesAt values: UnsafeMutablePointer<DependencyValues>)
    -> Unmanaged<_Scope>?
  {
    let scope = values.pointee._overrides.scope.map { Unmanaged.passRetained($0) }
    dck_task_local_push_value(
      UnsafeRawPointer(dck_facade_task_local_key()) ?? DependencyValues._currentKey, values,
      unsafeBitCast(DependencyValues.self as Any.Type, to: UnsafeRawPointer.self))
    return scope
  }

  /// Ends the innermost binding of this task (or thread), destroying its values, then ends the
  /// reference to their scope that `push(_:)` returned: a scope nothing else holds any more is
  /// kept for this thread's next scope entry (`dck_spare_scope_end`, or `_Scope.recycle(_:)`).
  @inlinable @inline(__always)
  static func pop(_ scope: Unmanaged<_Scope>?) {
    // The pop and the end of the reference in one call of the core, which releases it, or keeps a
    // scope whose root may stay bare (`dck_spare_scope_end`); the other scopes are emptied here.
    if !dck_task_local_pop_ending(scope?.toOpaque()), let scope { _recycleScope(scope) }
  }

  /// Whether the calling code runs outside any task. A binding is then this thread's alone: no
  /// child task can share it (only a task has child tasks; a task started here copies it), so a
  /// synchronous scope nested in it may put its values in the binding's place and back
  /// (`DependencyValues._bind(_:over:_:)`).
  @inlinable @inline(__always)
  static var isOutsideAnyTask: Bool { !dck_task_is_running() }

  /// Puts `outer` back at `bound`, in place of the values a scope had put there
  /// (`DependencyValues._bind(_:over:_:)`), and destroys those, ending their reference to their
  /// scope as `pop(_:)` does.
  @inlinable @inline(__always)
  static func putBack(
    _ outer: consuming DependencyValues, at bound: UnsafeMutablePointer<DependencyValues>
  ) {
    var inner = bound.move()
    bound.initialize(to: outer)
    guard let scope = inner._overrides.takeScope() else { return }
    _ = consume inner
    let reference = Unmanaged.passRetained(consume scope)
    if !dck_spare_scope_end(reference.toOpaque()) { _recycleScope(reference) }
  }
}

/// `swift_task_localValuePush` through the C core (`dck_task_local_push_taking`, in the Swift
/// calling convention): binds `value`, taken, to the task-local whose `TaskLocal` object is `key`.
///
/// Clients see it: the inlined scope entry pushes its values through it (`_TaskLocalBinding`).
@_silgen_name("dck_task_local_push_taking")
@usableFromInline
func _taskLocalPushTaking<Value>(_ key: UnsafeRawPointer, _ value: __owned Value)

extension DependencyValues {
  /// The address of the current values, and the task-local binding's (the same address) when values
  /// are bound, nil for the root values: see `_currentBinding`.
  @usableFromInline
  typealias _CurrentBinding = (
    values: UnsafePointer<DependencyValues>, bound: UnsafeMutablePointer<DependencyValues>?
  )

  /// The values used where no scope is bound: no overrides, the detected context, the shared cache.
  static var _root: DependencyValues { _rootPointer.pointee }

  /// `_root`, at a stable address for the life of the process, so that a read can borrow it in
  /// place like a bound value. Never written after this: the root values hold no counted reference
  /// (no scope, the process's cache, no recorder), which `_copyForScope` relies on.
  nonisolated(unsafe) static let _rootPointer: UnsafeMutablePointer<DependencyValues> = {
    let pointer = UnsafeMutablePointer<DependencyValues>.allocate(capacity: 1)
    pointer.initialize(
      to: DependencyValues(overrides: nil, context: .detected, cache: .shared))
    Swift.precondition(
      pointer.pointee._overrides.scope == nil && pointer.pointee._defaults.cache == nil
        && pointer.pointee._modes.recorder == nil,
      "swift-dependencies: internal error: the root values hold a reference")
    return pointer
  }()

  /// A copy of the current values `current` (`_currentBinding`), for a scope to change. The root
  /// values (nothing bound) are copied bit for bit: they hold no counted reference (see
  /// `_rootPointer`), so their copy needs no retain, and skips the copy's value witness, which
  /// retains each reference field, nil or not. Bound values are copied as Swift copies them.
  @inlinable @inline(__always)
  static func _copyForScope(of current: _CurrentBinding) -> DependencyValues {
    if current.bound != nil { return current.values.pointee }
    return withUnsafeTemporaryAllocation(of: DependencyValues.self, capacity: 1) { copy in
      UnsafeMutableRawPointer(copy.baseAddress!).copyMemory(
        from: current.values, byteCount: MemoryLayout<DependencyValues>.size)
      return copy.baseAddress!.move()
    }
  }

  /// The identity of the `_current` task local, as the runtime knows it: the address of its
  /// `TaskLocal` object, which lives as long as the process. Immutable, hence `nonisolated(unsafe)`.
  @usableFromInline
  nonisolated(unsafe) static let _currentKey = UnsafeRawPointer(
    Unmanaged.passUnretained($_current).toOpaque())

  /// The address of the current values: the task-local binding, or the root values. Valid for
  /// synchronous use on the calling task (a binding outlives any synchronous code inside it). A
  /// scope entered synchronously inside may put its own values at that address while it runs, and
  /// puts these back before it returns (`_bind(_:over:_:)`).
  ///
  /// The task-local's identity and the root's address are read from C slots published once
  /// (`dck_facade_*`), so that a read pays one load for each instead of the `swift_once` check of a
  /// Swift global.
  @inlinable @inline(__always)
  static var _currentPointer: UnsafePointer<DependencyValues> { _currentBinding.values }

  /// The address of the current values (`_currentPointer`), and the task-local binding's, the same
  /// address, when values are bound (nil for the root values): a scope entered synchronously may
  /// rebind them in place (`_bind(_:over:_:)`).
  @inlinable @inline(__always)
  static var _currentBinding: _CurrentBinding {
    guard let key = dck_facade_task_local_key(), let root = dck_facade_root_values() else {
      return _publishFacadeSlots()
    }
    return _binding(key: key, root: root)
  }

  /// `_currentBinding` for the task-local whose identity is `key`, with the root values at `root`.
  @inlinable @inline(__always)
  static func _binding(key: UnsafeRawPointer, root: UnsafeMutableRawPointer) -> _CurrentBinding {
    if let bound = _taskLocalValueGet(key) {
      let values = bound.assumingMemoryBound(to: DependencyValues.self)
      return (UnsafePointer(values), values)
    }
    return (UnsafePointer(root.assumingMemoryBound(to: DependencyValues.self)), nil)
  }

  /// Publishes `_currentKey` and `_rootPointer` in the C slots, then returns `_currentBinding`: the
  /// first read of the process takes this path.
  @usableFromInline @inline(never)
  static func _publishFacadeSlots() -> _CurrentBinding {
    dck_facade_publish(UnsafeMutableRawPointer(mutating: _currentKey), _rootPointer)
    return _binding(key: _currentKey, root: UnsafeMutableRawPointer(_rootPointer))
  }
}
