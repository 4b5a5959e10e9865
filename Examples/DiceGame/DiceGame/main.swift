// `swift run DiceGame`: three rounds between two players, with real dice.
import DiceGameCore

var game = DiceGame(players: ["Ada", "Grace"])
for number in 1...3 {
  let round = game.playRound()
  let rolls = game.players.map { "\($0) rolled \(round.rolls[$0]!)" }.joined(separator: ", ")
  print("Round \(number): \(rolls) → \(round.winner ?? "tie")")
}
print("Scores: \(game.players.map { "\($0) \(game.scores[$0]!)" }.joined(separator: ", "))")
print("Winner: \(game.leader ?? "nobody, it's a draw")")
