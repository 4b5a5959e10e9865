import Dependencies

/// Entering scopes: `withDependencies` with one override nested in contexts of growing size (from
/// none overridden), the same scope at the root with no binding around it, the same scope entered
/// on a task (synchronously and with `await`, as a server's request handler enters one), a scope
/// setting three keys, ten nested scopes, and a scope that returns a new model.
func runScopeBenchmarks(_ settings: BenchmarkSettings, _ report: Report, sizes: [Int]) {
  let group = "withDependencies scopes"
  for size in sizes {
    let keys = fillerKeys(size)
    // The outer scope overrides the `size` keys (with none, its values are the root's). The
    // scopes measured are nested in its binding, on a thread outside any task: ours put their
    // values in that binding's place while they run (`_bind(_:over:_:)`); on a task (the rows
    // below) they bind their values anew, as the classic model always does.
    let ours = withDependencies {
      setting(keys, in: &$0)
    } operation: {
      measure(settings) { iterations in enterScopes(iterations) }
    }
    let classic = Classic.withDependencies {
      setting(keys, in: &$0)
    } operation: {
      measure(settings) { iterations in enterClassicScopes(iterations) }
    }
    report.add(
      row(
        group, "withDependencies (1 override), \(size) keys in context", parameter: size, ours,
        classic))
  }

  // The same scope at the root: no binding around it (a thread's first scope), so each entry
  // binds its values anew, on both sides.
  let oursAtTheRoot = measure(settings) { iterations in enterScopes(iterations) }
  let classicAtTheRoot = measure(settings) { iterations in enterClassicScopes(iterations) }
  report.add(
    row(
      group, "withDependencies (1 override) at the root, 0 keys in context", oursAtTheRoot,
      classicAtTheRoot))

  // The same scope entered on a task, as a server's request handler enters it: synchronously (a
  // synchronous helper the handler calls), then with `await`.
  let oursOnATask = measureOnATask(settings) { iterations in enterScopes(iterations) }
  let classicOnATask = measureOnATask(settings) { iterations in enterClassicScopes(iterations) }
  report.add(
    row(
      group, "withDependencies (1 override) on a task, 0 keys in context", oursOnATask,
      classicOnATask))
  let oursAwaited = measureOnATask(settings) { iterations in
    for i in 0..<iterations {
      await withDependencies {
        $0.benchNumber = i
      } operation: { () async in
        blackHole(i)
      }
    }
  }
  let classicAwaited = measureOnATask(settings) { iterations in
    for i in 0..<iterations {
      await Classic.withDependencies {
        $0.benchNumber = i
      } operation: { () async in
        blackHole(i)
      }
    }
  }
  report.add(
    row(
      group, "await withDependencies (1 override) on a task, 0 keys in context", oursAwaited,
      classicAwaited))

  // A request's scope: three overrides (a number, a client and a tag) at the root, as a server
  // enters one per request.
  let oursRequest = measure(settings) { iterations in
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
  let classicRequest = measure(settings) { iterations in
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
  report.add(
    row(group, "withDependencies (3 overrides), 0 keys in context", oursRequest, classicRequest))

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
  let ours = reads(settings) { _ in
    nestedOurs(10) {
      @Dependency(\.benchNumber) var number
      return number
    }
  }
  let classic = reads(settings) { _ in
    nestedClassic(10) {
      @Classic.Dependency(\.benchNumber) var number
      return number
    }
  }
  report.add(row(group, "10 nested scopes (1 override each), then a read", ours, classic))

  // A scope that returns a new model (which the classic library records, with its values, for
  // `withDependencies(from:)`).
  let oursModels = measure(settings) { iterations in
    for i in 0..<iterations {
      blackHole(
        withDependencies {
          $0.benchNumber = i
        } operation: {
          OursSmallModel()
        })
    }
  }
  let classicModels = measure(settings) { iterations in
    for i in 0..<iterations {
      blackHole(
        Classic.withDependencies {
          $0.benchNumber = i
        } operation: {
          ClassicSmallModel()
        })
    }
  }
  report.add(
    row(group, "withDependencies (1 override) returning a new model", oursModels, classicModels))
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
