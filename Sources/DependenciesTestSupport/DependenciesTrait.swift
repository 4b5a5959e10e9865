import Dependencies
import Testing

/// A Swift Testing trait that runs each test with dependencies of its own.
///
/// Use one of the static forms, on a `@Test` or on a `@Suite` (where it applies to every test in the
/// suite, recursively):
///
/// ```swift
/// @Suite(.dependency(\.uuid, .incrementing))
/// struct FeatureTests {
///   @Test(.dependencies { $0.date.now = Date(timeIntervalSince1970: 0) })
///   func createItem() {
///     let model = FeatureModel()
///     model.addButtonTapped()
///     #expect(model.items[0].id == UUID(0))
///   }
/// }
/// ```
///
/// Every test case starts in the test context with a fresh cache of default values, so a stateful
/// test value (an incrementing UUID generator, a counter) restarts in every test, and tests running in
/// parallel never see each other's values. A test's trait applies after its suite's and can replace
/// what the suite set; several traits stack in order.
public struct _DependenciesTrait: TestTrait, SuiteTrait, TestScoping {
  let update: @Sendable (inout DependencyValues) async throws -> Void

  /// A suite's trait applies to every test in it, and in its nested suites.
  public var isRecursive: Bool { true }

  /// Scopes each test case (not the suite as a whole, which would share one cache between tests).
  public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
    testCase == nil ? nil : self
  }

  public func provideScope(
    for test: Test, testCase: Test.Case?,
    performing function: @Sendable () async throws -> Void
  ) async throws {
    try await TestIsolation.run(updating: update) { try await function() }
  }
}

extension Trait where Self == _DependenciesTrait {
  /// Isolates the test: test context, fresh cache of default values, failures reported to the test.
  ///
  /// ```swift
  /// @Test(.dependencies) func counterStartsAtZero() { … }
  /// ```
  public static var dependencies: Self {
    _DependenciesTrait(update: { _ in })
  }

  /// Isolates the test and overrides dependencies for it. The closure may be asynchronous.
  ///
  /// ```swift
  /// @Test(.dependencies {
  ///   $0.date.now = Date(timeIntervalSince1970: 1_234_567_890)
  ///   $0.uuid = .incrementing
  /// })
  /// func addItem() { … }
  /// ```
  public static func dependencies(
    _ updateValues: @escaping @Sendable (inout DependencyValues) async throws -> Void
  ) -> Self {
    _DependenciesTrait(update: updateValues)
  }

  /// Isolates the test and overrides the dependency at `keyPath`.
  ///
  /// ```swift
  /// @Test(.dependency(\.uuid, .incrementing))
  /// func addItem() { … }
  /// ```
  ///
  /// The override is set as `.dependencies { $0.uuid = .incrementing }` sets it: through the
  /// property's setter, without computing the default it replaces (a key with only a live value
  /// does not open its live resource). A key path through several properties, such as
  /// `\.date.now`, reads the value it changes (the date generator) first.
  ///
  /// > Note: The classic library's trait assigns through the key path, which runs the property's
  /// > getter first and so computes the default it replaces.
  public static func dependency<Value>(
    _ keyPath: WritableKeyPath<DependencyValues, Value> & Sendable,
    _ value: @autoclosure @escaping @Sendable () throws -> Value
  ) -> Self {
    _DependenciesTrait(update: { $0._set(keyPath, to: try value()) })
  }

  /// Isolates the test and overrides the dependency whose key is the value's own type.
  ///
  /// ```swift
  /// struct Settings: TestDependencyKey, Sendable {
  ///   var isDarkMode = false
  ///   static let testValue = Settings()
  /// }
  ///
  /// @Test(.dependency(Settings(isDarkMode: true)))
  /// func darkMode() { … }
  /// ```
  public static func dependency<Value: TestDependencyKey & Sendable>(
    _ value: @autoclosure @escaping @Sendable () throws -> Value
  ) -> Self where Value.Value == Value {
    _DependenciesTrait(update: { $0[Value.self] = try value() })
  }
}
