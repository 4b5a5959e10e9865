import Dependencies

/// Entering scopes: `withDependencies` with one override nested in contexts of growing size (from
/// none overridden) and in a scope that sets another key, the same scope at the root with no
/// binding around it, the same scope entered on a task (synchronously and with `await`, as a
/// server's request handler enters one), a scope setting three keys, ten nested scopes, nests of
/// scopes that each set a key of their own, and a scope that returns a new model.
func runScopeBenchmarks(_ settings: BenchmarkSettings, _ report: Report, sizes: [Int]) {
  let group = "withDependencies scopes"
  for size in sizes {
    // The outer scope overrides the `size` keys (with none, its values are the root's). The
    // scopes measured are nested in its binding, on a thread outside any task: ours put their
    // values in that binding's place while they run (`_bind(_:over:_:)`); on a task (the rows
    // below) they bind their values anew, as the classic model always does.
    report.measure(
      group, "withDependencies (1 override), \(size) keys in context", parameter: size
    ) {
      withDependencies {
        setting(fillerKeys(size), in: &$0)
      } operation: {
        measure(settings) { iterations in enterScopes(iterations) }
      }
    } baseline: {
      Classic.withDependencies {
        setting(fillerKeys(size), in: &$0)
      } operation: {
        measure(settings) { iterations in enterClassicScopes(iterations) }
      }
    }
  }

  // The same scope nested in one that sets another key (a client), on a thread outside any task.
  report.measure(group, "withDependencies (1 override) nested in a scope setting another key") {
    withDependencies {
      $0.benchClient = otherBenchClient
    } operation: {
      measure(settings) { iterations in enterScopes(iterations) }
    }
  } baseline: {
    Classic.withDependencies {
      $0.benchClient = otherBenchClient
    } operation: {
      measure(settings) { iterations in enterClassicScopes(iterations) }
    }
  }

  // The same scope at the root: no binding around it (a thread's first scope), so each entry
  // binds its values anew, on both sides.
  report.measure(group, "withDependencies (1 override) at the root, 0 keys in context") {
    measure(settings) { iterations in enterScopes(iterations) }
  } baseline: {
    measure(settings) { iterations in enterClassicScopes(iterations) }
  }

  // The same scope entered on a task, as a server's request handler enters it: synchronously (a
  // synchronous helper the handler calls), then with `await`.
  report.measure(group, "withDependencies (1 override) on a task, 0 keys in context") {
    measureOnATask(settings) { iterations in enterScopes(iterations) }
  } baseline: {
    measureOnATask(settings) { iterations in enterClassicScopes(iterations) }
  }
  report.measure(group, "await withDependencies (1 override) on a task, 0 keys in context") {
    measureOnATask(settings) { iterations in
      for i in 0..<iterations {
        await withDependencies {
          $0.benchNumber = i
        } operation: { () async in
          blackHole(i)
        }
      }
    }
  } baseline: {
    measureOnATask(settings) { iterations in
      for i in 0..<iterations {
        await Classic.withDependencies {
          $0.benchNumber = i
        } operation: { () async in
          blackHole(i)
        }
      }
    }
  }

  // A request's scope: three overrides (a number, a client and a tag) at the root, as a server
  // enters one per request.
  report.measure(group, "withDependencies (3 overrides), 0 keys in context") {
    measure(settings) { iterations in
      for i in 0..<iterations {
        withDependencies {
          $0.benchNumber = i
          $0.benchClient = otherBenchClient
          $0.benchTag = "request"
        } operation: {
          blackHole(i)
        }
      }
    }
  } baseline: {
    measure(settings) { iterations in
      for i in 0..<iterations {
        Classic.withDependencies {
          $0.benchNumber = i
          $0.benchClient = otherBenchClient
          $0.benchTag = "request"
        } operation: {
          blackHole(i)
        }
      }
    }
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
  report.measure(group, "10 nested scopes (1 override each), then a read") {
    reads(settings) { _ in
      nestedOurs(10) {
        @Dependency(\.benchNumber) var number
        return number
      }
    }
  } baseline: {
    reads(settings) { _ in
      nestedClassic(10) {
        @Classic.Dependency(\.benchNumber) var number
        return number
      }
    }
  }

  // Nests of scopes that each override a key of their own (layered middleware, test helpers that
  // wrap each other), then a read of the outermost scope's key: eight, nine (ours: the first
  // overlay indexed), sixteen.
  for depth in [8, 9, 16] {
    report.measure(
      group, "\(depth) nested scopes (1 override each, keys of their own), then a read",
      parameter: depth
    ) {
      reads(settings) { _ in
        nestedDistinctOurs(of: depth) {
          @Dependency(Filler<D0, D0, D0, D0>.self) var outermost
          return outermost
        }
      }
    } baseline: {
      reads(settings) { _ in
        nestedDistinctClassic(of: depth) {
          @Classic.Dependency(Filler<D0, D0, D0, D0>.self) var outermost
          return outermost
        }
      }
    }
  }

  // A scope that returns a new model (which the classic library records, with its values, for
  // `withDependencies(from:)`).
  report.measure(group, "withDependencies (1 override) returning a new model") {
    measure(settings) { iterations in
      for i in 0..<iterations {
        blackHole(
          withDependencies {
            $0.benchNumber = i
          } operation: {
            OursSmallModel()
          })
      }
    }
  } baseline: {
    measure(settings) { iterations in
      for i in 0..<iterations {
        blackHole(
          Classic.withDependencies {
            $0.benchNumber = i
          } operation: {
            ClassicSmallModel()
          })
      }
    }
  }
}

/// `iterations` scopes with one override each, entered synchronously (in the current scope).
private func enterScopes(_ iterations: Int) {
  for i in 0..<iterations {
    withDependencies {
      $0.benchNumber = i
    } operation: {
      blackHole(i)
    }
  }
}

/// `enterScopes` with the classic model.
private func enterClassicScopes(_ iterations: Int) {
  for i in 0..<iterations {
    Classic.withDependencies {
      $0.benchNumber = i
    } operation: {
      blackHole(i)
    }
  }
}
