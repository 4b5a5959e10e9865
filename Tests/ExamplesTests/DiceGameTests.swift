import DependenciesTestSupport
import DiceGameCore
import Testing

@Suite struct DiceGameTests {
  // snippet: tests
  // The trait pins the dice for this test: every roll shows a six.
  @Test(.dependency(\.dice, Dice { _ in 6 }))
  func equalTotalsAreATie() {
    var game = DiceGame(players: ["Ada", "Grace"])
    let round = game.playRound()
    #expect(round.rolls == ["Ada": [6, 6], "Grace": [6, 6]])
    #expect(round.winner == nil)
  }

  // No trait: the test still has dependencies of its own; it pins the dice for the game it makes.
  @Test func highestTotalScoresAPoint() {
    let faces = LockIsolated([6, 5, 1, 2])
    var game = withDependencies {
      $0.dice.roll = { _ in faces.withValue { $0.removeFirst() } }
    } operation: {
      DiceGame(players: ["Ada", "Grace"])
    }
    #expect(game.playRound().winner == "Ada")
    #expect(game.scores == ["Ada": 1, "Grace": 0])
  }
  // end snippet: tests

  @Test func scoresAccumulateOverRounds() {
    let faces = LockIsolated([6, 5, 1, 2, 3, 3, 4, 4])
    var game = withDependencies {
      $0.dice.roll = { _ in faces.withValue { $0.removeFirst() } }
    } operation: {
      DiceGame(players: ["Ada", "Grace"])
    }
    let first = game.playRound()
    #expect(first == DiceGame.Round(rolls: ["Ada": [6, 5], "Grace": [1, 2]], winner: "Ada"))
    #expect(game.playRound().winner == "Grace")
    #expect(game.scores == ["Ada": 1, "Grace": 1])
    #expect(game.leader == nil)
  }

  @Test func diceRollTheNumberOfSidesAsked() {
    let sides = LockIsolated<[Int]>([])
    var game = withDependencies {
      $0.dice.roll = { count in
        sides.withValue { $0.append(count) }
        return 1
      }
    } operation: {
      DiceGame(players: ["Ada"])
    }
    _ = game.playRound()
    #expect(sides.value == [6, 6])
  }

  // Dice that a test did not pin fail the test: their test value is `unimplemented`.
  @Test func unpinnedDiceFailTheTest() {
    var game = DiceGame(players: ["Ada"])
    withKnownIssue {
      _ = game.playRound()
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("Unimplemented: Dice.roll") }
    }
  }
}
