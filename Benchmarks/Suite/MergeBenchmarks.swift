import Dependencies

/// Merging dependency values: `withDependencies(from: model)` laying the current scope over what a
/// model captured (this package's C trie merge, beside a dictionary merge, is in
/// Benchmarks/Suite/ThisPackage/TrieMergeBenchmarks.swift).
func runMergeBenchmarks(_ settings: BenchmarkSettings, _ report: Report, modelSizes: [Int]) {
  let group = "Merges"

  // withDependencies(from:): the model was created where `size` other keys (and benchNumber) were
  // overridden; the current scope overrides another key. Both libraries find the model's captured
  // values by reflection (Mirror) and lay the current ones over them: this package merges trie
  // roots, the classic library merges dictionaries.
  for size in modelSizes {
    report.measure(
      group, "withDependencies(from:), model has \(size) overrides", parameter: size
    ) {
      let model = withDependencies {
        setting(fillerKeys(size), in: &$0)
        $0.benchNumber = 3
      } operation: {
        SmallModel()
      }
      return withDependencies {
        $0.benchClient = otherBenchClient
      } operation: {
        precondition(withDependencies(from: model) { model.number } == 3)
        return measure(settings) { iterations in
          for i in 0..<iterations {
            withDependencies(from: model) { blackHole(i) }
          }
        }
      }
    }
  }
}
