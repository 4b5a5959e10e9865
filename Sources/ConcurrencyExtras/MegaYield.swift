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
  /// Prefer waiting on an explicit signal where one exists; this is a heuristic. For
  /// deterministic ordering, run the test in ``withMainSerialExecutor(operation:)-6s3c0``.
  ///
  /// - Parameter count: How many rounds to yield. By default 20, or the value of the
  ///   `TASK_MEGA_YIELD_COUNT` environment variable (clamped to 0...10,000), read once per
  ///   process.
  public nonisolated(nonsending) static func megaYield(count: Int = _defaultMegaYieldCount) async {
    for _ in 0..<count {
      await Task<Void, Never>.detached(priority: .background) { await Task<Never, Never>.yield() }
        .value
    }
  }
}

/// How many times `Task.megaYield(count:)` yields by default: 20, or the value of the
/// `TASK_MEGA_YIELD_COUNT` environment variable, clamped to 0...10,000, read once per process.
///
/// Public, as in the classic module, where code passes it on (`megaYield(count: _defaultMegaYieldCount)`).
public let _defaultMegaYieldCount = _megaYieldCount(
  environmentValue: getenv("TASK_MEGA_YIELD_COUNT").map { String(cString: $0) }
)

/// The default yield count for a value of `TASK_MEGA_YIELD_COUNT` (`nil`: not set): an integer is
/// clamped to 0...10,000; anything else gives 20.
package func _megaYieldCount(environmentValue: String?) -> Int {
  guard let count = environmentValue.flatMap({ Int($0) }) else { return 20 }
  return max(0, min(count, 10_000))
}
