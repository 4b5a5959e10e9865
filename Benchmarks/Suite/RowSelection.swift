/// Which rows of times a run measures: `--row NAME` (repeatable), for counting instructions of a
/// few rows, as `make bench-gate` does (scripts/bench-gate.py).
struct RowSelection {
  /// The names of the rows to measure, as the table prints them; nil measures every row.
  var names: Set<String>?

  /// Every row: a run without `--row`.
  static let all = RowSelection(names: nil)

  /// Whether the run measures only some rows of times. Such a run leaves out the groups of rates
  /// (cache, concurrency, server), which `--row` does not select within.
  var isRestricted: Bool { names != nil }

  /// Whether the row named `name` is measured.
  func includes(_ name: String) -> Bool { names?.contains(name) ?? true }
}
