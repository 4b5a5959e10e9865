// The classic library's first spellings of `withDependencies`, deprecated there with the same
// message. Each is `withDependencies` with its update closure written out.

extension DependencyValues {
  /// Overrides one dependency for the duration of `operation`: the classic spelling of
  /// `withDependencies { $0[keyPath: keyPath] = value } operation: { … }`.
  ///
  /// ```swift
  /// DependencyValues.withValue(\.date.now, Date(timeIntervalSince1970: 0)) {
  ///   model.save()
  /// }
  /// ```
  @available(*, deprecated, message: "Use 'withDependencies' instead.")
  public static func withValue<Value, R, E: Error>(
    _ keyPath: WritableKeyPath<DependencyValues, Value>,
    _ value: @autoclosure () -> Value,
    operation: () throws(E) -> R
  ) throws(E) -> R {
    try withDependencies {
      $0[keyPath: keyPath] = value()
    } operation: { () throws(E) -> R in
      try operation()
    }
  }

  /// Overrides one dependency for the duration of an asynchronous `operation`: the classic
  /// spelling of `withDependencies`.
  ///
  /// ```swift
  /// await DependencyValues.withValue(\.uuid, .incrementing) {
  ///   await model.addButtonTapped()
  /// }
  /// ```
  @available(*, deprecated, message: "Use 'withDependencies' instead.")
  public static func withValue<Value, R: Sendable, E: Error>(
    _ keyPath: WritableKeyPath<DependencyValues, Value>,
    _ value: @autoclosure () -> Value,
    isolation: isolated (any Actor)? = #isolation,
    operation: () async throws(E) -> R
  ) async throws(E) -> R {
    let value = value()
    return try await withDependencies(isolation: isolation) {
      $0[keyPath: keyPath] = value
    } operation: { () async throws(E) -> R in
      try await operation()
    }
  }

  /// Overrides dependencies for the duration of `operation`: the classic spelling of
  /// ``withDependencies(_:operation:)-3roia``.
  ///
  /// ```swift
  /// DependencyValues.withValues {
  ///   $0.uuid = .incrementing
  /// } operation: {
  ///   model.addButtonTapped()
  /// }
  /// ```
  @available(*, deprecated, message: "Use 'withDependencies' instead.")
  public static func withValues<R, E: Error>(
    _ updateValuesForOperation: (inout Self) throws(E) -> Void,
    operation: () throws(E) -> R
  ) throws(E) -> R {
    try withDependencies(updateValuesForOperation, operation: operation)
  }

  /// Overrides dependencies for the duration of an asynchronous `operation`: the classic spelling
  /// of `withDependencies`.
  ///
  /// ```swift
  /// await DependencyValues.withValues {
  ///   $0.uuid = .incrementing
  /// } operation: {
  ///   await model.addButtonTapped()
  /// }
  /// ```
  @available(*, deprecated, message: "Use 'withDependencies' instead.")
  public static func withValues<R: Sendable, E: Error>(
    _ updateValuesForOperation: (inout Self) throws(E) -> Void,
    isolation: isolated (any Actor)? = #isolation,
    operation: () async throws(E) -> R
  ) async throws(E) -> R {
    try await withDependencies(isolation: isolation) { (values: inout Self) throws(E) in
      try updateValuesForOperation(&values)
    } operation: { () async throws(E) -> R in
      try await operation()
    }
  }

  /// Overrides dependencies for the duration of a test's assertions: the classic spelling of
  /// ``withDependencies(_:operation:)-3roia`` in tests.
  ///
  /// ```swift
  /// DependencyValues.withTestValues {
  ///   $0.uuid = .incrementing
  /// } assert: {
  ///   #expect(model.newID() == UUID(0))
  /// }
  /// ```
  @available(*, deprecated, message: "Use 'withDependencies' instead.")
  public static func withTestValues<R, E: Error>(
    _ updateValuesForOperation: (inout Self) throws(E) -> Void,
    assert operation: () throws(E) -> R
  ) throws(E) -> R {
    try withDependencies(updateValuesForOperation, operation: operation)
  }

  /// Overrides dependencies for the duration of a test's asynchronous assertions: the classic
  /// spelling of `withDependencies` in tests.
  ///
  /// ```swift
  /// await DependencyValues.withTestValues {
  ///   $0.uuid = .incrementing
  /// } assert: {
  ///   await model.addButtonTapped()
  /// }
  /// ```
  @available(*, deprecated, message: "Use 'withDependencies' instead.")
  public static func withTestValues<R: Sendable, E: Error>(
    _ updateValuesForOperation: (inout Self) async throws(E) -> Void,
    isolation: isolated (any Actor)? = #isolation,
    assert operation: () async throws(E) -> R
  ) async throws(E) -> R {
    try await withDependencies(
      isolation: isolation, updateValuesForOperation, operation: operation)
  }
}
