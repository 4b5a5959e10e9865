import Dependencies
import IssueCollecting
import Testing

@Suite struct WithRandomNumberGeneratorTests {
  @Test func liveUsesTheSystemGenerator() {
    let (rolls, reporter) = collectingIssues {
      withDependencies {
        $0.context = .live
      } operation: {
        @Dependency(\.withRandomNumberGenerator) var withRandomNumberGenerator
        return (0..<100).map { _ in
          withRandomNumberGenerator { Int.random(in: 0..<10, using: &$0) }
        }
      }
    }
    #expect(rolls.allSatisfy { (0..<10).contains($0) })
    #expect(reporter.messages.isEmpty)
  }

  /// As in the classic library, the generator has no test value: a test that reads it without
  /// overriding it reports once and gets the system generator.
  @Test func aTestReadWithoutOverrideReportsOnce() {
    let (rolls, reporter) = collectingIssues {
      @Dependency(\.withRandomNumberGenerator) var withRandomNumberGenerator
      return [
        withRandomNumberGenerator { Int.random(in: 1...6, using: &$0) },
        withRandomNumberGenerator { Int.random(in: 1...6, using: &$0) },
      ]
    }
    #expect(rolls.allSatisfy { (1...6).contains($0) })
    #expect(reporter.messages.count == 1)
    #expect(
      reporter.messages.first?.hasPrefix(
        #"@Dependency(\.withRandomNumberGenerator) has no test implementation"#) == true)
  }

  @Test func seededOverrideIsDeterministic() {
    func rolls() -> ([Int], CollectingReporter) {
      collectingIssues {
        withDependencies {
          $0.withRandomNumberGenerator = WithRandomNumberGenerator(LCRNG(seed: 0))
        } operation: {
          @Dependency(\.withRandomNumberGenerator) var withRandomNumberGenerator
          // Each call continues the same sequence.
          return (0..<20).map { _ in
            withRandomNumberGenerator { Int.random(in: 1...6, using: &$0) }
          }
        }
      }
    }
    let (first, firstReporter) = rolls()
    let (second, _) = rolls()
    #expect(first == second)
    #expect(Set(first).count > 1)
    #expect(firstReporter.messages.isEmpty)

    var reference = LCRNG(seed: 0)
    #expect(first == (0..<20).map { _ in Int.random(in: 1...6, using: &reference) })
  }

  @Test func rethrowsErrorsFromTheWork() {
    struct Failure: Error {}
    let generate = WithRandomNumberGenerator(LCRNG(seed: 1))
    #expect(throws: Failure.self) {
      try generate { _ -> Int in throw Failure() }
    }
  }

  @Test func sharedBetweenConcurrentTasks() async {
    let generate = WithRandomNumberGenerator(LCRNG(seed: 7))
    let values = await withTaskGroup(of: UInt64.self) { group in
      for _ in 0..<100 {
        group.addTask { generate { $0.next() } }
      }
      return await group.reduce(into: Set<UInt64>()) { $0.insert($1) }
    }
    var reference = LCRNG(seed: 7)
    #expect(values == Set((0..<100).map { _ in reference.next() }))
  }
}

/// A seeded random number generator (a linear congruential generator), for deterministic tests.
private struct LCRNG: RandomNumberGenerator, Sendable {
  var seed: UInt64
  mutating func next() -> UInt64 {
    seed = 2_862_933_555_777_941_757 &* seed &+ 3_037_000_493
    return seed
  }
}
