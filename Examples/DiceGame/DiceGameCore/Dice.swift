import Dependencies

/// Rolls dice: the feature's only source of randomness.
public struct Dice: Sendable {
  /// Rolls one die with `sides` faces.
  public var roll: @Sendable (_ sides: Int) -> Int

  /// A die that calls `roll` for each throw.
  public init(roll: @escaping @Sendable (_ sides: Int) -> Int) {
    self.roll = roll
  }
}

extension Dice: DependencyKey {
  /// Real randomness when the game runs.
  public static let liveValue = Dice { sides in Int.random(in: 1...sides) }
  /// Tests must say what the dice show: a roll they did not pin fails the test.
  public static let testValue = Dice(roll: unimplemented("Dice.roll", placeholder: 1))
}

extension DependencyValues {
  /// The dice the game rolls.
  public var dice: Dice {
    get { self[Dice.self] }
    set { self[Dice.self] = newValue }
  }
}
