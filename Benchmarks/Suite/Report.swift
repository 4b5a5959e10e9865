import Foundation

/// One row of the results: our figure, the baseline's, and how they compare. The baseline is the
/// in-repo model of the classic library's algorithm (`ClassicBaseline*.swift`), not the classic
/// library itself, except on the C core's rows, where it is plain Swift (see `baselineLabel`).
struct ResultRow: Codable {
  var group: String
  var name: String
  /// The x-axis value for charts (keys in context, threads, ...), when the row belongs to a series.
  var parameter: Int?
  /// "ns/op" for times; a rate ("reads/s", "req/s", ...) for throughputs; "x" for ratios.
  var unit: String
  /// The median sample's figure.
  var ours: Double
  /// The fastest sample's figure: the minimum time, or for a throughput the highest rate.
  var oursMin: Double?
  var baseline: Double?
  var baselineMin: Double?
  var oursAllocations: Double?
  var oursBytes: Double?
  var baselineAllocations: Double?
  var baselineBytes: Double?
  /// For a rate per second: the time per operation it comes to, all threads together
  /// (1 s / rate, of the median sample).
  var oursNanosecondsPerOperation: Double?
  var baselineNanosecondsPerOperation: Double?
  /// With `--iterations`: the numbers of the one timed sample of each side (see `timedSample`),
  /// which are the numbers of their callgrind dumps.
  var oursSample: Int?
  var baselineSample: Int?
  /// How many times better ours is (baseline/ours for times, ours/baseline for throughputs).
  var speedup: Double? {
    guard let baseline, baseline > 0, ours > 0 else { return nil }
    return unit == "ns/op" ? baseline / ours : ours / baseline
  }

  /// What the baseline column holds for this row: "classic model", the in-repo model of the
  /// classic algorithm (`ClassicBaseline*.swift`), or "plain Swift" (a `Dictionary`, a dictionary
  /// behind a lock) for the C core's rows: its groups ("(C core)") and the trie merge rows.
  var baselineLabel: String {
    group.contains("(C core)") || name.hasPrefix("trie ") ? "plain Swift" : "classic model"
  }
}

/// A row from two time measurements (`Report.measure` takes them).
private func row(
  _ group: String, _ name: String, parameter: Int? = nil, _ ours: Measurement,
  _ baseline: Measurement?
) -> ResultRow {
  ResultRow(
    group: group, name: name, parameter: parameter, unit: "ns/op",
    ours: ours.medianNanoseconds, oursMin: ours.minNanoseconds,
    baseline: baseline?.medianNanoseconds, baselineMin: baseline?.minNanoseconds,
    oursAllocations: ours.allocations, oursBytes: ours.bytes,
    baselineAllocations: baseline?.allocations, baselineBytes: baseline?.bytes,
    oursSample: ours.sample, baselineSample: baseline?.sample)
}

/// A row from two throughput measurements (higher is better).
func throughputRow(
  _ group: String, _ name: String, parameter: Int, unit: String, _ ours: Throughput,
  _ baseline: Throughput?
) -> ResultRow {
  var row = ResultRow(
    group: group, name: name, parameter: parameter, unit: unit,
    ours: ours.median, oursMin: ours.best, baseline: baseline?.median,
    baselineMin: baseline?.best, oursSample: ours.sample, baselineSample: baseline?.sample)
  if unit.hasSuffix("/s") {
    row.oursNanosecondsPerOperation = 1e9 / ours.median
    row.baselineNanosecondsPerOperation = baseline.map { 1e9 / $0.median }
  }
  return row
}

/// Collects rows and prints them as a table as they arrive.
final class Report {
  private(set) var rows: [ResultRow] = []
  /// The rows of times that `measure` measures (`--row`, `--no-baseline`).
  let selection: RowSelection
  /// The names of the rows `measure` was asked for, measured or not.
  private var offeredNames: Set<String> = []
  private var currentGroup = ""
  private var currentBaseline = ""

  init(selection: RowSelection = .all) {
    self.selection = selection
  }

