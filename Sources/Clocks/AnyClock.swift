/// A type-erased clock: wraps any clock whose durations are `Duration`.
///
/// Use it to store a clock whose concrete type varies (a `ContinuousClock` live, a ``TestClock`` in
/// tests) where an existential `any Clock<Duration>` is not enough, for example as a generic
/// argument:
///
/// ```swift
/// let clock = AnyClock(ContinuousClock())
/// try await clock.sleep(for: .seconds(1))
/// ```
///
/// In a test:
///
/// ```swift
/// let testClock = TestClock()
/// let model = withDependencies {
///   $0.continuousClock = AnyClock(testClock)
/// } operation: {
///   TimerModel()
/// }
/// ```
///
/// Instants of an `AnyClock` are offsets from the moment the clock was wrapped.
public final class AnyClock<Duration: DurationProtocol & Hashable>: Clock {
  /// A moment of an ``AnyClock``: an offset from when the clock was wrapped.
  public struct Instant: InstantProtocol {
    let offset: Duration

    init(offset: Duration) {
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

  private let _now: @Sendable () -> Instant
  private let _minimumResolution: @Sendable () -> Duration
  private let _sleep: @Sendable (Instant, Duration?) async throws -> Void
  /// Whether the wrapped clock is a manually advanced one (see `ManuallyAdvancedClock`).
  let isManuallyAdvanced: Bool

  /// Wraps `clock`.
  ///
  /// ```swift
  /// let clock = AnyClock(SuspendingClock())
  /// ```
  public init<C: Clock>(_ clock: C) where C.Instant.Duration == Duration {
    let start = clock.now
    _now = { Instant(offset: start.duration(to: clock.now)) }
    _minimumResolution = { clock.minimumResolution }
    _sleep = { deadline, tolerance in
      try await clock.sleep(until: start.advanced(by: deadline.offset), tolerance: tolerance)
    }
    isManuallyAdvanced = Clocks.isManuallyAdvanced(clock)
  }

  /// The current instant of the wrapped clock.
  public var now: Instant { _now() }

  /// The minimum resolution of the wrapped clock.
  public var minimumResolution: Duration { _minimumResolution() }

  /// Sleeps on the wrapped clock until `deadline`.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try await _sleep(deadline, tolerance)
  }
}

extension AnyClock: ManuallyAdvancedClock {}
