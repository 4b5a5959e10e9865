import Foundation

// The benchmark suite: every hot path of the library beside the in-repo model of the classic
// library's algorithm (ClassicBaseline*.swift; not the classic library itself), through the API as
// users write it: `@Dependency` properties of models, `withDependencies`, `withDependencies(from:)`.
//
//   swift run -c release Benchmarks [--quick] [--json FILE] [--only GROUP[,GROUP...]]
//                                   [--iterations N] [--row NAME]... [--no-baseline]
//
// Groups: trie, reads, scopes, cache, concurrency, merge, server. `--iterations N` makes every
// measurement one warm-up and one timed sample of exactly N operations, for counting instructions
// with callgrind (see `timedSample` in Harness.swift). `--row NAME` (repeatable) measures only the
// rows of times so named, as the table prints them, and `--no-baseline` only our side of each (see
// RowSelection.swift); with either, the groups of rates (cache, concurrency, server) do not run.
//
// The groups that measure the API (reads, scopes, concurrency, merge, server) use only the classic
// spellings, so these files also build against another implementation of them: a package whose
// executable target compiles this folder against another module named `Dependencies` (the real
// classic library, say, built outside this repository) measures that implementation as "ours",
// beside the same in-repo baseline. The C core's groups (trie, cache and the trie merge: the files
// that import `CDependencies`) are left out of such a build, and not called here without it.

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
  case "--only": only = Set((arguments.popFirst() ?? "").split(separator: ",").map(String.init))
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
  case "--no-baseline": selection.measuresBaseline = false
  case "--help", "-h":
    print(
      "usage: Benchmarks [--quick] [--json FILE]"
        + " [--only trie,reads,scopes,cache,concurrency,merge,server] [--iterations N]"
        + " [--row NAME]... [--no-baseline]")
    exit(0)
  default:
    FileHandle.standardError.write("unknown argument \(argument); try --help\n".data(using: .utf8)!)
    exit(2)
  }
}

settings.fixedIterations = fixedIterations

#if DEBUG
  print("warning: this is a debug build; run with `swift run -c release Benchmarks`.")
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
let sizes = [10, 100, 1_000, 10_000]
let sampling =
  fixedIterations.map { "one sample of \($0) operations per figure, for callgrind" }
  ?? "\(settings.samples) samples of ~\(settings.sampleNanoseconds / 1_000_000) ms;"
  + " median per operation"
print(
  "swift-dependencies benchmarks (\(sampling); "
    + "allocs and bytes are per operation, ours / baseline; a rate also shows the time per operation"
    + " it comes to, all threads together)\n"
    + "baseline: \"classic model\" is the in-repo model of the classic library's algorithm"
    + " (Benchmarks/Suite/ClassicBaseline*.swift), not the classic library itself;"
    + " \"plain Swift\" is a Dictionary (behind a lock) beside the C core")

#if canImport(CDependencies)
  if only?.contains("trie") ?? true { runTrieBenchmarks(settings, report, sizes: sizes) }
#endif
if only?.contains("reads") ?? true { runReadBenchmarks(settings, report, sizes: [0] + sizes) }
if only?.contains("scopes") ?? true { runScopeBenchmarks(settings, report, sizes: [0] + sizes) }
#if canImport(CDependencies)
  if only?.contains("cache") ?? true, !selection.isRestricted {
    runCacheBenchmarks(settings, report)
  }
#endif
if only?.contains("concurrency") ?? true, !selection.isRestricted {
  runConcurrencyBenchmarks(settings, report)
}
if only?.contains("merge") ?? true {
  runMergeBenchmarks(settings, report, modelSizes: [10, 100, 1_000])
  #if canImport(CDependencies)
    runTrieMergeBenchmarks(settings, report, sizes: sizes)
  #endif
}
if only?.contains("server") ?? true, !selection.isRestricted {
  runServerScenario(settings, report)
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
  try report.writeJSON(to: jsonPath, machine: machine)
  print("\nwrote \(jsonPath)")
}
