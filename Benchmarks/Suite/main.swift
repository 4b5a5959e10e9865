import Foundation

// The benchmark suite: every hot path of the classic API, through the API as users write it:
// `@Dependency` properties of models, `withDependencies`, `withDependencies(from:)`. These files use
// only the classic spellings, so they build against both implementations, each in an executable of
// its own (two packages cannot both vend `Dependencies`): `Benchmarks`, this folder in the root
// package, against this package; `ClassicBenchmarks`, this folder but ThisPackage/ in
// Benchmarks/Classic, against the classic library that package pins. Each side has one file of its
// own, `Implementation`: what the executable measures, and the groups only it has (ThisPackage/:
// the rows of this package's C core, beside plain Swift). `make bench` (scripts/bench.py) builds
// both executables, runs them group by group, alternating, and prints their rows side by side.
//
//   Benchmarks [--quick] [--json FILE] [--only GROUP[,GROUP...]] [--iterations N] [--row NAME]...
//
// Groups: trie, reads, scopes, cache, concurrency, merge, server (trie and cache only in this
// package's executable). `--iterations N` makes every measurement one warm-up and one timed sample
// of exactly N operations, for counting instructions with callgrind (see `timedSample` in
// Harness.swift). `--row NAME` (repeatable) measures only the rows of times so named, as the table
// prints them (see RowSelection.swift); with it, the groups of rates (cache, concurrency, server) do
// not run.

/// Every group, in the order a run measures them (`Implementation.runOwnGroup` runs the rows only
/// one implementation has).
let allGroups = ["trie", "reads", "scopes", "cache", "concurrency", "merge", "server"]
/// The groups of rates, which `--row` leaves out.
let rateGroups: Set = ["cache", "concurrency", "server"]

var arguments = CommandLine.arguments.dropFirst()
var settings = BenchmarkSettings.full
var jsonPath: String?
var only: Set<String>?
var fixedIterations: Int?
var selection = RowSelection.all
while let argument = arguments.popFirst() {
  switch argument {
  case "--quick": settings = .quick
  case "--json": jsonPath = arguments.popFirst()
  case "--only":
    only = Set((arguments.popFirst() ?? "").split(separator: ",").map(String.init))
    if let unknown = only?.subtracting(allGroups).sorted(), !unknown.isEmpty {
      FileHandle.standardError.write(
        "unknown group \(unknown.joined(separator: ", ")); the groups: \(allGroups.joined(separator: ","))\n"
          .data(using: .utf8)!)
      exit(2)
    }
  case "--iterations":
    guard let count = arguments.popFirst().flatMap({ Int($0) }), count > 0 else {
      FileHandle.standardError.write("--iterations needs a positive count\n".data(using: .utf8)!)
      exit(2)
    }
    fixedIterations = count
  case "--row":
    guard let name = arguments.popFirst() else {
      FileHandle.standardError.write("--row needs a row's name\n".data(using: .utf8)!)
      exit(2)
    }
    selection.names = (selection.names ?? []).union([name])
  case "--help", "-h":
    print(
      "usage: \(CommandLine.arguments[0]) [--quick] [--json FILE]"
        + " [--only \(allGroups.joined(separator: ","))] [--iterations N] [--row NAME]...")
    exit(0)
  default:
    FileHandle.standardError.write("unknown argument \(argument); try --help\n".data(using: .utf8)!)
    exit(2)
  }
}

settings.fixedIterations = fixedIterations

#if DEBUG
  print("warning: this is a debug build; `make bench` runs release builds.")
#endif

/// The first line of a /proc file matching `prefix` (Linux), trimmed; nil elsewhere.
func procLine(_ path: String, prefix: String = "") -> String? {
  guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
  return text.split(separator: "\n").first { $0.hasPrefix(prefix) }.map {
    String($0.dropFirst(prefix.count)).trimmingCharacters(in: .whitespaces)
  }
}
/// CPU time, in seconds, that every process of the machine (`/proc/stat`, Linux) and this one
/// have used so far.
func cpuSeconds() -> (machine: Double, this: Double)? {
  guard let line = procLine("/proc/stat", prefix: "cpu ") else { return nil }
  // user nice system idle iowait irq softirq steal ...: all but idle and iowait are busy time.
  let ticks = line.split(separator: " ").compactMap { Double($0) }
  guard ticks.count >= 8 else { return nil }
  let busy = ticks[0] + ticks[1] + ticks[2] + ticks[5] + ticks[6] + ticks[7]
  var time = timespec()
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
  let this = Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  return (busy / Double(sysconf(Int32(_SC_CLK_TCK))), this)
}

// Other work on the machine skews the concurrent cases most: record how busy it was.
let loadAtStart = procLine("/proc/loadavg")
let cpuAtStart = cpuSeconds()
let runStart = now()

let report = Report(selection: selection)
let sampling =
  fixedIterations.map { "one sample of \($0) operations per figure, for callgrind" }
  ?? "\(settings.samples) samples of ~\(settings.sampleNanoseconds / 1_000_000) ms;"
  + " median per operation"
print(
  "swift-dependencies benchmarks: \(Implementation.description)\n(\(sampling); allocs and bytes"
    + " are per operation; a rate also shows the time per operation it comes to, all threads"
    + " together)")

for group in allGroups where only?.contains(group) ?? true {
  if selection.isRestricted && rateGroups.contains(group) { continue }
  runSharedGroup(group, settings, report)
  Implementation.runOwnGroup(group, settings, report)
}

/// Runs the group named `group` of the rows both implementations have, if it is one.
func runSharedGroup(_ group: String, _ settings: BenchmarkSettings, _ report: Report) {
  switch group {
  case "reads": runReadBenchmarks(settings, report, sizes: [0] + seriesSizes)
  case "scopes": runScopeBenchmarks(settings, report, sizes: [0] + seriesSizes)
  case "concurrency": runConcurrencyBenchmarks(settings, report)
  case "merge": runMergeBenchmarks(settings, report, modelSizes: [10, 100, 1_000])
  case "server": runServerScenario(settings, report)
  default: break
  }
}

for name in report.unmatchedNames {
  FileHandle.standardError.write(
    "note: no row of this run is named \"\(name)\"\n".data(using: .utf8)!)
}

// The cores other processes kept busy, on average, while this run went on.
var otherProcessesCores: String?
if let start = cpuAtStart, let end = cpuSeconds() {
  let seconds = Double(now() - runStart) / 1e9
  let others = max(0, (end.machine - start.machine) - (end.this - start.this)) / seconds
  otherProcessesCores = String(format: "%.2f", others)
  print(
    "\n(run took \(String(format: "%.0f", seconds)) s; other processes kept"
      + " \(otherProcessesCores!) cores busy on average)")
}

if let jsonPath {
  let machine = [
    "cores": String(ProcessInfo.processInfo.activeProcessorCount),
    "memory": "\(ProcessInfo.processInfo.physicalMemory / 1_073_741_824) GiB",
    "os": ProcessInfo.processInfo.operatingSystemVersionString,
    "cpu": procLine("/proc/cpuinfo", prefix: "model name\t:") ?? "unknown",
    "loadavg at start": loadAtStart ?? "unknown",
    "loadavg at end": procLine("/proc/loadavg") ?? "unknown",
    "cores busy with other processes": otherProcessesCores ?? "unknown",
  ]
  try report.writeJSON(
    to: jsonPath, implementation: Implementation.description, machine: machine)
  print("\nwrote \(jsonPath)")
}
