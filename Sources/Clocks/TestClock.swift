import ConcurrencyExtras
import IssueReporting

/// A clock whose time moves only when a test says so.
///
/// Sleeps on a test clock suspend until the test advances the clock past their deadline with
/// ``advance(by:)``, ``advance(to:)`` or ``run(timeout:fileID:filePath:line:column:)``. That makes
/// time-based logic (debouncing, timers, timeouts) testable without waiting for real time:
///
/// ```swift
/// let clock = TestClock()
/// Task {
///   try await clock.sleep(for: .seconds(5))
///   print("Five seconds later")
/// }
/// await clock.advance(by: .seconds(5))  // prints "Five seconds later"
/// ```
///
/// In a test, pass it to the feature as its clock:
///
/// ```swift
/// @Test func timerTicks() async {
///   let clock = TestClock()
///   let model = withDependencies {
///     $0.continuousClock = clock
///   } operation: {
///     TimerModel()
///   }
///   let task = Task { await model.startTimer() }
///   await clock.advance(by: .seconds(3))
///   #expect(model.ticks == 3)
///   task.cancel()
/// }
/// ```
///
/// Advancing wakes the sleepers whose deadlines it passes one at a time, earliest deadline first
/// (sleepers with the same deadline in the order they started sleeping), setting ``now`` to each
/// deadline in turn and yielding in between, so that a woken task can run (and sleep again) before
/// time moves on. A sleeping task that is cancelled is resumed with `CancellationError` and
/// forgotten by the clock.
///
/// Like classic test clocks, a sleep whose deadline is exactly ``now`` suspends until the next
/// advance, even one by `.zero`.
public final class TestClock<Duration: DurationProtocol & Hashable>: Clock, Sendable {
  /// A moment of a ``TestClock``: an offset from the clock's start.
  public struct Instant: InstantProtocol {
    let offset: Duration

    /// Creates the instant `offset` after the start of the clock.
    public init(offset: Duration = .zero) {
      self.offset = offset
    }

    /// The instant `duration` later.
    public func advanced(by duration: Duration) -> Self {
      Self(offset: offset + duration)
    }

    /// The time from this instant to `other`.
    public func duration(to other: Self) -> Duration {
      other.offset - offset
    }

    /// Whether `lhs` comes before `rhs`.
    public static func < (lhs: Self, rhs: Self) -> Bool {
      lhs.offset < rhs.offset
    }
  }

  private struct Sleeper {
    let id: UInt64
    let deadline: Instant
    let continuation: CheckedContinuation<Void, any Error>
  }

  private enum Registration { case suspended, cancelled, elapsed }

  private struct State {
    var now: Instant
    var minimumResolution: Duration = .zero
    var nextID: UInt64 = 0
    /// Sleeps that have an id but have not registered their continuation yet. A cancellation
    /// that arrives in that window removes the id, and the sleep throws when it registers.
    var registering: Set<UInt64> = []
    /// Suspended sleeps, in the order they started sleeping.
    var sleepers: [Sleeper] = []
    /// Tasks waiting for at least `count` sleepers (`_waitForSleepers(count:)`).
    var sleeperWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

    /// Removes and returns the waiters satisfied by the current number of sleepers.
    mutating func satisfiedWaiters() -> [CheckedContinuation<Void, Never>] {
      let ready = sleeperWaiters.filter { $0.count <= sleepers.count }
      sleeperWaiters.removeAll { $0.count <= sleepers.count }
      return ready.map(\.continuation)
    }

    /// Removes and returns the earliest sleeper whose deadline is at or before `instant`.
    mutating func popEarliest(dueBy instant: Instant) -> Sleeper? {
      var best: Int?
      for index in sleepers.indices where sleepers[index].deadline <= instant {
        if let current = best, sleepers[current].deadline <= sleepers[index].deadline {
          continue
        }
        best = index
      }
      return best.map { sleepers.remove(at: $0) }
    }
  }

  private let state: _Locked<State>

  /// Creates a clock that starts at `now`.
  ///
  /// ```swift
  /// let clock = TestClock<Duration>(now: .init(offset: .seconds(100)))
  /// ```
  public init(now: Instant = .init()) {
    state = _Locked(State(now: now))
  }

  /// The current instant. It changes only when the clock is advanced.
  public var now: Instant {
    state.withLock { $0.now }
  }

  /// The minimum resolution of the clock: `.zero` unless set.
  public var minimumResolution: Duration {
    get { state.withLock { $0.minimumResolution } }
    set { state.withLock { $0.minimumResolution = newValue } }
  }