  /// Measures the row of times named `name` and adds it, unless the selection leaves the row out;
  /// `baseline` runs only when the selection measures the baseline side.
  ///
  /// The measurements run inside this call: a row left out costs nothing but the set-up done
  /// before it, so a row measured in a scope of its own enters that scope in `ours` or `baseline`.
  func measure(
    _ group: String, _ name: String, parameter: Int? = nil, ours: () -> Measurement,
    baseline: () -> Measurement
  ) {
    offeredNames.insert(name)
    guard selection.includes(name) else { return }
    let oursMeasurement = ours()
    let baselineMeasurement = selection.measuresBaseline ? baseline() : nil
    add(row(group, name, parameter: parameter, oursMeasurement, baselineMeasurement))
  }

  /// The names of the selection (`--row`) that no row of the run had, sorted.
  var unmatchedNames: [String] {
    (selection.names ?? []).subtracting(offeredNames).sorted()
  }

  func add(_ row: ResultRow) {
    // A group of times shows allocations; a group of rates, the time per operation they come to.
    // The header names what the baseline column holds, and comes again when that changes within
    // a group (the trie merge rows of "Merges").
    let isRate = row.unit != "ns/op"
    if row.group != currentGroup || row.baselineLabel != currentBaseline {
      if row.group != currentGroup { print("\n\(row.group)") }
      currentGroup = row.group
      currentBaseline = row.baselineLabel
      print(
        pad("case", 72) + pad("ours", 12, right: true)
          + pad(row.baselineLabel, 15, right: true) + pad("speedup", 10, right: true)
          + (isRate
            ? pad("ns/op, all threads", 22, right: true)
            : pad("allocs", 16, right: true) + pad("bytes", 18, right: true)))
    }
    let allocs = [row.oursAllocations, row.baselineAllocations].map(format(count:))
    let bytes = [row.oursBytes, row.baselineBytes].map(format(count:))
    let times = [row.oursNanosecondsPerOperation, row.baselineNanosecondsPerOperation].map {
      $0.map(format) ?? "-"
    }
    print(
      pad("\(row.name) [\(row.unit)]", 72) + pad(format(row.ours), 12, right: true)
        + pad(row.baseline.map(format) ?? "-", 15, right: true)
        + pad(row.speedup.map { String(format: "%.1fx", $0) } ?? "-", 10, right: true)
        + (isRate
          ? pad("\(times[0]) / \(times[1])", 22, right: true)
          : pad("\(allocs[0]) / \(allocs[1])", 16, right: true)
            + pad("\(bytes[0]) / \(bytes[1])", 18, right: true))
        + samples(row))
    rows.append(row)
  }

  func writeJSON(to path: String, machine: [String: String]) throws {
    struct Document: Codable {
      var machine: [String: String]
      var rows: [ResultRow]
      /// With `--row`: the names no row of the run had (see `unmatchedNames`).
      var unmatchedRows: [String]?
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    let document = Document(
      machine: machine, rows: rows,
      unmatchedRows: selection.names == nil ? nil : unmatchedNames)
    try encoder.encode(document).write(to: URL(fileURLWithPath: path))
  }

  /// With `--iterations`: which timed samples (callgrind dumps) the row's figures come from.
  private func samples(_ row: ResultRow) -> String {
    guard let ours = row.oursSample else { return "" }
    return "  samples #\(ours)" + (row.baselineSample.map { " / #\($0)" } ?? "")
  }

  private func format(_ value: Double) -> String {
    if value >= 1_000_000 { return String(format: "%.2fM", value / 1_000_000) }
    if value >= 10_000 { return String(format: "%.1fk", value / 1_000) }
    if value >= 100 { return String(format: "%.0f", value) }
    return String(format: "%.1f", value)
  }

  private func format(count: Double?) -> String {
    guard let count else { return "-" }
    return count == count.rounded() ? String(Int(count)) : String(format: "%.1f", count)
  }

  private func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
    if text.count >= width { return text + " " }
    let padding = String(repeating: " ", count: width - text.count)
    return right ? padding + text : text + padding
  }
}
