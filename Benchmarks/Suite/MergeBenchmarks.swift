import Dependencies

/// Merging dependency values: `withDependencies(from: model)` laying the current scope over what a
/// model captured (the C trie's own merge is in `TrieMergeBenchmarks.swift`).
func runMergeBenchmarks(_ settings: BenchmarkSettings, _ report: Report, modelSizes: [Int]) {
  let group = "Merges"

  // withDependencies(from:): the model was created where `size` other keys (and benchNumber) were
  // overridden; the current scope overrides another key. Both sides find the model's captured
  // values by reflection (Mirror) and lay the current ones over them: ours merges trie roots, the
  // classic one merges dictionaries.
  for size in modelSizes {
    let keys = fillerKeys(size)
    let oursModel = withDependencies {
      setting(keys, in: &$0)
      $0.benchNumber = 3
    } operation: {
      OursSmallModel()
    }
    let classicModel = Classic.withDependencies {
      setting(keys, in: &$0)
      $0.benchNumber = 3
    } operation: {
      ClassicSmallModel()
    }

    let ours = withDependencies {
      $0.benchClient = otherBenchClient
    } operation: {
      precondition(withDependencies(from: oursModel) { oursModel.number } == 3)
      return measure(settings) { iterations in
        for i in 0..<iterations {
          withDependencies(from: oursModel) { blackHole(i) }
        }
      }
    }
    let classic = Classic.withDependencies {
      $0.benchClient = otherBenchClient
    } operation: {
      precondition(Classic.withDependencies(from: classicModel) { classicModel.number } == 3)
      return measure(settings) { iterations in
        for i in 0..<iterations {
          Classic.withDependencies(from: classicModel) { blackHole(i) }
        }
      }
    }
    report.add(
      row(
        group, "withDependencies(from:), model has \(size) overrides",
        parameter: size, ours, classic))
  }
}
