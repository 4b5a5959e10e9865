/// Runs `operation` with the dependencies captured by `model`'s `@Dependency` properties, changed by
/// `updateValuesForOperation`.
///
/// This is how a parent feature hands its dependencies to a child it creates, so that overrides made
/// where the parent was created reach the child too:
///
/// ```swift
/// final class ParentModel {
///   @Dependency(\.apiClient) var apiClient
///
///   func showChild() -> ChildModel {
///     withDependencies(from: self) {
///       ChildModel()
///     }
///   }
/// }
/// ```
///
/// The model's captured values are laid over the current ones (the model wins), merged by pointer.
/// A model with no `@Dependency` properties leaves the current values as they are.
@discardableResult
public func withDependencies<Model: AnyObject, R, E: Error>(
  from model: Model,
  _ updateValuesForOperation: (inout DependencyValues) throws(E) -> Void,
  operation: () throws(E) -> R
) throws(E) -> R {
  try withDependencies(
    { (values: inout DependencyValues) throws(E) in
      values = values._capturedBy(model)
      try updateValuesForOperation(&values)
    },
    operation: operation)
}

/// Runs `operation` with the dependencies captured by `model`'s `@Dependency` properties.
///
/// See ``withDependencies(from:_:operation:)``.
@discardableResult
public func withDependencies<Model: AnyObject, R, E: Error>(
  from model: Model,
  operation: () throws(E) -> R
) throws(E) -> R {
  try withDependencies(
    from: model, { (_: inout DependencyValues) throws(E) in }, operation: operation)
}

/// Runs the asynchronous `operation` with the dependencies captured by `model`, changed by
/// `updateValuesForOperation`.
@discardableResult
public func withDependencies<Model: AnyObject, R, E: Error>(
  from model: Model,
  isolation: isolated (any Actor)? = #isolation,
  _ updateValuesForOperation: (inout DependencyValues) async throws(E) -> Void,
  operation: () async throws(E) -> R
) async throws(E) -> R {
  var values = DependencyValues._current._capturedBy(model)
  try await values._update(updateValuesForOperation)
  return try await values._bind(isolation: isolation, operation)
}

/// Runs the asynchronous `operation` with the dependencies captured by `model`.
@discardableResult
public func withDependencies<Model: AnyObject, R, E: Error>(
  from model: Model,
  isolation: isolated (any Actor)? = #isolation,
  operation: () async throws(E) -> R
) async throws(E) -> R {
  try await DependencyValues._current._capturedBy(model)._bind(isolation: isolation, operation)
}

/// Something that carries the dependency values current when it was created (`@Dependency`).
protocol _HasInitialValues {
  /// The overrides captured, nil when there were none.
  var _capturedStorage: _TrieRoot? { get }
  /// The context captured, when it had been set explicitly.
  var _capturedContext: DependencyContext? { get }
}

extension Dependency: _HasInitialValues {
  var _capturedStorage: _TrieRoot? { captured }
  var _capturedContext: DependencyContext? { capturedContext }
}

extension DependencyValues {
  /// These values with the values captured by every `@Dependency` property of `model` on top.
  func _capturedBy(_ model: AnyObject) -> DependencyValues {
    var values = self
    var merged: Set<ObjectIdentifier> = []
    var mirror: Mirror? = Mirror(reflecting: model)
    while let current = mirror {
      for child in current.children {
        // Properties created in one scope share one root: merge each distinct root once.
        guard let dependency = child.value as? any _HasInitialValues else { continue }
        if let storage = dependency._capturedStorage,
          merged.insert(ObjectIdentifier(storage)).inserted
        {
          values._storage = values._storage.merging(storage)
        }
        if let context = dependency._capturedContext {
          values._context = context
        }
      }
      mirror = current.superclassMirror
    }
    return values
  }
}
