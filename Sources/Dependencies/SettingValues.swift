import CDependencies

/// Whether the code running now is setting dependency values, in which case its reads report no
/// missing live or test implementation, as in the classic library: a `withDependencies` update
/// closure, a test trait, `prepareDependencies`, and the default values computed for their reads.
///
/// The values being set know they are (`DependencyValues._modes.isSetting`). A read
/// made there through other values — a `@Dependency` property read inside the update closure —
/// finds out here: from this thread's flag while a synchronous update closure runs
/// (`dck_setting_*`), or from the task-local `_DefaultComputation.isSetting` while a default is
/// computed for a setting read.
///
/// Clients see it: the inlined `withDependencies` update enters and leaves it.
@usableFromInline
enum _Setting {
  /// True while values are being set on this thread or task.
  static var isActive: Bool { dck_setting_current() || _DefaultComputation.isSetting }

  /// Raises this thread's flag for a synchronous update closure; returns the flag and what it was,
  /// for `leave` (the flag is this thread's: `leave` runs on it, after the closure).
  @inlinable @inline(__always)
  static func enter() -> (flag: UnsafeMutablePointer<Bool>, previous: Bool) {
    let flag = dck_setting_flag()!
    let previous = flag.pointee
    flag.pointee = true
    return (flag, previous)
  }

  /// Puts this thread's flag back to what it was before `enter`.
  @inlinable @inline(__always)
  static func leave(restoring entered: (flag: UnsafeMutablePointer<Bool>, previous: Bool)) {
    entered.flag.pointee = entered.previous
  }
}
