import ConcurrencyExtras

/// A clock whose sleeps return at once, moving its `now` forward by the time slept.
///
/// Use it where time should pass instantly: in tests that do not care about the exact timing of a
/// feature, and in previews, so that a feature that waits shows its result right away.
///
/// ```swift
/// let clock = ImmediateClock()
/// try await clock.sleep(for: .seconds(60))  // returns immediately
/// clock.now  // Instant(offset: 60 seconds)
/// ```
///
/// In a test:
///
/// ```swift
/// @Test func showsTheToastThenHidesIt() async throws {
///   let model = withDependencies {
///     $0.continuousClock = ImmediateClock()
///   } operation: {
///     ToastModel()
///   }
///   await model.show("Saved")
///   #expect(model.toast == nil)
/// }
/// ```
///
/// The clock is safe to share between many tasks: each sleep advances `now` to the sleep's deadline
/// if it is later than the current instant, so `now` never moves backwards. A sleep in a cancelled
/// task throws `CancellationError`.
public final class ImmediateClock<Duration: DurationProtocol & Hashable>: Clock, Sendable {
  /// A moment of an ``ImmediateClock``: an offset from the clock's start.
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

  private let state: _Locked<Instant>

  /// The minimum resolution of the clock: zero.
  public var minimumResolution: Duration { .zero }

  /// Creates a clock that starts at `now`.
  ///
  /// ```swift
  /// let clock = ImmediateClock(now: .init(offset: .seconds(10)))
  /// ```
  public init(now: Instant = .init()) {
    state = _Locked(now)
  }

  /// The current instant: the latest deadline any sleep has reached.
  public var now: Instant {
    state.withLock { $0 }
  }

  /// Returns at once (after a yield), moving `now` to `deadline` if it is later.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    state.withLock { now in
      if now < deadline { now = deadline }
    }
    await Task.yield()
  }
}

extension ImmediateClock where Duration == Swift.Duration {
  /// Creates a clock measured in `Duration`, starting at zero.
  ///
  /// ```swift
  /// let clock = ImmediateClock()
  /// ```
  public convenience init() {
    self.init(now: .init())
  }
}

extension Clock where Self == ImmediateClock<Swift.Duration> {
  /// A new ``ImmediateClock``.
  ///
  /// ```swift
  /// withDependencies {
  ///   $0.continuousClock = .immediate
  /// } operation: {
  ///   // sleeps on the continuous clock return at once
  /// }
  /// ```
  public static var immediate: Self {
    ImmediateClock()
  }
}
