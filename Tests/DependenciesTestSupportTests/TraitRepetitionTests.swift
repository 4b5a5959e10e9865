import ChildTestRun
import DependenciesTestSupport
import Testing

/// With `--repetitions`, the `.dependencies` trait starts every iteration of a test that is not
/// parameterized with a fresh cache (without the trait, its iterations share one: see
/// `TestCacheRunTests` in DependenciesTests).
@Suite(.enabled(if: ChildTestRun.isSupported, "child runs need /proc/self/exe (Linux)"))
struct TraitRepetitionTests {
  @Test func everyIterationStartsFreshWithTheTrait() async throws {
    let run = try await ChildTestRun.run(
      "trait-repetitions", filter: "TraitRepetitionChild/", arguments: ["--repetitions", "3"])
    #expect(run.status == 0, "\(run)")
    #expect(run.output.contains("Iteration 3 ended"), "\(run)")
    #expect(!run.output.contains("share its cached dependency values"), "\(run)")
  }
}

/// The test `TraitRepetitionTests` runs in a child process; skipped in any other run.
@Suite(
  .enabled(
    if: ChildTestRun.isChild("trait-repetitions"), "runs only in TraitRepetitionTests' child run")
)
struct TraitRepetitionChild {
  @Test(.dependencies) func countsFromOneInEveryIteration() {
    @Dependency(\.stepCounter) var counter
    #expect(counter.next() == 1)
  }
}
