// The namespaced spelling of the API: `Dependency.Key`, `Dependency.Values`, `Dependency.Context`,
// `Dependency.Continuation`, `Dependency.Key.Test` and `Dependency.Key.Strict` name the same types as
// the classic `DependencyKey`, `DependencyValues`, `DependencyContext`,
// `DependencyValues.Continuation`, `TestDependencyKey` and `StrictDependencyKey`.
//
// ```swift
// struct Greeter: Dependency.Key {
//   var greet: @Sendable (String) -> String
//   static let liveValue = Greeter { "Hello, \($0)!" }
// }
//
// extension Dependency.Values {
//   var greeter: Greeter {
//     get { self[Greeter.self] }
//     set { self[Greeter.self] = newValue }
//   }
// }
// ```

extension Dependency {
  /// A key for a dependency. The same protocol as ``DependencyKey``.
  public typealias Key = DependencyKey
  /// The dependencies in effect. The same type as ``DependencyValues``.
  public typealias Values = DependencyValues
  /// The context dependencies resolve in. The same type as ``DependencyContext``.
  public typealias Context = DependencyContext
  /// Dependencies carried into escaping work. The same type as ``DependencyValues/Continuation``.
  public typealias Continuation = DependencyValues.Continuation
}

extension DependencyKey {
  /// A key with a test value and no live value: `Dependency.Key.Test`, the same protocol as
  /// ``TestDependencyKey``.
  public typealias Test = TestDependencyKey
  /// A key every test must override: `Dependency.Key.Strict`, the same protocol as
  /// ``StrictDependencyKey``.
  public typealias Strict = StrictDependencyKey
}
