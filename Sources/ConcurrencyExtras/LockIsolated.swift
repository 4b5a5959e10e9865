internal import Foundation

/// A mutable value that can be shared between threads and tasks, protected by a lock.
///
/// Use it where a test or a dependency needs shared, synchronously accessible state, for example to
/// record what an overridden endpoint was called with:
///
/// ```swift
/// let count = LockIsolated(0)
/// await withTaskGroup(of: Void.self) { group in
///   for _ in 1...100 {
///     group.addTask { count.withValue { $0 += 1 } }
///   }
/// }
/// #expect(count.value == 100)
/// ```
///
/// In a test, capture one in a dependency override:
///
/// ```swift
/// @Test func savesTheDraft() async throws {
///   let saved = LockIsolated<[Draft]>([])
///   try await withDependencies {
///     $0.database.save = { draft in saved.withValue { $0.append(draft) } }
///   } operation: {
///     try await EditorModel().saveButtonTapped()
///   }
///   #expect(saved.value.count == 1)
/// }
/// ```
///
/// Properties of the value can be read directly through dynamic member lookup
/// (`saved.count`). The lock is recursive: reading ``value`` inside ``withValue(_:)`` on the same
/// thread is allowed (it sees the value from before the mutation in progress).
@dynamicMemberLookup
public final class LockIsolated<Value>: @unchecked Sendable {
  // @unchecked Sendable: `_value` is only read or written with `lock` held. `withValue` and
  // `setValue` take `@Sendable` closures and only return `Sendable` results, and the value leaves
  // the lock only through `value`/dynamic members, which require `Sendable` types, so no
  // non-Sendable state escapes the lock.
  private var _value: Value
  private let lock = NSRecursiveLock()

  /// Creates a lock-isolated value.
  ///
  /// ```swift
  /// let isolated = LockIsolated(0)
  /// ```
  public init(_ value: @autoclosure @Sendable () throws -> Value) rethrows {
    self._value = try value()
  }

  /// Reads a property of the value under the lock.
  ///
  /// ```swift
  /// let names = LockIsolated(["Blob"])
  /// names.count  // 1
  /// ```
  public subscript<Subject: Sendable>(dynamicMember keyPath: KeyPath<Value, Subject>) -> Subject {
    lock.lock()
    defer { lock.unlock() }
    return _value[keyPath: keyPath]
  }

  /// Reads and mutates the value under the lock, returning what `operation` returns.
  ///
  /// ```swift
  /// let next = counter.withValue { count in
  ///   count += 1
  ///   return count
  /// }
  /// ```
  ///
  /// `operation` works on a copy that is written back when it returns (or throws), so a nested
  /// read of ``value`` from inside it is safe.
  public func withValue<T: Sendable>(
    _ operation: @Sendable (inout Value) throws -> T
  ) rethrows -> T {
    lock.lock()
    defer { lock.unlock() }
    var value = _value
    defer { _value = value }
    return try operation(&value)
  }

  /// Replaces the value under the lock.
  ///
  /// ```swift
  /// didFinish.setValue(true)
  /// ```
  public func setValue(_ newValue: @autoclosure @Sendable () throws -> Value) rethrows {
    lock.lock()
    defer { lock.unlock() }
    _value = try newValue()
  }
}

extension LockIsolated where Value: Sendable {
  /// The value, read under the lock.
  ///
  /// ```swift
  /// #expect(didFinish.value)
  /// ```
  public var value: Value {
    lock.lock()
    defer { lock.unlock() }
    return _value
  }
}
