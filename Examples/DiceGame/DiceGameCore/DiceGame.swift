import Dependencies

// snippet: game
/// A game of dice: each round every player rolls two dice, and the highest total scores a point.
public struct DiceGame: Sendable {
  @Dependency(\.dice) var dice

  public let players: [String]
  public private(set) var scores: [String: Int]

  public init(players: [String]) {
    self.players = players
    self.scores = Dictionary(uniqueKeysWithValues: players.map { ($0, 0) })
  }

  /// Plays one round and scores it.
  public mutating func playRound() -> Round {
    var rolls: [String: [Int]] = [:]
    for player in players {
      rolls[player] = [dice.roll(6), dice.roll(6)]
    }
    let totals = rolls.mapValues { $0.reduce(0, +) }
    let leaders = players.filter { totals[$0] == totals.values.max() }
    let winner = leaders.count == 1 ? leaders[0] : nil
    if let winner { scores[winner, default: 0] += 1 }
    return Round(rolls: rolls, winner: winner)
  }
}
// end snippet: game

extension DiceGame {
  /// One round: what each player rolled, and who won it (nil on a tie for the highest total).
  public struct Round: Equatable, Sendable {
    /// The two dice each player rolled.
    public var rolls: [String: [Int]]
    /// The player with the highest total, or nil on a tie.
    public var winner: String?

    public init(rolls: [String: [Int]], winner: String?) {
      self.rolls = rolls
      self.winner = winner
    }
  }

  /// The player with the most points, or nil on a tie.
  public var leader: String? {
    let leaders = players.filter { scores[$0] == scores.values.max() }
    return leaders.count == 1 ? leaders[0] : nil
  }
}
