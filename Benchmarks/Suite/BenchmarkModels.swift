import Dependencies

// Models as users write them: classes whose dependencies are `@Dependency` properties, one class
// for ours and one for the classic baseline, with the same properties.

/// A model of ours: each dependency through a key path and through its key type.
// @unchecked Sendable: the property wrappers are only read after initialisation.
final class OursModel: @unchecked Sendable {
  @Dependency(\.benchClient) var client
  @Dependency(BenchClient.self) var clientByType
  @Dependency(\.benchNumber) var number
  @Dependency(BenchNumberKey.self) var numberByType
}

/// The same model with the classic baseline's `@Dependency`.
// @unchecked Sendable: the property wrappers are only read after initialisation.
final class ClassicModel: @unchecked Sendable {
  @Classic.Dependency(\.benchClient) var client
  @Classic.Dependency(BenchClient.self) var clientByType
  @Classic.Dependency(\.benchNumber) var number
  @Classic.Dependency(BenchNumberKey.self) var numberByType
}

/// A model with one dependency, as a scope creates many of.
final class OursSmallModel {
  @Dependency(\.benchNumber) var number
}

/// The same with the classic baseline's `@Dependency`.
final class ClassicSmallModel {
  @Classic.Dependency(\.benchNumber) var number
}
