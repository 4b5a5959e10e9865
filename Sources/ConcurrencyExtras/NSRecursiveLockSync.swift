public import Foundation

extension NSRecursiveLock {
  /// Runs `work` with the lock held, and returns what it returns.
  ///
  /// ```swift
  /// @_spi(Internals) import ConcurrencyExtras
  ///
  /// let lock = NSRecursiveLock()
  /// let count = lock.sync { counter.count }
  /// ```
  ///
  /// Part of the classic module's `@_spi(Internals)` surface, for code that imports it.
  @_spi(Internals)
  public func sync<R>(work: () throws -> R) rethrows -> R {
    lock()
    defer { unlock() }
    return try work()
  }
}
