/// Which rows of times a run measures, and whether it measures their baseline side: `--row NAME`
/// (repeatable) and `--no-baseline`, for counting instructions of a few rows of ours only, as
/// `make bench-gate` does (scripts/bench-gate.py).
struct RowSelection {
  /// The names of the rows to measure, as the table prints them; nil measures every row.
  var names: Set<String>?
  /// Whether each row measures the baseline beside ours.
  var measuresBaseline: Bool

  /// Every row, both sides: a run without `--row` or `--no-baseline`.
  static let all = RowSelection(names: nil, measuresBaseline: true)

  /// Whether the run measures only some rows of times, or only our side of them. Such a run leaves
  /// out the groups of rates (cache, concurrency, server), which neither option selects within.
  var isRestricted: Bool { names != nil || !measuresBaseline }

  /// Whether the row named `name` is measured.
  func includes(_ name: String) -> Bool { names?.contains(name) ?? true }
}
