import Dependencies

/// Entering scopes: one override on top of contexts of growing size, and ten nested scopes.
func runScopeBenchmarks(_ settings: BenchmarkSettings, _ report: Report, sizes: [Int]) {
  let group = "withDependencies scopes"
  for size in sizes {
    let keys = fillerKeys(size)
    let ours = withDependencies({
      $0.context = .live
      setting(keys, in: &$0)
    }) {
      measure(settings) { iterations in
        for i in 0..<iterations {
          withDependencies {
            $0.benchNumber = i
          } operation: {
            blackHole(i)
          }
        }
      }
    }
    let classic = Classic.withDependencies({
      $0.context = .live
      setting(keys, in: &$0)
    }) {
      measure(settings) { iterations in
        for i in 0..<iterations {
          Classic.withDependencies {
            $0.benchNumber = i
          } operation: {
            blackHole(i)
          }
        }
      }
    }
    report.add(
      row(group, "enter scope with 1 override, \(size) keys", parameter: size, ours, classic))
  }

  // Ten nested scopes, each overriding one key, then one read.
  func nestedOurs(_ depth: Int, _ body: () -> Int) -> Int {
    if depth == 0 { return body() }
    return withDependencies {
      $0.benchNumber = depth
    } operation: {
      nestedOurs(depth - 1, body)
    }
  }
  func nestedClassic(_ depth: Int, _ body: () -> Int) -> Int {
    if depth == 0 { return body() }
    return Classic.withDependencies {
      $0.benchNumber = depth
    } operation: {
      nestedClassic(depth - 1, body)
    }
  }
  let ours = withDependencies({ $0.context = .live }) {
    measure(settings) { iterations in
      var sum = 0
      for _ in 0..<iterations {
        sum &+= nestedOurs(10) {
          @Dependency(\.benchNumber) var number
          return number
        }
      }
      blackHole(sum)
    }
  }
  let classic = Classic.withDependencies({ $0.context = .live }) {
    measure(settings) { iterations in
      var sum = 0
      for _ in 0..<iterations {
        sum &+= nestedClassic(10) {
          @Classic.Dependency(\.benchNumber) var number
          return number
        }
      }
      blackHole(sum)
    }
  }
  report.add(row(group, "10 nested scopes, then a read", ours, classic))
}
