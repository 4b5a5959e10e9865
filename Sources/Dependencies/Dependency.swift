/// A property wrapper that reads a dependency from the current scope.
///
/// ```swift
/// @Observable
/// final class CounterModel {
///   var count = 0
///   var fact: String?
///   @ObservationIgnored @Dependency(\.numberFact) var numberFact
///
///   func factButtonTapped() async throws {
///     fact = try await numberFact.fetch(count)
///   }
/// }
/// ```
///
/// A read resolves the key in the current scope first, then in the values that were current when
/// the property was created (so a model created inside ``withDependencies(_:operation:)-3roia``
/// keeps seeing that scope's overrides), then the key's cached default value for the context.
///
/// In tests, override what the feature reads:
///
/// ```swift
/// @Test func fact() async throws {
///   let model = withDependencies {
///     $0.numberFact.fetch = { "\($0) is a good number." }
///   } operation: {
///     CounterModel()
///   }
///   try await model.factButtonTapped()
///   #expect(model.fact == "0 is a good number.")
/// }
/// ```
///
/// `@Dependency(Key.self)` reads a key directly, without a `DependencyValues` property.
@propertyWrapper
public struct Dependency<Value>: Sendable {
  // A `@Dependency var` stored in a class is copied on every read, by whoever reads it: nothing in
  // here may make a copy write to memory that other threads share. So the accessor is referred to
  // without a reference count (it is immortal, see `_DependencyAccessor`), the captured scope
  // through an uncounted address, and the one counted reference, `owner`, is nil unless the
  // property was created inside a scope with overrides (a copy then retains that scope).

  /// How the property reads its value (immortal; not retained).
  @usableFromInline let accessor: Unmanaged<_DependencyAccessor<Value>>
  /// What keeps `capturedScope` (and, for an accessor outside the registry, `accessor`) alive:
  /// nil, the captured `_Scope`, the accessor, or a `_DependencyOwners` holding both.
  let owner: (AnyObject & Sendable)?
  /// The address of the scope current where the property was created, as a bit pattern (0 when
  /// it had no overrides): its overrides are consulted after the current scope's, and its kept
  /// defaults are the property's when its reads agree with them (read by `withDependencies(from:)`
  /// too).
  @usableFromInline let capturedScope: UInt
  /// The context current where the property was created, when it had been set explicitly.
  @usableFromInline let capturedContext: DependencyContext?
  // Where the property was declared, field by field rather than as a `_ReadSite`: with a nested
  // struct, Swift copies a whole `@Dependency var` stored in a class through its value witness on
  // every read (an outlined copy that looks up the type's metadata); flat, a read loads the fields
  // it uses.
  @usableFromInline let fileID: StaticString
  @usableFromInline let filePath: StaticString
  @usableFromInline let line: UInt
  @usableFromInline let column: UInt

  /// A property reading through an accessor of the registry, kept alive by `owner` when the
  /// registry does not hold it.
  init(
    _ accessor: (
      accessor: Unmanaged<_DependencyAccessor<Value>>, owner: _DependencyAccessor<Value>?
    ),
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) {
    self.init(
      accessor: accessor.accessor, owner: accessor.owner, fileID: fileID, filePath: filePath,
      line: line, column: column)
  }

  /// Reads the dependency at `keyPath` of ``DependencyValues``.
  ///
  /// ```swift
  /// @Dependency(\.date.now) var now
  /// @Dependency(\.uuid) var uuid
  /// ```
  ///
  /// Every read runs the key path's getters, in the scope of the read. A key path that names one
  /// property (`\.uuid`, the way dependencies are registered) is read by calling that property's
  /// getter directly, with no key-path machinery in between.
  public init(
    _ keyPath: KeyPath<DependencyValues, Value> & Sendable,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    self.init(
      _AccessorRegistry.accessor(for: keyPath), fileID: fileID, filePath: filePath, line: line,
      column: column)
  }

  /// Reads the dependency registered under `key`.
  ///
  /// ```swift
  /// struct Settings: DependencyKey, Sendable {
  ///   var isDarkMode = false
  ///   static let liveValue = Settings()
  /// }
  ///
  /// @Dependency(Settings.self) var settings
  /// ```
  ///
  /// This form reads the key directly, without Swift's key-path runtime, and is the fastest read.
  @inlinable
  public init<Key: TestDependencyKey & SendableMetatype>(
    _ key: Key.Type,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where Key.Value == Value {
    // The closure is emitted where this initialiser is inlined, specialised for `Key`; the first
    // property of each key registers it, and every property of the key shares it.
    let accessor = _AccessorRegistry.accessor(
      UInt(bitPattern: ObjectIdentifier(Key.self)), in: _AccessorRegistry.keyTypes
    ) {
      _DependencyAccessor<Value>(key: _KeyIdentity(Key.self)) {
        values, captured, capturedContext, site, result in
        _store(
          DependencyValues._resolve(
            Key.self, in: values, captured: captured, capturedContext: capturedContext, site: site),
          in: result)
      }
    }
    self.init(accessor: accessor, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Reads the dependency at `keyPath` and casts it to `Value`, calling `failure` with the value
  /// read when the cast fails. Used by the test-support module's `@Dependency(_:as:)`.
  package init<Source>(
    _ keyPath: KeyPath<DependencyValues, Source> & Sendable,
    castingTo type: Value.Type,
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt,
    failure: @escaping @Sendable (Source) -> Never
  ) {
    // A test-only spelling: an accessor of its own, released with the property.
    let accessor = _DependencyAccessor<Value>(
      get: { values in
        let source = values[keyPath: keyPath]
        guard let value = source as? Value else { failure(source) }
        return value
      }, declaring: keyPath)
    self.init(
      accessor: Unmanaged.passUnretained(accessor), owner: accessor, fileID: fileID,
      filePath: filePath, line: line, column: column)
  }

  /// Reads the dependency registered under `key` and casts it to `Value`, calling `failure` with
  /// the value read when the cast fails. Used by the test-support module's `@Dependency(_:as:)`.
  package init<Key: TestDependencyKey & SendableMetatype>(
    _ key: Key.Type,
    castingTo type: Value.Type,
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt,
    failure: @escaping @Sendable (Key.Value) -> Never
  ) {
    let accessor = _DependencyAccessor<Value>(key: _KeyIdentity(Key.self)) {
      values, captured, capturedContext, site, result in
      let source = DependencyValues._resolve(
        Key.self, in: values, captured: captured, capturedContext: capturedContext, site: site)
      guard let value = source as? Value else { failure(source) }
      _store(value, in: result)
    }
    self.init(
      accessor: Unmanaged.passUnretained(accessor), owner: accessor, fileID: fileID,
      filePath: filePath, line: line, column: column)
  }

  /// The dependency's value in the current scope.
  @inlinable
  public var wrappedValue: Value {
    // Only trivial fields go into the closure: capturing `self` would copy the whole property.
    let captured = OpaquePointer(bitPattern: capturedScope)
    let capturedContext = capturedContext
    let site = _ReadSite(fileID: fileID, filePath: filePath, line: line, column: column)
    return accessor._withUnsafeGuaranteedRef {
      $0.value(DependencyValues._currentPointer, captured, capturedContext, site)
    }
  }
}

/// Both objects a `Dependency` can need to keep alive: its captured root and an accessor outside the
/// registry (a rare pair: a property of a test-only spelling created inside a scope).
final class _DependencyOwners: Sendable {
  let captured: _Scope
  let accessor: AnyObject & Sendable

  init(_ captured: _Scope, _ accessor: AnyObject & Sendable) {
    self.captured = captured
    self.accessor = accessor
  }
}
