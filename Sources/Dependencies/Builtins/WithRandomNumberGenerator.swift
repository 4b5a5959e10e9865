extension DependencyValues {
  /// A dependency that runs work with a random number generator.
  ///
  /// Generate random values through it instead of the system generator, so that tests can make
  /// them deterministic:
  ///
  /// ```swift
  /// @Dependency(\.withRandomNumberGenerator) var withRandomNumberGenerator
  ///
  /// func rollDie() -> Int {
  ///   withRandomNumberGenerator { Int.random(in: 1...6, using: &$0) }
  /// }
  /// ```
  ///
  /// In a test, supply a seeded generator. The library does not ship one; a linear congruential
  /// generator is enough:
  ///
  /// ```swift
  /// struct LCRNG: RandomNumberGenerator {
  ///   var seed: UInt64
  ///   mutating func next() -> UInt64 {
  ///     seed = 2_862_933_555_777_941_757 &* seed &+ 3_037_000_493
  ///     return seed
  ///   }
  /// }
  ///
  /// withDependencies {
  ///   $0.withRandomNumberGenerator = WithRandomNumberGenerator(LCRNG(seed: 0))
  /// } operation: {
  ///   rollDie()  // the same number on every run
  /// }
  /// ```
  ///
  /// The live value uses `SystemRandomNumberGenerator`. It has no test value: as in the classic
  /// library, a test that reads it without overriding it reports "@Dependency(\.withRandomNumberGenerator)
  /// has no test implementation" (once per test), then gets the live value.
  public var withRandomNumberGenerator: WithRandomNumberGenerator {
    get { self[WithRandomNumberGeneratorKey.self] }
    set { self[WithRandomNumberGeneratorKey.self] = newValue }
  }

  private enum WithRandomNumberGeneratorKey: DependencyKey {
    static let liveValue = WithRandomNumberGenerator(SystemRandomNumberGenerator())
  }
}

/// Runs work with a random number generator: the value of
/// ``DependencyValues/withRandomNumberGenerator``.
///
/// The generator is shared by everything that reads the dependency and is used under a lock, so
/// calls from several tasks each see the next values of one sequence.
///
/// ```swift
/// @Dependency(\.withRandomNumberGenerator) var withRandomNumberGenerator
/// let coin = withRandomNumberGenerator { Bool.random(using: &$0) }
/// ```
///
/// In a test:
///
/// ```swift
/// withDependencies {
///   $0.withRandomNumberGenerator = WithRandomNumberGenerator(LCRNG(seed: 42))
/// } operation: {
///   model.shuffleButtonTapped()
/// }
/// ```
public struct WithRandomNumberGenerator: Sendable {
  private let generator: LockIsolated<any RandomNumberGenerator & Sendable>

  /// Uses `generator` for every call.
  ///
  /// ```swift
  /// let withRandomNumberGenerator = WithRandomNumberGenerator(SystemRandomNumberGenerator())
  /// ```
  public init(_ generator: some RandomNumberGenerator & Sendable) {
    self.generator = LockIsolated(generator)
  }

  /// Runs `work` with exclusive access to the generator and returns its result.
  ///
  /// ```swift
  /// let roll = withRandomNumberGenerator { Int.random(in: 1...6, using: &$0) }
  /// ```
  public func callAsFunction<R: Sendable>(
    _ work: @Sendable (inout any RandomNumberGenerator & Sendable) throws -> R
  ) rethrows -> R {
    try generator.withValue { try work(&$0) }
  }
}
