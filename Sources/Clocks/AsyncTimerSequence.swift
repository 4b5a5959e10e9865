/// An asynchronous sequence that emits its clock's `now` once every interval: the timer that
/// ``_Concurrency/Clock/timer(interval:tolerance:)`` returns.
///
/// You rarely name this type; iterate the timer directly:
///
/// ```swift
/// let clock = ContinuousClock()
/// for await instant in clock.timer(interval: .seconds(1)).prefix(3) {
///   print("tick at", instant)
/// }
/// ```
///
/// `Clock.timer(interval:tolerance:)` describes when the timer ticks, and when the sequence ends.
/// The type keeps the classic library's (underscored) name, so that code naming it compiles
/// unchanged.
public struct _AsyncTimerSequence<C: Clock>: AsyncSequence, Sendable {
  /// The clock's `now` after each deadline.
  public typealias Element = C.Instant

  /// Waits for each deadline of the timer in turn.
  ///
  /// ```swift
  /// var ticks = clock.timer(interval: .seconds(1)).makeAsyncIterator()
  /// let first = await ticks.next()
  /// ```
  public struct Iterator: AsyncIteratorProtocol, Sendable {
    /// The clock, until the sequence ends.
    private var clock: C?
    private let interval: C.Duration
    private let tolerance: C.Duration?
    /// Whether deadlines that already passed still give a tick (on a manually advanced clock).
    private let ticksForPassedDeadlines: Bool
    private var lastDeadline: C.Instant?

    init(interval: C.Duration, tolerance: C.Duration?, clock: C) {
      self.clock = clock
      self.interval = interval
      self.tolerance = tolerance
      // With no positive interval there are no intervals to count: the timer ticks once per
      // sleep until `now`.
      self.ticksForPassedDeadlines = interval > .zero && isManuallyAdvanced(clock)
    }

    /// Waits for the next deadline, then returns the clock's `now`; `nil` once the task is
    /// cancelled.
    ///
    /// ```swift
    /// var ticks = clock.timer(interval: .seconds(1)).makeAsyncIterator()
    /// while let instant = await ticks.next() {
    ///   print("tick at", instant)
    /// }
    /// ```
    public mutating func next() async -> C.Instant? {
      guard let clock else { return nil }
      let now = clock.now
      let deadline = nextDeadline(now: now)
      do {
        if ticksForPassedDeadlines && deadline <= now {
          // Time has already passed this deadline: tick without sleeping.
          try Task.checkCancellation()
          await Task.yield()
        } else {
          try await clock.sleep(until: deadline, tolerance: tolerance)
        }
      } catch {
        self.clock = nil
        return nil
      }
      lastDeadline = deadline
      return clock.now
    }

    private func nextDeadline(now: C.Instant) -> C.Instant {
      guard interval > .zero else { return now }
      guard let lastDeadline else { return now.advanced(by: interval) }
      let next = lastDeadline.advanced(by: interval)
      if ticksForPassedDeadlines || now <= next { return next }
      // Skip the deadlines the consumer missed: the first one of the schedule not yet passed.
      let missed = (next.duration(to: now) / interval).rounded(.up)
      guard let count = Int(exactly: missed) else { return now }
      return next.advanced(by: interval * count)
    }
  }

  private let clock: C
  private let interval: C.Duration
  private let tolerance: C.Duration?

  init(interval: C.Duration, tolerance: C.Duration?, clock: C) {
    self.clock = clock
    self.interval = interval
    self.tolerance = tolerance
  }

  /// An iterator whose schedule starts when it is first asked for a tick.
  ///
  /// ```swift
  /// var ticks = clock.timer(interval: .seconds(1)).makeAsyncIterator()
  /// ```
  public func makeAsyncIterator() -> Iterator {
    Iterator(interval: interval, tolerance: tolerance, clock: clock)
  }
}
