import CDependencies

/// Reads the task-local binding of ``DependencyValues/_current`` in place.
///
/// `TaskLocal.get()` returns a copy of the bound value, which for `DependencyValues` means retaining
/// and then releasing each reference it holds: about half the cost of a dependency read. The runtime
/// entry point behind `get()`, `swift_task_localValueGet`, returns the address of the bound value
/// instead; it is part of the Concurrency runtime's ABI (the standard library's inlinable
/// `TaskLocal.get()` calls it from client code). The address stays valid while the binding exists,
/// which covers any synchronous use on the reading task.
@_silgen_name("swift_task_localValueGet")
@usableFromInline
func _taskLocalValueGet(_ key: UnsafeRawPointer) -> UnsafeMutableRawPointer?

/// Binds values to ``DependencyValues/_current`` as `TaskLocal.withValue` does, through the same
/// runtime entry points, but moving the values in instead of copying them (see
/// `dck_task_local_push_taking`). A push and its pop happen on one task, around synchronous or
/// asynchronous code, in the order `withValue` does them.
@usableFromInline
enum _TaskLocalBinding {
  /// Makes `values` (taken) the current values of this task (or thread) until `pop()`.
  @inlinable @inline(__always)
  static func push(_ values: consuming DependencyValues) {
    _taskLocalPushTaking(
      UnsafeRawPointer(dck_facade_task_local_key()) ?? DependencyValues._currentKey, values)
  }

  /// Ends the innermost binding of this task (or thread), destroying its values.
  @inlinable @inline(__always)
  static func pop() {
    dck_task_local_pop()
  }
}

/// `swift_task_localValuePush` through the C core (`dck_task_local_push_taking`, in the Swift
/// calling convention): binds `value`, taken, to the task-local whose `TaskLocal` object is `key`.
@_silgen_name("dck_task_local_push_taking")
@usableFromInline
func _taskLocalPushTaking<Value>(_ key: UnsafeRawPointer, _ value: __owned Value)

extension DependencyValues {
  /// The values used where no scope is bound: no overrides, the detected context, the shared cache.
  @usableFromInline
  static var _root: DependencyValues { _rootPointer.pointee }

  /// `_root`, at a stable address for the life of the process, so that a read can borrow it in
  /// place like a bound value.
  @usableFromInline
  nonisolated(unsafe) static let _rootPointer: UnsafeMutablePointer<DependencyValues> = {
    let pointer = UnsafeMutablePointer<DependencyValues>.allocate(capacity: 1)
    pointer.initialize(
      to: DependencyValues(storage: .empty, context: .detected, cache: .shared))
    return pointer
  }()

  /// The identity of the `_current` task local, as the runtime knows it: the address of its
  /// `TaskLocal` object, which lives as long as the process. Immutable, hence `nonisolated(unsafe)`.
  @usableFromInline
  nonisolated(unsafe) static let _currentKey = UnsafeRawPointer(
    Unmanaged.passUnretained($_current).toOpaque())

  /// The address of the current values: the task-local binding, or the root values. Valid for
  /// synchronous use on the calling task (a binding outlives any synchronous code inside it).
  ///
  /// The task-local's identity and the root's address are read from C slots published once
  /// (`dck_facade_*`), so that a read pays one load for each instead of the `swift_once` check of a
  /// Swift global.
  @inlinable @inline(__always)
  static var _currentPointer: UnsafePointer<DependencyValues> {
    guard let key = dck_facade_task_local_key(), let root = dck_facade_root_values() else {
      return _publishFacadeSlots()
    }
    if let bound = _taskLocalValueGet(key) {
      return UnsafePointer(bound.assumingMemoryBound(to: DependencyValues.self))
    }
    return UnsafePointer(root.assumingMemoryBound(to: DependencyValues.self))
  }

  /// Publishes `_currentKey` and `_rootPointer` in the C slots, then returns the current values'
  /// address: the first read of the process takes this path.
  @usableFromInline @inline(never)
  static func _publishFacadeSlots() -> UnsafePointer<DependencyValues> {
    dck_facade_publish(UnsafeMutableRawPointer(mutating: _currentKey), _rootPointer)
    if let bound = _taskLocalValueGet(_currentKey) {
      return UnsafePointer(bound.assumingMemoryBound(to: DependencyValues.self))
    }
    return UnsafePointer(_rootPointer)
  }
}
