import Dependencies

// Models as users write them: classes whose dependencies are `@Dependency` properties.

/// A model with each dependency through a key path and through its key type.
// @unchecked Sendable: the property wrappers are only read after initialisation.
final class Model: @unchecked Sendable {
  @Dependency(\.benchClient) var client
  @Dependency(BenchClient.self) var clientByType
  @Dependency(\.benchNumber) var number
  @Dependency(BenchNumberKey.self) var numberByType
}

/// A model with one dependency, as a scope creates many of.
final class SmallModel {
  @Dependency(\.benchNumber) var number
}
