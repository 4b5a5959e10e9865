/// What this executable measures: the classic library, as Benchmarks/Classic/Package.swift pins
/// it. It has only the rows both implementations have (Benchmarks/Suite).
enum Implementation {
  static let description = "the classic library (pointfreeco/swift-dependencies)"

  /// The classic library has no rows of its own.
  static func runOwnGroup(_ group: String, _ settings: BenchmarkSettings, _ report: Report) {}
}
