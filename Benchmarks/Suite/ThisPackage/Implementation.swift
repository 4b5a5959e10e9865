/// What this executable measures: this package, and beside the rows both implementations have
/// (Benchmarks/Suite), the rows of its C core, which the classic library has no counterpart of.
/// Those compare the core with plain Swift, measured in the same process: the trie with a
/// `Dictionary` ("trie"), the default-value cache with a dictionary behind a lock ("cache"), the
/// trie's merge with a dictionary merge (in "merge").
enum Implementation {
  static let description = "swift-dependencies, this package"

  /// Runs this implementation's own rows of the group named `group`, if it has any.
  static func runOwnGroup(_ group: String, _ settings: BenchmarkSettings, _ report: Report) {
    switch group {
    case "trie": runTrieBenchmarks(settings, report, sizes: seriesSizes)
    case "cache": runCacheBenchmarks(settings, report)
    case "merge": runTrieMergeBenchmarks(settings, report, sizes: seriesSizes)
    default: break
    }
  }
}
