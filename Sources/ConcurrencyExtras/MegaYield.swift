#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension Task where Success == Never, Failure == Never {
  /// Suspends the current task many times, giving other tasks ample opportunity to run.
  ///
  /// Each of the `count` rounds awaits a detached, low-priority task that itself yields, so that
  /// work enqueued on other executors gets a chance to make progress. `TestClock` uses it to let
  /// woken sleepers run before time moves on.
  ///
  /// ```swift
  /// Task { await model.onAppear() }
  /// await Task.megaYield()
  /// #expect(model.isLoading)
  /// ```
  ///
  /// In a test, let work started by a feature reach its first suspension point:
  ///
  /// ```swift
  /// let model = withDependencies {
  ///   $0.continuousClock = clock
  /// } operation: {
  ///   SearchModel()
  /// }
  /// model.queryChanged("blob")
  /// await Task.megaYield()
  /// await clock.advance(by: .milliseconds(300))
  /// ```
  ///
  /// Prefer waiting on an explicit signal where one exists; this is a heuristic.
  public static func megaYield(count: Int = _defaultMegaYieldCount) async {
    for _ in 0..<count {
      await Task<Void, Never>.detached(priority: .background) { await Task<Never, Never>.yield() }
        .value
    }
  }
}

/// How many times ``_Concurrency/Task/megaYield(count:)`` yields by default: 20, or the value of
/// the `TASK_MEGA_YIELD_COUNT` environment variable (at most 10,000).
public let _defaultMegaYieldCount: Int = {
  guard let text = getenv("TASK_MEGA_YIELD_COUNT").map({ String(cString: $0) }),
    let count = Int(text)
  else { return 20 }
  return max(0, min(count, 10_000))
}()
