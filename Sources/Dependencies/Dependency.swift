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
/// the property was created (so a model created inside ``withDependencies(_:operation:)-(_,()->R)``
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
  @usableFromInline let keyPath: KeyPath<DependencyValues, Value> & Sendable
  @usableFromInline let initialValues: DependencyValues
  @usableFromInline let site: _ReadSite

  /// Reads the dependency at `keyPath` of ``DependencyValues``.
  ///
  /// ```swift
  /// @Dependency(\.date.now) var now
  /// @Dependency(\.uuid) var uuid
  /// ```
  public init(
    _ keyPath: KeyPath<DependencyValues, Value> & Sendable,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    self.keyPath = keyPath
    self.initialValues = DependencyValues._current
    self.site = _ReadSite(fileID: fileID, filePath: filePath, line: line, column: column)
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
  public init<Key: TestDependencyKey>(
    _ key: Key.Type,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where Key.Value == Value {
    self.keyPath = \DependencyValues.[_key: _KeyToken<Key>()]
    self.initialValues = DependencyValues._current
    self.site = _ReadSite(fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// The dependency's value in the current scope.
  public var wrappedValue: Value {
    DependencyValues._current._falling(back: initialValues, site: site)[keyPath: keyPath]
  }
}

/// Names a key type inside a key path, so that `@Dependency(Key.self)` reads through the same key
/// path machinery as `@Dependency(\.property)`.
public struct _KeyToken<Key: TestDependencyKey>: Hashable, Sendable {
  @usableFromInline init() {}
}

extension DependencyValues {
  /// The value for the key named by `token`: `self[Key.self]`.
  public subscript<Key: TestDependencyKey>(_key token: _KeyToken<Key>) -> Key.Value {
    self[Key.self]
  }
}
