import Dependencies

/// Reads through `@Dependency`: a cached default, an override, a value captured in another scope,
/// and reads in contexts holding many overrides.
func runReadBenchmarks(_ settings: BenchmarkSettings, _ report: Report, sizes: [Int]) {
  let group = "@Dependency reads"
  let live = { (values: inout DependencyValues) in values.context = .live }
  let classicLive = { (values: inout Classic.Values) in values.context = .live }

  // A cached default (the first read computes it; the measurement reads the cached one).
  let oursDefault = withDependencies(live) {
    @Dependency(\.benchClient) var client
    _ = client
    return measure(settings) { iterations in
      var sum = 0
      for i in 0..<iterations { sum &+= client.fetch(i) }
      blackHole(sum)
    }
  }
  let classicDefault = Classic.withDependencies(classicLive) {
    @Classic.Dependency(\.benchClient) var client
    _ = client
    return measure(settings) { iterations in
      var sum = 0
      for i in 0..<iterations { sum &+= client.fetch(i) }
      blackHole(sum)
    }
  }
  report.add(row(group, "cached default, @Dependency(\\.key)", oursDefault, classicDefault))
  let oursDefaultByType = withDependencies(live) {
    @Dependency(BenchClient.self) var client
    _ = client
    return measure(settings) { iterations in
      var sum = 0
      for i in 0..<iterations { sum &+= client.fetch(i) }
      blackHole(sum)
    }
  }
  report.add(
    row(group, "cached default, @Dependency(Key.self)", oursDefaultByType, classicDefault))

  // An override of the current scope.
  let oursOverride = withDependencies({
    live(&$0); $0.benchNumber = 7
  }) {
    @Dependency(\.benchNumber) var number
    return measure(settings) { iterations in
      var sum = 0
      for _ in 0..<iterations { sum &+= number }
      blackHole(sum)
    }
  }
  let classicOverride = Classic.withDependencies({
    classicLive(&$0); $0.benchNumber = 7
  }) {
    @Classic.Dependency(\.benchNumber) var number
    return measure(settings) { iterations in
      var sum = 0
      for _ in 0..<iterations { sum &+= number }
      blackHole(sum)
    }
  }
  report.add(row(group, "overridden key", oursOverride, classicOverride))

  // A value captured where a model was created, read after that scope ended.
  final class OursModel: @unchecked Sendable { @Dependency(\.benchNumber) var number }
  // @unchecked Sendable: property wrappers of `let`-like use; the models are never mutated.
  final class ClassicModel: @unchecked Sendable { @Classic.Dependency(\.benchNumber) var number }
  let oursModel = withDependencies({
    live(&$0); $0.benchNumber = 3
  }) { OursModel() }
  let classicModel = Classic.withDependencies({
    classicLive(&$0); $0.benchNumber = 3
  }) {
    ClassicModel()
  }
  let oursCaptured = withDependencies(live) {
    measure(settings) { iterations in
      var sum = 0
      for _ in 0..<iterations { sum &+= oursModel.number }
      blackHole(sum)
    }
  }
  let classicCaptured = Classic.withDependencies(classicLive) {
    measure(settings) { iterations in
      var sum = 0
      for _ in 0..<iterations { sum &+= classicModel.number }
      blackHole(sum)
    }
  }
  report.add(row(group, "captured in one scope, read in another", oursCaptured, classicCaptured))

  // An overridden key read where N other overrides are in effect.
  for size in sizes {
    let keys = fillerKeys(size)
    let ours = withDependencies({
      live(&$0)
      setting(keys, in: &$0)
      $0.benchNumber = 7
    }) {
      @Dependency(\.benchNumber) var number
      return measure(settings) { iterations in
        var sum = 0
        for _ in 0..<iterations { sum &+= number }
        blackHole(sum)
      }
    }
    let classic = Classic.withDependencies({
      classicLive(&$0)
      setting(keys, in: &$0)
      $0.benchNumber = 7
    }) {
      @Classic.Dependency(\.benchNumber) var number
      return measure(settings) { iterations in
        var sum = 0
        for _ in 0..<iterations { sum &+= number }
        blackHole(sum)
      }
    }
    report.add(row(group, "read, \(size) overrides in context", parameter: size, ours, classic))
  }
}
