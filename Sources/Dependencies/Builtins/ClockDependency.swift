// Part of the Clocks trait (on by default): see Package.swift.
#if Clocks || ClassicDefaultTraits
  extension DependencyValues {
    /// A general-purpose clock: real time when the application runs, no waiting in tests and
    /// previews.
    ///
    /// Use it for delays whose exact timing tests do not care about (an animation pause, a retry
    /// back-off):
    ///
    /// ```swift
    /// @Dependency(\.clock) var clock
    ///
    /// func retry<R>(_ work: () async throws -> R) async throws -> R {
    ///   do { return try await work() } catch {
    ///     try await clock.sleep(for: .seconds(2))
    ///     return try await work()
    ///   }
    /// }
    /// ```
    ///
    /// In a test the sleeps return at once; to assert on timing, put in a `TestClock`:
    ///
    /// ```swift
    /// let clock = TestClock()
    /// withDependencies {
    ///   $0.clock = clock
    /// } operation: { … }
    /// ```
    ///
    /// The live value is `ContinuousClock()`; in tests and previews the default is a new
    /// `ImmediateClock` (one per test), which reports nothing.
    public var clock: any Clock<Duration> {
      get { self[ClockKey.self] }
      set { self[ClockKey.self] = newValue }
    }

    private enum ClockKey: DependencyKey {
      static let liveValue: any Clock<Duration> = ContinuousClock()
      static var previewValue: any Clock<Duration> { ImmediateClock() }
      static var testValue: any Clock<Duration> { ImmediateClock() }
    }
  }
#endif
