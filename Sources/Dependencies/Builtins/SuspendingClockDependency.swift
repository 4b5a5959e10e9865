// Part of the Clocks trait (on by default): see Package.swift.
#if Clocks || ClassicDefaultTraits
  extension DependencyValues {
    /// The suspending clock features wait with when time should stop while the machine sleeps.
    ///
    /// ```swift
    /// @Dependency(\.suspendingClock) var clock
    /// try await clock.sleep(for: .seconds(30))
    /// ```
    ///
    /// In a test:
    ///
    /// ```swift
    /// let clock = TestClock()
    /// withDependencies {
    ///   $0.suspendingClock = clock
    /// } operation: { … }
    /// ```
    ///
    /// The live value is `SuspendingClock()`. In tests the default is an `UnimplementedClock`
    /// that reports an issue each time it is used, then returns at once.
    public var suspendingClock: any Clock<Duration> {
      get { self[SuspendingClockKey.self] }
      set { self[SuspendingClockKey.self] = newValue }
    }
  }

  private enum SuspendingClockKey: DependencyKey {
    static let liveValue: any Clock<Duration> = SuspendingClock()
    static var testValue: any Clock<Duration> {
      UnimplementedClock(name: #"@Dependency(\.suspendingClock)"#)
    }
  }
#endif
