extension Duration {
  /// The duration as the dependency graph and the shutdown report print it: milliseconds with two
  /// decimals below a second (`1.25 ms`), seconds with two decimals from a second (`2.50 s`),
  /// rounded toward zero. The same text on every platform, without Foundation.
  ///
  /// Total: any `Duration` prints, the largest and the negative ones included (`-1.50 ms`). The
  /// components are printed apart, as unsigned magnitudes, so nothing is multiplied that could
  /// overflow.
  var shortDescription: String {
    // `components` truncates toward zero: both parts have the duration's sign.
    let (seconds, attoseconds) = components
    let isNegative = seconds < 0 || attoseconds < 0
    let (whole, hundredths, unit) =
      seconds == 0
      ? Self.split(attoseconds.magnitude / 10_000_000_000_000, unit: "ms")  // 10 µs steps
      : (seconds.magnitude, attoseconds.magnitude / 10_000_000_000_000_000, "s")  // 10 ms steps
    let sign = isNegative && (whole != 0 || hundredths != 0) ? "-" : ""
    return "\(sign)\(whole).\(hundredths < 10 ? "0" : "")\(hundredths) \(unit)"
  }

  /// `count` hundredths of `unit` as a whole part and hundredths.
  private static func split(_ count: UInt64, unit: String) -> (UInt64, UInt64, String) {
    (count / 100, count % 100, unit)
  }
}
