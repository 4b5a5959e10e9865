/// A key for a dependency that has a test value, and optionally a preview value, but no live value.
///
/// Declare the interface of a dependency in a module that is cheap to build, with a `testValue`,
/// and conform to ``DependencyKey`` (adding `liveValue`) in the module that has the live
/// implementation:
///
/// ```swift
/// struct APIClient: Sendable {
///   var fetchUser: @Sendable (Int) async throws -> String
/// }
///
/// extension APIClient: TestDependencyKey {
///   static let testValue = APIClient(fetchUser: { _ in "Blob" })
/// }
///
/// extension DependencyValues {
///   var apiClient: APIClient {
///     get { self[APIClient.self] }
///     set { self[APIClient.self] = newValue }
///   }
/// }
/// ```
///
/// Reading such a key in a live context, where it has no live value, reports which key is missing a
/// `liveValue` and how to add one, then serves `testValue`. As in the classic library, every such
/// read reports (the value is computed once), except reads made while values are being set (a
/// `withDependencies` update closure, `prepareDependencies`) and reads of a value
/// `prepareDependencies` gave the key.
///
/// The namespaced spelling of this protocol is `Dependency.Key.Test`.
public protocol TestDependencyKey<Value> {
  /// The type of the dependency's value.
  associatedtype Value: Sendable = Self

  /// The value used in previews. Defaults to ``testValue``; for a ``DependencyKey``, to
  /// ``DependencyKey/liveValue``.
  static var previewValue: Value { get }

  /// The value used in tests.
  static var testValue: Value { get }
}

/// A key for a dependency: the live value used when the app runs, and optionally preview and test
/// values.
///
/// ```swift
/// struct NumberFact: Sendable {
///   var fetch: @Sendable (Int) async throws -> String
/// }
///
/// extension NumberFact: DependencyKey {
///   static let liveValue = NumberFact { number in "\(number) is a good number." }
///   static let testValue = NumberFact { number in "\(number) is a test number." }
/// }
///
/// extension DependencyValues {
///   var numberFact: NumberFact {
///     get { self[NumberFact.self] }
///     set { self[NumberFact.self] = newValue }
///   }
/// }
/// ```
///
/// A read in a preview returns `previewValue`, which defaults to `liveValue`. A read in a test
/// returns `testValue`. A key that implements only `liveValue` has no test implementation: as in the
/// classic library, reading it in a test without an override reports "… has no test implementation,
/// but was accessed from a test context" (once per test, at the line of the `@Dependency` that read
/// it), then serves the live value. That stops tests from quietly calling live services. Give the
/// key a `testValue` (for example made of `unimplemented` endpoints) or override it in the test.
///
/// The namespaced spelling, `Dependency.Key` (``DependencyKeyWithDefaults``), chains silently
/// instead: `testValue` defaults to `previewValue`, which defaults to `liveValue`. A key that every
/// test must override should be a ``StrictDependencyKey``.
public protocol DependencyKey<Value>: TestDependencyKey {
  /// The type of the dependency's value.
  associatedtype Value = Self

  /// The value used when the application runs for real.
  static var liveValue: Value { get }

  // Restated so that `Value` is inferred from `liveValue` alone, rather than from the defaults below.
  /// The value used in previews. Defaults to ``liveValue``.
  static var previewValue: Value { get }

  /// The value used in tests. Defaults to ``previewValue``.
  static var testValue: Value { get }
}

/// A key whose test value falls back to its preview value, and that to its live value, without
/// reporting: the protocol behind the namespaced spelling `Dependency.Key`.
///
/// ```swift
/// struct Greeter: Dependency.Key {
///   var greet: @Sendable (String) -> String
///   static let liveValue = Greeter { "Hello, \($0)!" }
/// }
/// // In a test, @Dependency(Greeter.self) serves liveValue and reports nothing.
/// ```
///
/// A classic ``DependencyKey`` with only a `liveValue` reports when a test reads it without an
/// override; a key declared with the namespaced spelling opts out of that report.
public protocol DependencyKeyWithDefaults<Value>: DependencyKey {
  /// The type of the dependency's value.
  associatedtype Value = Self

  /// The value used when the application runs for real.
  static var liveValue: Value { get }

  /// The value used in previews. Defaults to ``DependencyKey/liveValue``.
  static var previewValue: Value { get }

  /// The value used in tests. Defaults to ``DependencyKey/previewValue``.
  static var testValue: Value { get }
}

/// A key that every test must override.
///
/// Reading a strict key in a test context without an override fails the running test with a
/// message naming the key and the place it was read, then returns the key's `testValue` (which, as
/// for any key, defaults to `previewValue` and then `liveValue`). The other tests keep running.
///
/// ```swift
/// struct PaymentGateway: StrictDependencyKey, Sendable {
///   var charge: @Sendable (Int) async throws -> Void
///   static let liveValue = PaymentGateway { _ in /* talks to the bank */ }
/// }
/// ```
///
/// The namespaced spelling of this protocol is `Dependency.Key.Strict`.
public protocol StrictDependencyKey<Value>: DependencyKey {}

extension TestDependencyKey {
  /// By default a key's preview value is its test value.
  public static var previewValue: Value { testValue }

  /// Whether a `testValue` should report that it is used: `false` while a `withDependencies` or
  /// `prepareDependencies` closure (or a test trait) reads the value in order to change it, `true`
  /// otherwise.
  ///
  /// Use it in a `testValue` that reports its use, so that overriding the value does not report:
  ///
  /// ```swift
  /// extension APIClient: TestDependencyKey {
  ///   static var testValue: APIClient {
  ///     if shouldReportUnimplemented {
  ///       reportIssue("APIClient has no test value. Override it in the test.")
  ///     }
  ///     return APIClient()
  ///   }
  /// }
  /// ```
  public static var shouldReportUnimplemented: Bool {
    !_Setting.isActive
  }
}

extension DependencyKey {
  /// By default a key's preview value is its live value.
  public static var previewValue: Value { liveValue }

  /// A key that implements only its live value has no test implementation: reading it in a test
  /// without an override reports so (once per test, at the line of the `@Dependency` that read
  /// it), then serves ``previewValue``, which defaults to ``liveValue``.
  public static var testValue: Value {
    if shouldReportUnimplemented {
      _DependencyReports.reportNoTestImplementation(Self.self, Value.self)
    }
    return previewValue
  }
}

extension DependencyKeyWithDefaults {
  /// By default a key's preview value is its live value.
  public static var previewValue: Value { liveValue }

  /// By default a key's test value is its preview value, without reporting.
  public static var testValue: Value { previewValue }
}

extension StrictDependencyKey {
  /// By default a key's preview value is its live value.
  public static var previewValue: Value { liveValue }

  /// By default a key's test value is its preview value: never served without a report in a
  /// test, where a strict key must be overridden.
  public static var testValue: Value { previewValue }
}
