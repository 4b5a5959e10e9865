import Dependencies

extension Dependency {
  /// Reads the dependency at `keyPath` as the concrete type `Value`.
  ///
  /// Useful in a test that overrode a dependency with a test-friendly implementation and wants to
  /// use what only that implementation has:
  ///
  /// ```swift
  /// @Suite(.dependencies { $0.continuousClock = TestClock() })
  /// struct TimerTests {
  ///   @Dependency(\.continuousClock, as: TestClock<Duration>.self) var clock
  ///
  ///   @Test func tick() async {
  ///     await clock.advance(by: .seconds(1))
  ///   }
  /// }
  /// ```
  ///
  /// A read whose value is not a `Value` stops the process with a message naming both types and
  /// how to override the dependency.
  public init<T>(
    _ keyPath: KeyPath<DependencyValues, T> & Sendable,
    as type: Value.Type,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    // "\DependencyValues.client" names the property to override.
    let property: String
    if #available(macOS 13.3, iOS 16.4, watchOS 9.4, tvOS 16.4, *) {
      property = String(keyPath.debugDescription.dropFirst(#"\DependencyValues."#.count))
    } else {
      property = "/* property name */"
    }
    self.init(
      keyPath, castingTo: Value.self, fileID: fileID, filePath: filePath, line: line,
      column: column
    ) { actual in
      fatalError(Self.castFailure(actual, override: ".\(property)"), file: fileID, line: line)
    }
  }

  /// Reads the dependency registered under `key` as the concrete type `Value`.
  ///
  /// ```swift
  /// @Suite(.dependencies { $0[ClientKey.self] = TestClient() })
  /// struct FeatureTests {
  ///   @Dependency(ClientKey.self, as: TestClient.self) var client
  /// }
  /// ```
  ///
  /// A read whose value is not a `Value` stops the process with a message naming both types and
  /// how to override the dependency.
  public init<Key: TestDependencyKey & SendableMetatype>(
    _ key: Key.Type,
    as type: Value.Type,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    self.init(
      Key.self, castingTo: Value.self, fileID: fileID, filePath: filePath, line: line,
      column: column
    ) { actual in
      fatalError(
        Self.castFailure(actual, override: "[\(ReportedTypeName.unqualified(Key.self)).self]"),
        file: fileID, line: line)
    }
  }

  /// The message of a read whose value, `actual`, is not a `Value`: both types, and how to
  /// override the dependency at `$0<target>` (`.client`, `[ClientKey.self]`). The types are named
  /// as in a debug build in any build (`ReportedTypeName`).
  private static func castFailure(_ actual: Any, override target: String) -> String {
    let value = ReportedTypeName.unqualified(Value.self)
    return """
      Could not cast '\(ReportedTypeName.unqualified(Swift.type(of: actual)))' to '\(value)'. \
      Make sure to override the dependency in your test or suite traits:

        @Suite(
          .dependencies {
            $0\(target) = \(value)(/* ... */)
          }
        )
      """
  }
}
