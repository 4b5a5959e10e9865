// The initializer every `@Dependency` goes through, which the inlined public initializers call:
// it captures the scope and the context current where the property is created.

extension Dependency {
  /// A property reading through `accessor`, kept alive by `owner` (nil for an accessor of the
  /// registry, which lives forever), created where `fileID`, `filePath`, `line` and `column` say.
  @usableFromInline
  init(
    accessor: Unmanaged<_DependencyAccessor<Value>>, owner: (AnyObject & Sendable)? = nil,
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) {
    let current = DependencyValues._currentPointer
    // Created by a default's computation (its values record reads): the computation declares what
    // the property names, for the dependency graph and the shutdown order. Otherwise one byte is
    // tested; first, so that no reference is held across the call.
    if current.pointee._modes.recordsReads { Self.declare(accessor, in: current) }
    self.accessor = accessor
    let captured = current.pointee._overrides.scope.flatMap { $0.isEmpty ? nil : $0 }
    switch (captured, owner) {
    case (let captured?, let owner?): self.owner = _DependencyOwners(captured, owner)
    case (let captured?, nil): self.owner = captured
    case (nil, let owner): self.owner = owner
    }
    self.capturedScope =
      captured.map { UInt(bitPattern: Unmanaged.passUnretained($0).toOpaque()) }
      ?? 0
    self.capturedContext =
      current.pointee._modes.contextIsSet ? current.pointee._context : nil
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
  }

  /// Records, in the computation whose values `values` are, that it created a property reading
  /// through `accessor` (see `_DeclaredDependency`).
  @inline(never)
  private static func declare(
    _ accessor: Unmanaged<_DependencyAccessor<Value>>, in values: UnsafePointer<DependencyValues>
  ) {
    values.pointee._modes.computation?.declare(accessor._withUnsafeGuaranteedRef(\.declared))
  }
}
