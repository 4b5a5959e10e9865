import Dependencies

/// Reads through the `@Dependency` properties of a model, as users write them: a cached default,
/// an override of the current scope, a value captured in another scope, and reads in contexts
/// holding many overrides. Rows read through `@Dependency(\.key)` unless their name says
/// `@Dependency(Key.self)`.
func runReadBenchmarks(_ settings: BenchmarkSettings, _ report: Report, sizes: [Int]) {
  let group = "@Dependency reads"

  // Models created at the root: outside any scope, in the live context of a process that is not a
  // test.
  let oursRoot = OursModel()
  let classicRoot = ClassicModel()
  @Dependency(\.context) var context
  precondition(context == .live && Classic.Values.current.context == .live)

  // A cached default (the first read computes it; the measurement reads the cached one).
  _ = (oursRoot.client, oursRoot.clientByType, classicRoot.client, classicRoot.clientByType)
  report.add(
    row(
      group, "cached default, model created at the root",
      reads(settings) { oursRoot.client.fetch($0) },
      reads(settings) { classicRoot.client.fetch($0) }))
  report.add(
    row(
      group, "cached default, model created at the root, @Dependency(Key.self)",
      reads(settings) { oursRoot.clientByType.fetch($0) },
      reads(settings) { classicRoot.clientByType.fetch($0) }))

  // The model from the root read in a scope that overrides the key.
  let oursOverride = withDependencies {
    $0.benchNumber = 7
  } operation: {
    precondition(oursRoot.number == 7 && oursRoot.numberByType == 7)
    return (
      reads(settings) { _ in oursRoot.number }, reads(settings) { _ in oursRoot.numberByType }
    )
  }
  let classicOverride = Classic.withDependencies {
    $0.benchNumber = 7
  } operation: {
    precondition(classicRoot.number == 7 && classicRoot.numberByType == 7)
    return (
      reads(settings) { _ in classicRoot.number },
      reads(settings) { _ in classicRoot.numberByType }
    )
  }
  report.add(
    row(
      group, "overridden key, root model read in the overriding scope", oursOverride.0,
      classicOverride.0))
  report.add(
    row(
      group, "overridden key, root model read in the overriding scope, @Dependency(Key.self)",
      oursOverride.1, classicOverride.1))

  // A model created in scope S1 (which overrides the key) read inside scope S2 (which overrides
  // another key).
  let oursCaptured = withDependencies {
    $0.benchNumber = 3
  } operation: {
    OursModel()
  }
  let classicCaptured = Classic.withDependencies {
    $0.benchNumber = 3
  } operation: {
    ClassicModel()
  }
  let oursInS2 = withDependencies {
    $0.benchClient = otherBenchClient
  } operation: {
    precondition(oursCaptured.number == 3 && oursCaptured.numberByType == 3)
    return (
      reads(settings) { _ in oursCaptured.number },
      reads(settings) { _ in oursCaptured.numberByType }
    )
  }
  let classicInS2 = Classic.withDependencies {
    $0.benchClient = otherBenchClient
  } operation: {
    precondition(classicCaptured.number == 3 && classicCaptured.numberByType == 3)
    return (
      reads(settings) { _ in classicCaptured.number },
      reads(settings) { _ in classicCaptured.numberByType }
    )
  }
  report.add(row(group, "captured in scope S1, read inside scope S2", oursInS2.0, classicInS2.0))
  report.add(
    row(
      group, "captured in scope S1, read inside scope S2, @Dependency(Key.self)", oursInS2.1,
      classicInS2.1))

  // A local `@Dependency` reading an overridden key where N other overrides are in effect.
  for size in sizes {
    let keys = fillerKeys(size)
    let ours = withDependencies {
      setting(keys, in: &$0)
      $0.benchNumber = 7
    } operation: {
      @Dependency(\.benchNumber) var number
      return reads(settings) { _ in number }
    }
    let classic = Classic.withDependencies {
      setting(keys, in: &$0)
      $0.benchNumber = 7
    } operation: {
      @Classic.Dependency(\.benchNumber) var number
      return reads(settings) { _ in number }
    }
    report.add(row(group, "read, \(size) overrides in context", parameter: size, ours, classic))
  }
}

/// Measures `read`, called once per operation with the operation's index; sums what it returns.
@inline(__always)
func reads(_ settings: BenchmarkSettings, _ read: (Int) -> Int) -> Measurement {
  measure(settings) { iterations in
    var sum = 0
    for i in 0..<iterations { sum &+= read(i) }
    blackHole(sum)
  }
}
