import Dependencies

/// Entering scopes: `withDependencies` with one override nested in contexts of growing size (from
/// none overridden) and in a scope that sets another key, the same scope at the root with no
/// binding around it, the same scope entered on a task (synchronously and with `await`, as a
/// server's request handler enters one), a scope setting three keys, ten nested scopes setting one
/// key, 8, 9, 10 and 16 nested scopes each setting a key of their own, and a scope that returns a
/// new model.
func runScopeBenchmarks(_ settings: BenchmarkSettings, _ report: Report, sizes: [Int]) {
  let group = "withDependencies scopes"
  for size in sizes {
    // The outer scope overrides the `size` keys (with none, its values are the root's). The
    // scopes measured are nested in its binding, on a thread outside any task: this package's put
    // their values in that binding's place while they run (`_bind(_:over:_:)`); on a task (the
    // rows below) they bind their values anew, as the classic library's always do.
    report.measure(
      group, "withDependencies (1 override), \(size) keys in context", parameter: size
    ) {
      withDependencies {
        setting(fillerKeys(size), in: &$0)
      } operation: {
        measure(settings) { iterations in enterScopes(iterations) }
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
  }

  // The same scope at the root: no binding around it (a thread's first scope), so each entry
  // binds its values anew, in both implementations.
  report.measure(group, "withDependencies (1 override) at the root, 0 keys in context") {
    measure(settings) { iterations in enterScopes(iterations) }
  }

  // The same scope entered on a task, as a server's request handler enters it: synchronously (a
  // synchronous helper the handler calls), then with `await`.
  report.measure(group, "withDependencies (1 override) on a task, 0 keys in context") {
    measureOnATask(settings) { iterations in enterScopes(iterations) }
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
  }

  // Ten nested scopes, each overriding the same key, then one read of it.
  func nested(_ depth: Int, _ body: () -> Int) -> Int {
    if depth == 0 { return body() }
    return withDependencies {
      $0.benchNumber = depth
    } operation: {
      nested(depth - 1, body)
    }
  }
  report.measure(group, "10 nested scopes (1 override each), then a read") {
    reads(settings) { _ in
      nested(10) {
        @Dependency(\.benchNumber) var number
        return number
      }
    }
  }

  // Nested scopes, each overriding a key of its own, as layers of middleware around a request's
  // handler each set theirs (a request id, a logger, a user, ...), then one read of the key the
  // outermost scope set: eight, nine (this package's first indexed overlay), ten and sixteen.
  func nestedSettingDistinctKeys(_ level: Int, of depth: Int, _ body: () -> Int) -> Int {
    if level == depth { return body() }
    return withDependencies(distinctKeyUpdates[level]) {
      nestedSettingDistinctKeys(level + 1, of: depth, body)
    }
  }
  func readOutermostKey() -> Int {
    @Dependency(\.benchNumber) var number
    return number
  }
  for depth in [8, 9, 10, 16] {
    precondition(nestedSettingDistinctKeys(0, of: depth, readOutermostKey) == 1)
    report.measure(group, "\(depth) nested scopes (a different key each), then a read") {
      reads(settings) { _ in nestedSettingDistinctKeys(0, of: depth, readOutermostKey) }
    }
  }

  // A scope that returns a new model (which both libraries record, with its values, for
  // `withDependencies(from:)`).
  report.measure(group, "withDependencies (1 override) returning a new model") {
    measure(settings) { iterations in
      for i in 0..<iterations {
        blackHole(
          withDependencies {
            $0.benchNumber = i
          } operation: {
            SmallModel()
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

/// The updates of up to sixteen nested scopes that each set a key of their own: the outermost
/// `\.benchNumber`, each of those inside it a `Filler` key.
private let distinctKeyUpdates: [@Sendable (inout DependencyValues) -> Void] = [
  { $0.benchNumber = 1 },
  { $0[Filler<D0, D0, D0, D1>.self] = 2 },
  { $0[Filler<D0, D0, D0, D2>.self] = 3 },
  { $0[Filler<D0, D0, D0, D3>.self] = 4 },
  { $0[Filler<D0, D0, D0, D4>.self] = 5 },
  { $0[Filler<D0, D0, D0, D5>.self] = 6 },
  { $0[Filler<D0, D0, D0, D6>.self] = 7 },
  { $0[Filler<D0, D0, D0, D7>.self] = 8 },
  { $0[Filler<D0, D0, D0, D8>.self] = 9 },
  { $0[Filler<D0, D0, D0, D9>.self] = 10 },
  { $0[Filler<D0, D0, D1, D0>.self] = 11 },
  { $0[Filler<D0, D0, D1, D1>.self] = 12 },
  { $0[Filler<D0, D0, D1, D2>.self] = 13 },
  { $0[Filler<D0, D0, D1, D3>.self] = 14 },
  { $0[Filler<D0, D0, D1, D4>.self] = 15 },
  { $0[Filler<D0, D0, D1, D5>.self] = 16 },
]
