extension Clock where Duration: Hashable {
  /// An asynchronous sequence that emits the clock's `now` once every `interval`.
  ///
  /// ```swift
  /// @Dependency(\.continuousClock) var clock
  ///
  /// func startTimer() async {
  ///   for await _ in clock.timer(interval: .seconds(1)) {
  ///     secondsElapsed += 1
  ///   }
  /// }
  /// ```
  ///
  /// On a ``TestClock`` the timer ticks once for every interval the test advances the clock by:
  ///
  /// ```swift
  /// let clock = TestClock()
  /// let ticks = LockIsolated(0)
  /// let task = Task {
  ///   for await _ in clock.timer(interval: .seconds(1)) {
  ///     ticks.withValue { $0 += 1 }
  ///   }
  /// }
  /// await clock.advance(by: .seconds(3))  // three ticks
  /// task.cancel()
  /// ```
  ///
  /// The first deadline is one interval after the timer is first asked for a tick; every later
  /// deadline is one interval after the previous deadline, so that the time the consumer spends on
  /// a tick does not make the timer drift. When the consumer asks for a tick after the next
  /// deadline has already passed:
  ///
  /// - on a ``TestClock`` (also wrapped in an ``AnyClock`` or an ``UnimplementedClock``) the tick
  ///   comes at once: every interval a test advances the clock by gives one tick, however late the
  ///   consumer looks;
  /// - on any other clock the timer skips the deadlines it missed and ticks at the first deadline
  ///   of its schedule that has not passed yet, like a timer on a real clock.
  ///
  /// The sequence ends (returns `nil`, and keeps returning `nil`) when the task iterating it is
  /// cancelled, or when a sleep on the clock throws. Its type, `_AsyncTimerSequence`, has the
  /// classic library's name.
  ///
  /// - Parameters:
  ///   - interval: The time between two ticks.
  ///   - tolerance: The tolerance of each sleep, passed to the clock's `sleep(until:tolerance:)`.
  public func timer(
    interval: Self.Duration,
    tolerance: Self.Duration? = nil
  ) -> _AsyncTimerSequence<AnyClock<Duration>> {
    _AsyncTimerSequence(
      interval: interval, tolerance: tolerance,
      clock: self as? AnyClock<Duration> ?? AnyClock(self))
  }
}