  /// Suspends until the clock is advanced to `deadline` or beyond.
  ///
  /// Throws `CancellationError` if the task is cancelled before or while sleeping.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    let id = state.withLock { state in
      defer { state.nextID += 1 }
      state.registering.insert(state.nextID)
      return state.nextID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation {
        (continuation: CheckedContinuation<Void, any Error>) in
        let (outcome, waiters) = state.withLock {
          state -> (Registration, [CheckedContinuation<Void, Never>]) in
          guard state.registering.remove(id) != nil else { return (.cancelled, []) }
          guard state.now <= deadline else { return (.elapsed, []) }
          state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
          return (.suspended, state.satisfiedWaiters())
        }
        for waiter in waiters { waiter.resume() }
        switch outcome {
        case .suspended: break
        case .cancelled: continuation.resume(throwing: CancellationError())
        case .elapsed: continuation.resume()
        }
      }
    } onCancel: {
      let cancelled = state.withLock { state -> Sleeper? in
        if let index = state.sleepers.firstIndex(where: { $0.id == id }) {
          return state.sleepers.remove(at: index)
        }
        state.registering.remove(id)
        return nil
      }
      cancelled?.continuation.resume(throwing: CancellationError())
    }
  }

  /// Throws ``SuspensionError`` if any task is sleeping on the clock (after giving tasks a chance
  /// to start their sleeps).
  ///
  /// ```swift
  /// await clock.advance(by: .seconds(1))
  /// try await clock.checkSuspension()  // nothing is still waiting on the clock
  /// ```
  public func checkSuspension() async throws {
    await Task.megaYield()
    guard state.withLock({ $0.sleepers.isEmpty }) else { throw SuspensionError() }
  }

  /// Moves time forward by `duration`, waking every sleeper whose deadline it reaches, earliest
  /// first.
  ///
  /// ```swift
  /// await clock.advance(by: .seconds(1))
  /// ```
  public func advance(by duration: Duration = .zero) async {
    await advance(to: state.withLock { $0.now.advanced(by: duration) })
  }

  /// Moves time forward to `deadline`, waking every sleeper whose deadline is at or before it,
  /// earliest first. Time never moves backwards: advancing to a past instant only wakes the
  /// sleepers that are due.
  ///
  /// ```swift
  /// await clock.advance(to: clock.now.advanced(by: .seconds(10)))
  /// ```
  public func advance(to deadline: Instant) async {
    // Let tasks that were just started reach their sleeps.
    await Task.megaYield()
    while let sleeper = state.withLock({ state -> Sleeper? in
      guard let sleeper = state.popEarliest(dueBy: deadline) else {
        if state.now < deadline { state.now = deadline }
        return nil
      }
      if state.now < sleeper.deadline { state.now = sleeper.deadline }
      return sleeper
    }) {
      sleeper.continuation.resume()
      // Let the woken task run, and perhaps sleep again, before time moves on.
      await Task.megaYield()
    }
  }

  /// Advances the clock until no task is sleeping on it.
  ///
  /// ```swift
  /// Task { try await clock.sleep(for: .seconds(1_000)) }
  /// await clock.run()  // now is 1,000 seconds later
  /// ```
  ///
  /// After waking a sleeper, `run` yields (`Task.megaYield()`) so that the woken task can sleep
  /// again before it looks for the next deadline; a task that takes longer than that to sleep again
  /// is not waited for. If sleepers keep sleeping again (a timer that never stops), advancing never
  /// finishes: after `timeout` of real time, `run` reports an issue ("Expected all sleeps to
  /// finish, but some are still suspending after …", the classic wording), wakes the remaining
  /// sleepers with `CancellationError`, and returns. A timer
  /// (``_Concurrency/Clock/timer(interval:tolerance:)``) on the clock then ends.
  ///
  /// ```swift
  /// let timer = Task {
  ///   for await _ in clock.timer(interval: .seconds(1)).prefix(10) {}
  /// }
  /// await clock.run()  // ten ticks, then no one sleeps: now is 10 seconds later
  /// await timer.value
  /// ```
  ///
  /// - Parameters:
  ///   - duration: How much real time `run` may take before it gives up.
  ///   - fileID: The file ID to report the issue at.
  ///   - filePath: The file path to report the issue at.
  ///   - line: The line to report the issue at.
  ///   - column: The column to report the issue at.
  public func run(
    timeout duration: Swift.Duration = .milliseconds(500),
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let realClock = ContinuousClock()
    let giveUp = realClock.now.advanced(by: duration)
    await Task.megaYield()
    while let next = state.withLock({ $0.sleepers.map(\.deadline).min() }) {
      if realClock.now >= giveUp {
        let remaining = state.withLock { state in
          defer { state.sleepers.removeAll() }
          return state.sleepers
        }
        for sleeper in remaining {
          sleeper.continuation.resume(throwing: CancellationError())
        }
        reportIssue(
          """
          Expected all sleeps to finish, but some are still suspending after \(duration).

          There are sleeps suspending. This could mean you are not advancing the test clock far \
          enough for your feature to execute its logic, or there could be a bug in your feature's \
          logic.

          You can also increase the timeout of 'run' to be greater than \(duration).
          """,
          fileID: fileID, filePath: filePath, line: line, column: column)
        return
      }
      await advance(to: next)
    }
  }

  /// The number of tasks currently sleeping on the clock.
  ///
  /// ```swift
  /// #expect(clock._sleeperCount == 0)
  /// ```
  package var _sleeperCount: Int {
    state.withLock { $0.sleepers.count }
  }

  /// Suspends until at least `count` tasks are sleeping on the clock, without polling: lets a
  /// test start sleepers and advance the clock only once they all sleep, independently of
  /// scheduling.
  ///
  /// ```swift
  /// let task = Task { try await clock.sleep(for: .seconds(1)) }
  /// await clock._waitForSleepers(count: 1)
  /// await clock.advance(by: .seconds(1))
  /// ```
  package func _waitForSleepers(count: Int) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let isSatisfied = state.withLock { state in
        guard state.sleepers.count < count else { return true }
        state.sleeperWaiters.append((count, continuation))
        return false
      }
      if isSatisfied { continuation.resume() }
    }
  }
}

extension TestClock: ManuallyAdvancedClock {
  var isManuallyAdvanced: Bool { true }
}

extension TestClock where Duration == Swift.Duration {
  /// Creates a test clock measured in `Duration`, starting at zero.
  ///
  /// ```swift
  /// let clock = TestClock()
  /// ```
  public convenience init() {
    self.init(now: .init())
  }
}
