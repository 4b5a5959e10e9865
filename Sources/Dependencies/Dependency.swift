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
  // Kept small and cheap to copy (a copy retains `access`' payload and `captured`): a local
  // `@Dependency var` is copied on every read.
  @usableFromInline let access: _Access
  /// The overrides current where the property was created, or nil when there were none: consulted
  /// after the current scope's (and read by `withDependencies(from:)`).
  @usableFromInline let captured: _TrieRoot?
  /// The context current where the property was created, when it had been set explicitly.
  @usableFromInline let capturedContext: DependencyContext?
  @usableFromInline let site: _ReadSite

  /// How the property reaches its value.
  @usableFromInline
  enum _Access: Sendable {
    /// Through a key path of `DependencyValues` (the Swift key-path runtime applies it).
    case keyPath(KeyPath<DependencyValues, Value> & Sendable)
    /// Straight to a key, with code specialised for it (no key-path runtime).
    case key(_KeyRead<Value>)
  }

  @usableFromInline
  init(
    access: _Access, fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) {
    let current = DependencyValues._currentPointer
    self.access = access
    self.captured = current.pointee._storage.isEmpty ? nil : current.pointee._storage
    self.capturedContext =
      current.pointee._contextIsOverridden ? current.pointee._context : nil
    self.site = _ReadSite(fileID: fileID, filePath: filePath, line: line, column: column)
  }

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
    self.init(
      access: .keyPath(keyPath), fileID: fileID, filePath: filePath, line: line, column: column)
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
    // The closure is emitted where this initialiser is inlined, specialised for `Key`.
    self.init(
      access: .key({ values, captured, capturedContext, site in
        DependencyValues._resolve(
          Key.self, in: values, captured: captured, capturedContext: capturedContext, site: site)
      }),
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Reads the dependency at `keyPath` and casts it to `Value`, calling `failure` with the value
  /// read when the cast fails. Used by the test-support module's `@Dependency(_:as:)`.
  package init<Source>(
    _ keyPath: KeyPath<DependencyValues, Source> & Sendable,
    castingTo type: Value.Type,
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt,
    failure: @escaping @Sendable (Source) -> Never
  ) {
    self.init(
      access: .key({ values, captured, capturedContext, site in
        let source = Dependency<Source>._read(
          keyPath, in: values, captured: captured, capturedContext: capturedContext, site: site)
        guard let value = source as? Value else { failure(source) }
        return value
      }),
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Reads the dependency registered under `key` and casts it to `Value`, calling `failure` with
  /// the value read when the cast fails. Used by the test-support module's `@Dependency(_:as:)`.
  package init<Key: TestDependencyKey & SendableMetatype>(
    _ key: Key.Type,
    castingTo type: Value.Type,
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt,
    failure: @escaping @Sendable (Key.Value) -> Never
  ) {
    self.init(
      access: .key({ values, captured, capturedContext, site in
        let source = DependencyValues._resolve(
          Key.self, in: values, captured: captured, capturedContext: capturedContext, site: site)
        guard let value = source as? Value else { failure(source) }
        return value
      }),
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// The dependency's value in the current scope.
  @inlinable
  public var wrappedValue: Value {
    let captured = captured.map { Unmanaged.passUnretained($0) }
    switch access {
    case .key(let read):
      return read(DependencyValues._currentPointer, captured, capturedContext, site)
    case .keyPath(let keyPath):
      return Self._read(
        keyPath, in: DependencyValues._currentPointer, captured: captured,
        capturedContext: capturedContext, site: site)
    }
  }

  /// Reads `keyPath` of `values`. The key path's getter (user code) calls the subscript, which finds
  /// the rest (what the reading `@Dependency` captured, and where it is) in the frame.
  @inlinable @inline(__always)
  static func _read(
    _ keyPath: KeyPath<DependencyValues, Value>, in values: UnsafePointer<DependencyValues>,
    captured: Unmanaged<_TrieRoot>?, capturedContext: DependencyContext?, site: _ReadSite
  ) -> Value {
    var frame = _ReadFrame(captured: captured, capturedContext: capturedContext, site: site)
    return withUnsafeMutablePointer(to: &frame) { frame in
      _ReadFrame.with(frame) {
        values.pointee[keyPath: keyPath]
      }
    }
  }
}

/// Reads one key's value, with code specialised for the key where `@Dependency(Key.self)` was
/// written: `DependencyValues._resolve(Key.self, …)`.
@usableFromInline
typealias _KeyRead<Value> =
  @Sendable (
    UnsafePointer<DependencyValues>, Unmanaged<_TrieRoot>?, DependencyContext?, _ReadSite
  ) -> Value
