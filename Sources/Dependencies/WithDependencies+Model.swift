/// Runs `operation` with the dependencies of the scope `model` was created in, changed by
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
/// The model's values are the ones its `@Dependency` properties captured or, for a model without
/// any, the ones of the `withDependencies` scope that returned it. The current scope's values are laid
/// over them (the current scope wins, as in the classic library), merged by pointer, and then
/// `updateValuesForOperation` runs.
///
/// A model that carries no values at all (no `@Dependency` property, and not returned by a
/// `withDependencies` scope) is reported, and `operation` runs with the current values unchanged.
@discardableResult
public func withDependencies<Model: AnyObject, R, E: Error>(
  from model: Model,
  _ updateValuesForOperation: (inout DependencyValues) throws(E) -> Void,
  operation: () throws(E) -> R,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) throws(E) -> R {
  guard var values = DependencyValues._currentPointer.pointee._values(from: model) else {
    _reportNoValues(in: Model.self, fileID: fileID, filePath: filePath, line: line, column: column)
    return try operation()
  }
  try values._update(updateValuesForOperation)
  return try DependencyValues._bind(consume values, operation)
}

/// Runs `operation` with the dependencies of the scope `model` was created in.
///
/// See ``withDependencies(from:_:operation:fileID:filePath:line:column:)``.
@discardableResult
public func withDependencies<Model: AnyObject, R, E: Error>(
  from model: Model,
  operation: () throws(E) -> R,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) throws(E) -> R {
  try withDependencies(
    from: model, { (_: inout DependencyValues) throws(E) in }, operation: operation,
    fileID: fileID, filePath: filePath, line: line, column: column)
}

/// Runs the asynchronous `operation` with the dependencies of the scope `model` was created in,
/// changed by `updateValuesForOperation`.
///
/// See ``withDependencies(from:_:operation:fileID:filePath:line:column:)``.
@discardableResult
public func withDependencies<Model: AnyObject, R, E: Error>(
  from model: Model,
  isolation: isolated (any Actor)? = #isolation,
  _ updateValuesForOperation: (inout DependencyValues) async throws(E) -> Void,
  operation: () async throws(E) -> R,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) async throws(E) -> R {
  guard var values = DependencyValues._currentPointer.pointee._values(from: model) else {
    _reportNoValues(in: Model.self, fileID: fileID, filePath: filePath, line: line, column: column)
    return try await operation()
  }
  try await values._update(updateValuesForOperation)
  return try await DependencyValues._bind(consume values, isolation: isolation, operation)
}

/// Runs the asynchronous `operation` with the dependencies of the scope `model` was created in.
///
/// See ``withDependencies(from:_:operation:fileID:filePath:line:column:)``.
@discardableResult
public func withDependencies<Model: AnyObject, R, E: Error>(
  from model: Model,
  isolation: isolated (any Actor)? = #isolation,
  operation: () async throws(E) -> R,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) async throws(E) -> R {
  try await withDependencies(
    from: model, isolation: isolation, { (_: inout DependencyValues) async throws(E) in },
    operation: operation, fileID: fileID, filePath: filePath, line: line, column: column)
}

/// Reports a model that carries no dependency values, in the classic library's words.
private func _reportNoValues<Model>(
  in _: Model.Type, fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
) {
  let model = ReportedTypeName.unqualified(Model.self)
  reportIssue(
    """
    You are trying to propagate dependencies to a child model from a model with no dependencies. \
    To fix this, the given '\(model)' must be returned from another 'withDependencies' \
    closure, or the class must hold at least one '@Dependency' property.
    """,
    fileID: fileID, filePath: filePath, line: line, column: column)
}

/// Something that carries the dependency values current when it was created (`@Dependency`).
protocol _HasInitialValues {
  /// The overrides captured, nil when there were none.
  var _capturedOverrides: _Scope? { get }
  /// The context captured, when it had been set explicitly.
  var _capturedContext: DependencyContext? { get }
  /// Where a value of this type keeps the address of the scope it captured (a `UInt`, 0 for
  /// none), in bytes from its start (see `_CapturedValuesLayout`).
  static var _capturedScopeOffset: Int { get }
  /// Where a value of this type keeps the context it captured (a `DependencyContext?`).
  static var _capturedContextOffset: Int { get }
}

extension Dependency: _HasInitialValues {
  var _capturedOverrides: _Scope? {
    (owner as? _Scope) ?? (owner as? _DependencyOwners)?.captured
  }
  var _capturedContext: DependencyContext? { capturedContext }
  static var _capturedScopeOffset: Int { MemoryLayout<Self>.offset(of: \.capturedScope)! }
  static var _capturedContextOffset: Int { MemoryLayout<Self>.offset(of: \.capturedContext)! }
}

extension DependencyValues {
  /// These values laid over the values `model` carries (these win), or nil when it carries none:
  /// the values captured by its `@Dependency` properties (each distinct capture merged once, in
  /// declaration order, later ones winning) or, without any, the values of the scope that returned
  /// it.
  func _values(from model: AnyObject) -> DependencyValues? {
    let layout = _CapturedValuesLayout.of(model)
    var captures = _Captures()
    if layout.usesMirror {
      captures.gather(byReflecting: model)
    } else {
      // The properties are read where they are, in the model, which the caller keeps alive.
      let object = UnsafeRawPointer(Unmanaged.passUnretained(model).toOpaque())
      for property in layout.properties {
        let scope = object.load(fromByteOffset: property.scope, as: UInt.self)
        captures.add(
          scope == 0 ? nil : _Scope.scope(at: OpaquePointer(bitPattern: scope)!),
          object.load(fromByteOffset: property.context, as: DependencyContext?.self))
      }
      captures.found = layout.carriesValues
    }
    if !captures.found {
      guard let record = _ObjectScopes.shared.record(of: model) else { return nil }
      captures.overrides = record.overrides
      captures.context = record.context
    }
    var values = self
    if let overrides = captures.overrides {
      if let current = _overrides.scope {
        values._overrides = _Overrides(overrides.merging(current))
      } else {
        values._overrides = _Overrides(overrides)
      }
    }
    if !_modes.contextIsSet, let context = captures.context {
      values._context = context
    }
    return values
  }
}

/// What the `@Dependency` properties of a model captured, gathered in declaration order: each
/// distinct scope merged once, later ones winning, and the last context set explicitly.
private struct _Captures {
  var overrides: _Scope?
  var context: DependencyContext?
  /// Whether the model has a `@Dependency` property at all.
  var found = false
  // The scopes merged so far: most models capture one, which needs no set (no allocation); a set
  // holds the others.
  private var firstMerged: ObjectIdentifier?
  private var otherMerged: Set<ObjectIdentifier> = []

  /// Adds the captures of one property.
  mutating func add(_ scope: _Scope?, _ capturedContext: DependencyContext?) {
    if let scope {
      let id = ObjectIdentifier(scope)
      if firstMerged == nil {
        firstMerged = id
        overrides = scope
      } else if id != firstMerged, otherMerged.insert(id).inserted {
        overrides = overrides!.merging(scope)
      }
    }
    if let capturedContext { context = capturedContext }
  }

  /// Adds the captures of every `@Dependency` property `Mirror` reports of `model` (a class that
  /// reflects itself says what they are).
  mutating func gather(byReflecting model: AnyObject) {
    var mirror: Mirror? = Mirror(reflecting: model)
    while let current = mirror {
      for child in current.children {
        guard let dependency = child.value as? any _HasInitialValues else { continue }
        found = true
        add(dependency._capturedOverrides, dependency._capturedContext)
      }
      mirror = current.superclassMirror
    }
  }
}
