/// A clock whose time a test moves by hand, in steps, instead of time that flows on its own.
///
/// A timer (`Clock.timer(interval:tolerance:)`) on such a clock ticks once for every interval that
/// time has moved by, even when its consumer asks for the next tick only after the clock has jumped
/// past several deadlines: a test that advances a `TestClock` by three intervals sees exactly three
/// ticks, however the tasks happen to be scheduled. On any other clock a timer skips the deadlines
/// its consumer was too late for, as a timer on a real clock should.
///
/// `AnyClock` and `UnimplementedClock` answer for the clock they wrap.
protocol ManuallyAdvancedClock {
  /// Whether time on the clock moves only when a test advances it.
  var isManuallyAdvanced: Bool { get }
}

/// Whether time on `clock` moves only when a test advances it.
func isManuallyAdvanced(_ clock: some Clock) -> Bool {
  (clock as? any ManuallyAdvancedClock)?.isManuallyAdvanced ?? false
}
