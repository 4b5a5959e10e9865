import Foundation

extension Classic {
  /// `withDependencies` the classic way: copy the current values, update the copy, bind it in the
  /// task-local; an object the operation returns is recorded with the values it was made with.
  @discardableResult
  @_semantics("optimize.sil.specialize.generic.never") @inline(never)
  static func withDependencies<R>(
    _ updateValuesForOperation: (inout Values) throws -> Void,
    operation: () throws -> R
  ) rethrows -> R {
    var dependencies = Values.current
    try updateValuesForOperation(&dependencies)
    return try Values.$current.withValue(dependencies) {
      let result = try operation()
      if R.self is AnyClass {
        dependencyObjects.store(result as AnyObject)
      }
      return result
    }
  }

  /// The asynchronous `withDependencies`.
  @discardableResult
  @_semantics("optimize.sil.specialize.generic.never") @inline(never)
  static func withDependencies<R>(
    isolation: isolated (any Actor)? = #isolation,
    _ updateValuesForOperation: (inout Values) async throws -> Void,
    operation: () async throws -> R
  ) async rethrows -> R {
    var dependencies = Values.current
    try await updateValuesForOperation(&dependencies)
    return try await Values.$current.withValue(dependencies) {
      let result = try await operation()
      if R.self is AnyClass {
        dependencyObjects.store(result as AnyObject)
      }
      return result
    }
  }

  /// `withDependencies(from: model)` the classic way: the values the model's first `@Dependency`
  /// property captured (or, failing that, the values recorded for the model when a scope returned
  /// it), with the current values laid over them.
  @discardableResult
  @_semantics("optimize.sil.specialize.generic.never") @inline(never)
  static func withDependencies<Model: AnyObject, R>(
    from model: Model,
    _ updateValuesForOperation: (inout Values) throws -> Void,
    operation: () throws -> R
  ) rethrows -> R {
    // The classic library reports an issue for a model without values; the benchmarks' models
    // all have some.
    guard let values = dependencyObjects.values(from: model) else { return try operation() }
    return try withDependencies {
      $0 = values.merging(Values.current)
      try updateValuesForOperation(&$0)
    } operation: {
      let result = try operation()
      if R.self is AnyClass {
        dependencyObjects.store(result as AnyObject)
      }
      return result
    }
  }

  /// `withDependencies(from: model)` with no further changes.
  @discardableResult
  @_semantics("optimize.sil.specialize.generic.never") @inline(never)
  static func withDependencies<Model: AnyObject, R>(
    from model: Model, operation: () throws -> R
  ) rethrows -> R {
    try withDependencies(from: model, { _ in }, operation: operation)
  }
}

/// The objects scopes returned, with the values of the scope each was made in.
private let dependencyObjects = ClassicDependencyObjects()

/// A locked dictionary of weak entries; each new entry starts a `Task` that drops the entries whose
/// object is gone.
private final class ClassicDependencyObjects: Sendable {
  private let storage = ClassicLockIsolated<[ObjectIdentifier: ClassicDependencyObject]>([:])

  func store(_ object: AnyObject) {
    let dependencyObject = ClassicDependencyObject(
      object: object, dependencyValues: Classic.Values.current)
    storage.withValue { [id = ObjectIdentifier(object)] storage in
      storage[id] = dependencyObject
      Task {
        self.storage.withValue { storage in
          for (id, object) in storage where object.isNil {
            storage.removeValue(forKey: id)
          }
        }
      }
    }
  }

  func values(from object: AnyObject) -> Classic.Values? {
    Mirror(reflecting: object).children
      .lazy
      .compactMap({ $1 as? any ClassicHasInitialValues })
      .first?
      .initialValues
      ?? storage.withValue({ [id = ObjectIdentifier(object)] in $0[id]?.dependencyValues })
  }
}

/// An object (held weakly) and the values of the scope that returned it.
private struct ClassicDependencyObject: @unchecked Sendable {
  // @unchecked Sendable: a weak reference and immutable values; only read under the owner's lock.
  private weak var object: AnyObject?
  let dependencyValues: Classic.Values

  init(object: AnyObject, dependencyValues: Classic.Values) {
    self.object = object
    self.dependencyValues = dependencyValues
  }

  var isNil: Bool { object == nil }
}

/// A value behind a recursive lock; `withValue` copies the value out, lets the closure change the
/// copy, and stores it back (so a change to a shared dictionary copies it).
private final class ClassicLockIsolated<Value>: @unchecked Sendable {
  // @unchecked Sendable: `value` is only touched with `lock` held.
  private var value: Value
  private let lock = NSRecursiveLock()

  init(_ value: Value) { self.value = value }

  func withValue<T: Sendable>(_ operation: @Sendable (inout Value) throws -> T) rethrows -> T {
    lock.lock()
    defer { lock.unlock() }
    var value = self.value
    defer { self.value = value }
    return try operation(&value)
  }
}
