import Dependencies

/// Reads through the `@Dependency` properties of a model, as users write them: a cached default,
/// an override of the current scope, a value captured in another scope, and reads in contexts
/// holding many overrides. Rows read through `@Dependency(\.key)` unless their name says
/// `@Dependency(Key.self)`.
func runReadBenchmarks(_ settings: BenchmarkSettings, _ report: Report, sizes: [Int]) {
  let group = "@Dependency reads"

  // A model created at the root: outside any scope, in the live context of a process that is not
  // a test.
  let root = Model()
  @Dependency(\.context) var context
  precondition(context == .live)

  // A cached default (the first read computes it; the measurement reads the cached one).
  _ = (root.client, root.clientByType)
  report.measure(group, "cached default, model created at the root") {
    reads(settings) { root.client.fetch($0) }
  }
  report.measure(group, "cached default, model created at the root, @Dependency(Key.self)") {
    reads(settings) { root.clientByType.fetch($0) }
  }

  // The model from the root read in a scope that overrides the key.
  report.measure(group, "overridden key, root model read in the overriding scope") {
    inScope({ $0.benchNumber = 7 }, checking: { root.number == 7 }) {
      reads(settings) { _ in root.number }
    }
  }
  report.measure(
    group, "overridden key, root model read in the overriding scope, @Dependency(Key.self)"
  ) {
    inScope({ $0.benchNumber = 7 }, checking: { root.numberByType == 7 }) {
      reads(settings) { _ in root.numberByType }
    }
  }

  // A model created in scope S1 (which overrides the key) read inside scope S2 (which overrides
  // another key).
  let captured = withDependencies {
    $0.benchNumber = 3
  } operation: {
    Model()
  }
  report.measure(group, "captured in scope S1, read inside scope S2") {
    inScope({ $0.benchClient = otherBenchClient }, checking: { captured.number == 3 }) {
      reads(settings) { _ in captured.number }
    }
  }
  report.measure(group, "captured in scope S1, read inside scope S2, @Dependency(Key.self)") {
    inScope({ $0.benchClient = otherBenchClient }, checking: { captured.numberByType == 3 }) {
      reads(settings) { _ in captured.numberByType }
    }
  }

  // A local `@Dependency` reading an overridden key where N other overrides are in effect.
  for size in sizes {
    report.measure(group, "read, \(size) overrides in context", parameter: size) {
      withDependencies {
        setting(fillerKeys(size), in: &$0)
        $0.benchNumber = 7
      } operation: {
        @Dependency(\.benchNumber) var number
        return reads(settings) { _ in number }
      }
    }
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

/// `body`, run in a scope that `update` enters, where `check` must hold.
private func inScope(
  _ update: (inout DependencyValues) -> Void, checking check: () -> Bool,
  _ body: () -> Measurement
) -> Measurement {
  withDependencies(update) {
    precondition(check())
    return body()
  }
}
