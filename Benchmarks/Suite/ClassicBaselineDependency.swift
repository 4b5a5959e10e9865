import Dependencies

extension Classic {
  /// `@Dependency` the classic way: the values current where the property was created are kept,
  /// and every read merges the current values into them, binds the merge in the task-local, and
  /// reads the key path there.
  ///
  /// `@Classic.Dependency(Key.self)` reads through a key path too: one to a subscript whose index
  /// carries the key type (and the source location).
  @propertyWrapper
  struct Dependency<Value>: Sendable, ClassicHasInitialValues {
    let initialValues: Values = Values.current
    /// Values installed by SwiftUI (never, here); a read checks for them first.
    private var installValues: Values?

    private let keyPath: any KeyPath<Values, Value> & Sendable
    private let filePath: StaticString
    private let fileID: StaticString
    private let line: UInt
    private let column: UInt

    @_semantics("optimize.sil.specialize.generic.never") @inline(never)
    init(
      _ keyPath: any KeyPath<Values, Value> & Sendable,
      fileID: StaticString = #fileID,
      filePath: StaticString = #filePath,
      line: UInt = #line,
      column: UInt = #column
    ) {
      self.keyPath = keyPath
      self.filePath = filePath
      self.fileID = fileID
      self.line = line
      self.column = column
    }

    @_semantics("optimize.sil.specialize.generic.never") @inline(never)
    init<Key: TestDependencyKey>(
      _ key: Key.Type,
      fileID: StaticString = #fileID,
      filePath: StaticString = #filePath,
      line: UInt = #line,
      column: UInt = #column
    ) where Key.Value == Value {
      self.init(
        \Values.[
          key: HashableType<Key>(fileID: fileID, filePath: filePath, line: line, column: column)
        ],
        fileID: fileID, filePath: filePath, line: line, column: column)
    }

    var wrappedValue: Value {
      @_semantics("optimize.sil.specialize.generic.never") @inline(never)
      get {
        guard let installValues else {
          let dependencies = initialValues.merging(Values.current)
          return Values.$current.withValue(dependencies) {
            Values.current[keyPath: keyPath]
          }
        }
        return initialValues.merging(installValues)[keyPath: keyPath]
      }
    }
  }

  /// The index of the key path `@Classic.Dependency(Key.self)` reads through: every instance is
  /// equal, hashed by the key type.
  struct HashableType<T>: Hashable, Sendable {
    let fileID: StaticString
    let filePath: StaticString
    let line: UInt
    let column: UInt

    static func == (lhs: Self, rhs: Self) -> Bool { true }
    func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(T.self)) }
  }
}

extension Classic.Values {
  fileprivate subscript<Key: TestDependencyKey>(
    key key: Classic.HashableType<Key>
  ) -> Key.Value {
    get {
      self[Key.self, fileID: key.fileID, filePath: key.filePath, line: key.line, column: key.column]
    }
    set {
      self[
        Key.self, fileID: key.fileID, filePath: key.filePath, line: key.line, column: key.column] =
        newValue
    }
  }
}

/// What `Classic.withDependencies(from:)` finds in a model's properties: the values a classic
/// `@Dependency` captured.
protocol ClassicHasInitialValues {
  var initialValues: Classic.Values { get }
}
