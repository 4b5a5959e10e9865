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
/// `liveValue` and how to add one (once per key), then serves `testValue`.
///
/// The namespaced spelling of this protocol is `Dependency.Key.Test`.
public protocol TestDependencyKey {
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
/// Defaults chain from the most specific context to the least: a read in a test returns
/// `testValue`, which defaults to `previewValue`, which defaults to `liveValue`. A key that every
/// test must override should be a ``StrictDependencyKey`` instead; if its live value must never run
/// in a test, also give it a `testValue` made of `unimplemented` endpoints.
///
/// The namespaced spelling of this protocol is `Dependency.Key`.
public protocol DependencyKey: TestDependencyKey {
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
public protocol StrictDependencyKey: DependencyKey {}

extension TestDependencyKey {
  /// By default a key's preview value is its test value.
  public static var previewValue: Value { testValue }
}

extension DependencyKey {
  /// By default a key's preview value is its live value.
  public static var previewValue: Value { liveValue }

  /// By default a key's test value is its preview value.
  public static var testValue: Value { previewValue }
}
