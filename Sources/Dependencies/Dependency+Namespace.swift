// The namespaced spelling of the API: `Dependency.Values`, `Dependency.Context`,
// `Dependency.Continuation`, `Dependency.Key.Test` and `Dependency.Key.Strict` name the same types as
// the classic `DependencyValues`, `DependencyContext`, `DependencyValues.Continuation`,
// `TestDependencyKey` and `StrictDependencyKey`. `Dependency.Key` is `DependencyKeyWithDefaults`, a
// `DependencyKey` whose test value falls back to its live value silently, where a classic
// `DependencyKey` with only a live value reports when a test reads it.
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
  /// A key for a dependency: ``DependencyKeyWithDefaults``, a ``DependencyKey`` whose test value
  /// falls back to its live value without reporting.
  public typealias Key = DependencyKeyWithDefaults
  /// The dependencies in effect. The same type as ``DependencyValues``.
  public typealias Values = DependencyValues
  /// The context dependencies resolve in. The same type as ``DependencyContext``.
  public typealias Context = DependencyContext
  /// Dependencies carried into escaping work. The same type as ``DependencyValues/Continuation``.
  public typealias Continuation = DependencyValues.Continuation
}

// The two member typealiases below are what makes `Dependency.Key.Test` and `Dependency.Key.Strict`
// spellable. A typealias in a protocol extension is a member of every conforming type, and would
// shadow, inside the conforming type's body, any outer type of the same name (a user's own `Test`
// or `Strict`, Swift Testing's `Test`). So they extend `Dependency.Key` (`DependencyKeyWithDefaults`)
// only: a classic `DependencyKey` or `TestDependencyKey` gains no member, and classic code keeps its
// names. A key declared with the namespaced spelling has them; inside its body, an outer `Test` or
// `Strict` is spelled with its module (`Testing.Test`).
extension DependencyKeyWithDefaults {
  /// A key with a test value and no live value: `Dependency.Key.Test`, the same protocol as
  /// ``TestDependencyKey``.
  public typealias Test = TestDependencyKey
  /// A key every test must override: `Dependency.Key.Strict`, the same protocol as
  /// ``StrictDependencyKey``.
  public typealias Strict = StrictDependencyKey
}
