import Foundation

/// One figure of a row: what one implementation (or plain Swift) measured.
struct Figure: Codable {
  /// The median sample's figure: nanoseconds per operation for a time, operations per second for
  /// a rate, a ratio for a scaling row.
  var median: Double
  /// The fastest sample's figure: the minimum time, or for a rate the highest one.
  var best: Double?
  /// Heap allocations per operation on the measuring thread (nil where not counted).
  var allocations: Double?
  /// Heap bytes requested per operation.
  var bytes: Double?
  /// For a rate per second: the time per operation it comes to, all threads together
  /// (1 s / the median rate).
  var nanosecondsPerOperation: Double?
  /// With `--iterations`: the number of the one timed sample, which is the number of its
  /// callgrind dump (see `timedSample`).
  var sample: Int?
}

extension Figure {
  /// The figure of a time measurement.
  init(_ measurement: Measurement) {
    self.init(
      median: measurement.medianNanoseconds, best: measurement.minNanoseconds,
      allocations: measurement.allocations, bytes: measurement.bytes, sample: measurement.sample)
  }

  /// The figure of a throughput measurement in `unit` ("reads/s", "req/s", ...).
  init(_ throughput: Throughput, unit: String) {
    self.init(
      median: throughput.median, best: throughput.best,
      nanosecondsPerOperation: unit.hasSuffix("/s") ? 1e9 / throughput.median : nil,
      sample: throughput.sample)
  }
}

/// One row of the results: the figure of the implementation this executable measures (see
/// `Implementation`) and, for the rows of the C core, which only this package has, the same
/// operation in plain Swift measured beside it. The figures of two implementations of the classic
/// API come from two executables (this package's, Benchmarks/Classic's), which scripts/bench.py
/// runs and puts side by side by the rows' names.
struct ResultRow: Codable {
  var group: String
  var name: String
  /// The x-axis value for charts (keys in context, threads, ...), when the row belongs to a series.
  var parameter: Int?
  /// "ns/op" for times; a rate ("reads/s", "req/s", ...) for throughputs; "x" for ratios.
  var unit: String
  var measured: Figure
  /// The plain Swift equivalent (a `Dictionary`, a dictionary behind a lock) of a C core's row.
  var plainSwift: Figure?
}

/// Collects rows and prints them as a table as they arrive.
final class Report {
  private(set) var rows: [ResultRow] = []
  /// The rows of times that `measure` measures (`--row`).
  let selection: RowSelection
  /// The names of the rows `measure` was asked for, measured or not.
  private var offeredNames: Set<String> = []
  private var currentGroup = ""
  private var currentHeader = ""

  init(selection: RowSelection = .all) {
    self.selection = selection
  }

  /// Measures the row of times named `name` and adds it, unless the selection leaves it out.
  ///
  /// The measurement runs inside this call: a row left out costs nothing but the set-up done
  /// before it, so a row measured in a scope of its own enters that scope in `body`.
  func measure(
    _ group: String, _ name: String, parameter: Int? = nil, _ body: () -> Measurement
  ) {
    measure(group, name, parameter: parameter, body, plainSwift: nil)
  }

  /// `measure` for a row of the C core, with the same operation in plain Swift beside it.
  func measure(
    _ group: String, _ name: String, parameter: Int? = nil, _ body: () -> Measurement,
    plainSwift: (() -> Measurement)?
  ) {
    offeredNames.insert(name)
    guard selection.includes(name) else { return }
    let measured = Figure(body())
    add(
      ResultRow(
        group: group, name: name, parameter: parameter, unit: "ns/op", measured: measured,
        plainSwift: plainSwift.map { Figure($0()) }))
  }

  /// The names of the selection (`--row`) that no row of the run had, sorted.
  var unmatchedNames: [String] {
    (selection.names ?? []).subtracting(offeredNames).sorted()
  }

  func add(_ row: ResultRow) {
    // A group of times shows allocations; a group of rates, the time per operation they come to.
    // Rows with a plain Swift figure show it, and how many times faster the measured one is.
    let isRate = row.unit != "ns/op"
    let header =
      pad("case", 72) + pad("measured", 12, right: true)
      + (row.plainSwift == nil
        ? "" : pad("plain Swift", 15, right: true) + pad("speedup", 10, right: true))
      + (isRate
        ? pad("ns/op, all threads", 22, right: true)
        : pad("allocs", 16, right: true) + pad("bytes", 18, right: true))
    if row.group != currentGroup || header != currentHeader {
      if row.group != currentGroup { print("\n\(row.group)") }
      currentGroup = row.group
      currentHeader = header
      print(header)
    }
    let figures = [row.measured] + (row.plainSwift.map { [$0] } ?? [])
    func pair(_ value: (Figure) -> String) -> String {
      figures.map(value).joined(separator: " / ")
    }
    var line =
      pad("\(row.name) [\(row.unit)]", 72) + pad(format(row.measured.median), 12, right: true)
    if let plainSwift = row.plainSwift {
      let speedup =
        row.unit == "ns/op"
        ? plainSwift.median / row.measured.median : row.measured.median / plainSwift.median
      line +=
        pad(format(plainSwift.median), 15, right: true)
        + pad(String(format: "%.1fx", speedup), 10, right: true)
    }
    line +=
      isRate
      ? pad(pair { $0.nanosecondsPerOperation.map(format) ?? "-" }, 22, right: true)
      : pad(pair { format(count: $0.allocations) }, 16, right: true)
        + pad(pair { format(count: $0.bytes) }, 18, right: true)
    if row.measured.sample != nil {
      line += "  samples " + pair { $0.sample.map { "#\($0)" } ?? "-" }
    }
    print(line)
    rows.append(row)
  }

  func writeJSON(to path: String, implementation: String, machine: [String: String]) throws {
    struct Document: Codable {
      /// What this executable measures (`Implementation.description`).
      var implementation: String
      var machine: [String: String]
      var rows: [ResultRow]
      /// With `--row`: the names no row of the run had (see `unmatchedNames`).
      var unmatchedRows: [String]?
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    let document = Document(
      implementation: implementation, machine: machine, rows: rows,
      unmatchedRows: selection.names == nil ? nil : unmatchedNames)
    try encoder.encode(document).write(to: URL(fileURLWithPath: path))
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

/// A row of a rate in `unit` ("reads/s", "req/s"), with the plain Swift rate beside it for a C
/// core's row.
func throughputRow(
  _ group: String, _ name: String, parameter: Int, unit: String, _ measured: Throughput,
  plainSwift: Throughput? = nil
) -> ResultRow {
  ResultRow(
    group: group, name: name, parameter: parameter, unit: unit,
    measured: Figure(measured, unit: unit), plainSwift: plainSwift.map { Figure($0, unit: unit) })
}

/// How many times the rate of one thread (task) two of them reach: the medians' ratio, of the
/// measured rates and of the plain Swift ones when given.
func scalingRow(
  _ group: String, _ name: String, _ rates: [Int: Throughput],
  plainSwift: [Int: Throughput]? = nil
) -> ResultRow {
  func ratio(_ rates: [Int: Throughput]) -> Figure {
    Figure(median: rates[2]!.median / rates[1]!.median)
  }
  return ResultRow(
    group: group, name: name, parameter: 2, unit: "x", measured: ratio(rates),
    plainSwift: plainSwift.map(ratio))
}
