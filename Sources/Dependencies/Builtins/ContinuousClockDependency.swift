// Part of the Clocks trait (on by default): see Package.swift.
#if Clocks || ClassicDefaultTraits
  extension DependencyValues {
    /// The continuous clock features wait and measure time with.
    ///
    /// Sleep on it instead of `Task.sleep`, so that tests control time:
    ///
    /// ```swift
    /// @Observable
    /// final class TimerModel {
    ///   @ObservationIgnored @Dependency(\.continuousClock) var clock
    ///   var ticks = 0
    ///
    ///   func startTimer() async {
    ///     while (try? await clock.sleep(for: .seconds(1))) != nil {
    ///       ticks += 1
    ///     }
    ///   }
    /// }
    /// ```
    ///
    /// In a test, use a `TestClock` and advance it, or an `ImmediateClock`:
    ///
    /// ```swift
    /// @Test func ticks() async {
    ///   let clock = TestClock()
    ///   let model = withDependencies {
    ///     $0.continuousClock = clock
    ///   } operation: {
    ///     TimerModel()
    ///   }
    ///   let task = Task { await model.startTimer() }
    ///   await clock.advance(by: .seconds(2))
    ///   #expect(model.ticks == 2)
    ///   task.cancel()
    /// }
    /// ```
    ///
    /// The live value is `ContinuousClock()`. In tests the default is an `UnimplementedClock`
    /// that reports an issue each time it is used, then returns at once.
    public var continuousClock: any Clock<Duration> {
      get { self[ContinuousClockKey.self] }
      set { self[ContinuousClockKey.self] = newValue }
    }
  }

  private enum ContinuousClockKey: DependencyKey {
    static let liveValue: any Clock<Duration> = ContinuousClock()
    static var testValue: any Clock<Duration> {
      UnimplementedClock(name: #"@Dependency(\.continuousClock)"#)
    }
  }
#endif
