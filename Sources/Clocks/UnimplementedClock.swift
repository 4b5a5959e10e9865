import IssueReporting

/// A clock that reports an issue whenever it is used: the default clock of tests, so that a test
/// that exercises time-based code without providing a clock fails and says which clock it needs.
///
/// After reporting, it behaves like the clock it wraps (an ``ImmediateClock`` by default), so the
/// code under test keeps running.
///
/// ```swift
/// let clock = UnimplementedClock(name: "ContinuousClock")
/// try await clock.sleep(for: .seconds(1))
/// // Issue: "Unimplemented: ContinuousClock.sleep"
/// ```
///
/// In a test, the built-in clock dependencies default to unimplemented clocks; override the one
/// the feature uses:
///
/// ```swift
/// @Test func debounces() async {
///   let clock = TestClock()
///   await withDependencies {
///     $0.continuousClock = clock
///   } operation: {
///     // …
///   }
/// }
/// ```
public struct UnimplementedClock<Duration: DurationProtocol & Hashable>: Clock {
  /// A moment of an ``UnimplementedClock``: a moment of the clock it wraps.
  public struct Instant: InstantProtocol {
    let base: AnyClock<Duration>.Instant

    /// The instant `duration` later.
    public func advanced(by duration: Duration) -> Self {
      Self(base: base.advanced(by: duration))
    }

    /// The time from this instant to `other`.
    public func duration(to other: Self) -> Duration {
      base.duration(to: other.base)
    }

    /// Whether `lhs` comes before `rhs`.
    public static func < (lhs: Self, rhs: Self) -> Bool {
      lhs.base < rhs.base
    }
  }

  private let base: AnyClock<Duration>
  private let name: String
  private let fileID: StaticString
  private let filePath: StaticString
  private let line: UInt
  private let column: UInt

  /// Creates an unimplemented clock that, after reporting each use, forwards to `base`.
  ///
  /// ```swift
  /// let clock = UnimplementedClock(ContinuousClock(), name: "ContinuousClock")
  /// ```
  ///
  /// Issues are reported at the place the clock was created.
  public init<C: Clock>(
    _ base: C,
    name: String = ReportedTypeName.unqualified(C.self),
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where C.Duration == Duration {
    self.base = AnyClock(base)
    self.name = name
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
  }

  /// Creates an unimplemented clock that, after reporting each use, behaves like an
  /// ``ImmediateClock`` starting at `now`.
  ///
  /// ```swift
  /// let clock = UnimplementedClock<Duration>(name: "Scheduler.clock")
  /// ```
  public init(
    name: String = "Clock",
    now: ImmediateClock<Duration>.Instant = .init(),
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    self.init(
      ImmediateClock(now: now), name: name,
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Reports "Unimplemented: <name>.now", then returns the wrapped clock's current instant.
  public var now: Instant {
    report("now")
    return Instant(base: base.now)
  }

  /// Reports "Unimplemented: <name>.minimumResolution", then returns the wrapped clock's.
  public var minimumResolution: Duration {
    report("minimumResolution")
    return base.minimumResolution
  }

  /// Reports "Unimplemented: <name>.sleep", then sleeps on the wrapped clock.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    report("sleep")
    try await base.sleep(until: deadline.base, tolerance: tolerance)
  }

  private func report(_ member: String) {
    reportIssue(
      "Unimplemented: \(name).\(member)",
      fileID: fileID, filePath: filePath, line: line, column: column)
  }
}

extension UnimplementedClock: ManuallyAdvancedClock {
  var isManuallyAdvanced: Bool { base.isManuallyAdvanced }
}

extension UnimplementedClock where Duration == Swift.Duration {
  /// Creates an unimplemented clock measured in `Duration`.
  ///
  /// ```swift
  /// let clock = UnimplementedClock(name: "ContinuousClock")
  /// ```
  public init(
    name: String = "Clock",
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    self.init(
      name: name, now: .init(), fileID: fileID, filePath: filePath, line: line, column: column)
  }
}

extension Clock where Self == UnimplementedClock<Swift.Duration> {
  /// A new ``UnimplementedClock`` that reports at the call site.
  ///
  /// ```swift
  /// withDependencies {
  ///   $0.continuousClock = .unimplemented()
  /// } operation: {
  ///   // any use of the clock fails the test
  /// }
  /// ```
  public static func unimplemented(
    _ name: String = "Clock",
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Self {
    UnimplementedClock(name: name, fileID: fileID, filePath: filePath, line: line, column: column)
  }
}
