#!/usr/bin/env python3
"""`make bench`: every row of the benchmark, this package beside the classic library.

Usage:
  scripts/bench.py [--quick] [--only GROUPS] [--json FILE] [--no-classic]

The rows (Benchmarks/Suite) use only the classic API, and build against both libraries, each in an
executable of its own, since two packages cannot both vend the module `Dependencies`:

  ours      `Benchmarks`, this package's target (release build, .build/release/Benchmarks), with
            the rows of its C core (Benchmarks/Suite/ThisPackage), which compare it with plain
            Swift measured in the same process;
  baseline  `ClassicBenchmarks`, the package Benchmarks/Classic, which pins the classic library
            (pointfreeco/swift-dependencies, `exact: "1.16.0"`; its Package.resolved pins the whole
            graph), built in release in .build-bench-classic. Offline it resolves from the offline
            copies (VENDOR, by default ../shared/vendor), otherwise from GitHub, and stops saying
            how to get them when it can do neither (scripts/outside_packages.py).

The script builds both, then runs them group by group (`--only GROUP --json`), one after the
other, the side that goes first alternating from group to group, and prints each group's rows as
one table: ours, the baseline (the classic library; plain Swift on the C core's rows), how many
times faster ours is, and the allocations and bytes per operation of both. With --json it writes
the rows of both in one document (the format scripts/perf-table.py and scripts/dev/bench-charts.py
read). --no-classic measures this package alone (the baseline column then holds only plain Swift).

scripts/dev/bench-instructions.py counts instructions of the same two executables with callgrind.
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

from outside_packages import Unavailable, resolve

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SWIFT = os.environ.get("SWIFT", "swift")
OURS = os.path.join(ROOT, ".build", "release", "Benchmarks")
CLASSIC_PACKAGE = os.path.join(ROOT, "Benchmarks", "Classic")
CLASSIC_SCRATCH = os.path.join(ROOT, ".build-bench-classic")
CLASSIC = os.path.join(CLASSIC_SCRATCH, "release", "ClassicBenchmarks")
GROUPS = ["trie", "reads", "scopes", "cache", "concurrency", "merge", "server"]
# The groups of the C core's rows, which only this package's executable has.
OURS_ONLY_GROUPS = {"trie", "cache"}
PLAIN_SWIFT = "plain Swift"


def build(classic):
    """Builds this package's benchmark executable, and the classic library's when `classic`.
    Raises Unavailable when the classic library cannot be resolved."""
    if classic:
        resolve(CLASSIC_PACKAGE, CLASSIC_SCRATCH, SWIFT, what="the classic library")
    print("building the benchmarks (release)", flush=True)
    subprocess.run([SWIFT, "build", "-c", "release", "--product", "Benchmarks"], check=True, cwd=ROOT)
    if classic:
        subprocess.run(
            [SWIFT, "build", "-c", "release", "--package-path", CLASSIC_PACKAGE,
             "--scratch-path", CLASSIC_SCRATCH, "--product", "ClassicBenchmarks"],
            check=True, cwd=ROOT)


def classic_version():
    """(version, revision) of the classic library that Benchmarks/Classic/Package.resolved pins."""
    with open(os.path.join(CLASSIC_PACKAGE, "Package.resolved"), encoding="utf-8") as f:
        pins = json.load(f)["pins"]
    pin = next(pin for pin in pins if pin["identity"] == "swift-dependencies")
    return pin["state"].get("version"), pin["state"]["revision"]


# What the benchmark executables are built from: a change elsewhere (the docs, the DocC catalogs
# under Sources/) changes no figure.
MEASURED = ["Package.swift", "Sources", "CSupport", "Benchmarks", ":(exclude,glob)Sources/*/Documentation.docc/**"]


def our_commit():
    """This repository's commit, with "+ changes" when what the benchmarks are built from differs
    from it in the work tree."""
    def git(*arguments):
        return subprocess.run(
            ["git", "-C", ROOT, *arguments], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
            text=True).stdout.strip()
    commit = git("rev-parse", "--short", "HEAD") or "unknown commit"
    changed = git("status", "--porcelain", "--untracked-files=no", "--", *MEASURED)
    return commit + (" + changes" if changed else "")


def sides(classic):
    """What the ours and baseline columns hold, for the header and the JSON."""
    ours = f"swift-dependencies, this package (commit {our_commit()}), release build"
    if not classic:
        return {"ours": ours, "baseline": "none (--no-classic)", "baselineLabel": None}
    version, revision = classic_version()
    return {
        "ours": ours,
        "baseline": (
            f"the classic library, pointfreeco/swift-dependencies {version} ({revision[:7]}),"
            " release build (Benchmarks/Classic)"),
        "baselineLabel": f"classic {version}",
        "classicVersion": version,
        "classicRevision": revision,
    }


def write_json(path, document):
    """Writes `document` to `path` as the committed results are written (sorted keys, indented)."""
    with open(path, "w", encoding="utf-8") as f:
        json.dump(document, f, indent=2, sort_keys=True)
        f.write("\n")
    print(f"wrote {path}")


def run_side(executable, arguments):
    """Runs one benchmark executable with `arguments` and returns its JSON document; its own table
    is not shown (on a failure, its output is)."""
    with tempfile.TemporaryDirectory(prefix="bench-") as directory:
        path = os.path.join(directory, "rows.json")
        run = subprocess.run(
            [executable, *arguments, "--json", path], stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT, text=True)
        if run.returncode != 0:
            sys.stdout.write(run.stdout)
            sys.exit(f"bench: {os.path.relpath(executable, ROOT)} exited with status {run.returncode}")
        with open(path, encoding="utf-8") as f:
            return json.load(f)


def flat(row, ours, baseline, kind):
    """A row of the merged document: ours, the baseline, each figure under its old flat name."""
    result = {"group": row["group"], "name": row["name"], "unit": row["unit"]}
    if row.get("parameter") is not None:
        result["parameter"] = row["parameter"]
    for side, figure in (("ours", ours), ("baseline", baseline)):
        if figure is None:
            continue
        result[side] = figure["median"]
        for key, suffix in (
            ("best", "Min"), ("allocations", "Allocations"), ("bytes", "Bytes"),
            ("nanosecondsPerOperation", "NanosecondsPerOperation"),
        ):
            if figure.get(key) is not None:
                result[side + suffix] = figure[key]
    if baseline is not None:
        result["baselineKind"] = kind
    return result


def merge(ours_document, classic_document):
    """The rows of ours' document, each with its baseline: plain Swift where ours' row has it (the
    C core's rows), else the classic library's row of the same name."""
    classic = {
        (row["group"], row["name"]): row for row in (classic_document or {}).get("rows", [])
    }
    rows = []
    for row in ours_document["rows"]:
        if row.get("plainSwift"):
            rows.append(flat(row, row["measured"], row["plainSwift"], PLAIN_SWIFT))
        else:
            other = classic.pop((row["group"], row["name"]), None)
            rows.append(flat(row, row["measured"], other and other["measured"], "classic"))
    for group, name in classic:
        print(f"bench: the classic run has a row ours has not: {group}: {name}", file=sys.stderr)
    return rows


# The console table.

def number(value):
    if value >= 1_000_000:
        return f"{value / 1_000_000:.2f}M"
    if value >= 10_000:
        return f"{value / 1000:.1f}k"
    return f"{value:.0f}" if value >= 100 else f"{value:.1f}"


def count(value):
    if value is None:
        return "-"
    return str(int(value)) if value == round(value) else f"{value:.1f}"


def speedup(row):
    """How many times better ours is (baseline/ours for times, ours/baseline for rates and
    ratios), or None."""
    ours, baseline = row.get("ours"), row.get("baseline")
    if not ours or not baseline:
        return None
    return baseline / ours if row["unit"] == "ns/op" else ours / baseline


class Table:
    """Prints merged rows as they come, a header per group and wherever the baseline changes."""

    def __init__(self, baseline_label):
        self.baseline_label = baseline_label
        self.group = self.header = None

    def add(self, row):
        is_rate = row["unit"] != "ns/op"
        label = PLAIN_SWIFT if row.get("baselineKind") == PLAIN_SWIFT else self.baseline_label or "-"
        header = (
            f"{'case':<72}{'ours':>12}{label:>16}{'speedup':>10}"
            + (f"{'ns/op, all threads':>22}" if is_rate else f"{'allocs':>16}{'bytes':>18}"))
        if row["group"] != self.group:
            print(f"\n{row['group']}")
        if row["group"] != self.group or header != self.header:
            print(header)
        self.group, self.header = row["group"], header
        better = speedup(row)
        baseline = row.get("baseline")
        line = (
            f"{row['name'] + ' [' + row['unit'] + ']':<72}{number(row['ours']):>12}"
            f"{'-' if baseline is None else number(baseline):>16}"
            f"{'-' if better is None else f'{better:.1f}x':>10}")
        if is_rate:
            times = " / ".join(
                "-" if row.get(side + "NanosecondsPerOperation") is None
                else number(row[side + "NanosecondsPerOperation"]) for side in ("ours", "baseline"))
            line += f"{times:>22}"
        else:
            line += f"{count(row.get('oursAllocations')) + ' / ' + count(row.get('baselineAllocations')):>16}"
            line += f"{count(row.get('oursBytes')) + ' / ' + count(row.get('baselineBytes')):>18}"
        print(line, flush=True)


# How busy the machine was.

def cpu_seconds():
    """Busy CPU seconds of the whole machine (/proc/stat), or None where it cannot be read."""
    try:
        with open("/proc/stat", encoding="utf-8") as f:
            ticks = [float(x) for x in f.readline().split()[1:]]
    except OSError:
        return None
    # user nice system idle iowait irq softirq steal: all but idle and iowait are busy time.
    return (sum(ticks[:3]) + sum(ticks[5:8])) / os.sysconf("SC_CLK_TCK")


def own_cpu_seconds():
    """CPU seconds of this process and the benchmark runs it waited for."""
    times = os.times()
    return times.user + times.system + times.children_user + times.children_system


def loadavg():
    try:
        with open("/proc/loadavg", encoding="utf-8") as f:
            return f.read().strip()
    except OSError:
        return "unknown"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="shorter samples, fewer of them")
    parser.add_argument("--only", default=",".join(GROUPS), help="the groups to run")
    parser.add_argument("--json", help="write both sides' rows to this file")
    parser.add_argument(
        "--no-classic", action="store_true",
        help="measure this package alone, without building the classic library")
    args = parser.parse_args()
    groups = [group for group in GROUPS if group in args.only.split(",")]
    unknown = set(args.only.split(",")) - set(GROUPS)
    if unknown or not groups:
        sys.exit(f"bench: unknown group {', '.join(sorted(unknown))}; the groups: {','.join(GROUPS)}")
    classic = not args.no_classic

    try:
        build(classic)
    except Unavailable as error:
        sys.exit(
            f"bench: {error}\n\n`make bench BENCH_FLAGS=--no-classic` measures this package alone,"
            " without the classic library.")
    except subprocess.CalledProcessError as error:
        sys.exit(f"bench: the build failed ({error})")

    described = sides(classic)
    samples = "3 samples of ~10 ms" if args.quick else "7 samples of ~60 ms"
    print(
        f"\nswift-dependencies benchmarks ({samples}, median per operation; allocs and bytes are"
        " per operation, ours / baseline; a rate also shows the time per operation it comes to,"
        " all threads together)\n"
        f"ours:     {described['ours']}\n"
        f"baseline: {described['baseline']};\n"
        f"          {PLAIN_SWIFT} beside the rows of this package's C core (the trie, the cache,"
        " the trie merge), which have no classic counterpart")

    start = (time.time(), cpu_seconds(), own_cpu_seconds(), loadavg())
    table = Table(described.get("baselineLabel"))
    rows = []
    machine = {}
    extra = ["--quick"] if args.quick else []
    for index, group in enumerate(groups):
        runs = [("ours", OURS)]
        if classic and group not in OURS_ONLY_GROUPS:
            runs.append(("classic", CLASSIC))
            if index % 2:
                runs.reverse()
        documents = {side: run_side(executable, ["--only", group, *extra]) for side, executable in runs}
        machine = machine or documents["ours"]["machine"]
        for row in merge(documents["ours"], documents.get("classic")):
            table.add(row)
            rows.append(row)

    seconds = time.time() - start[0]
    busy = None
    if start[1] is not None:
        others = (cpu_seconds() - start[1]) - (own_cpu_seconds() - start[2])
        busy = f"{max(0.0, others) / seconds:.2f}"
        print(f"\n(the runs took {seconds:.0f} s; other processes kept {busy} cores busy on average)")
    if args.json:
        machine.update({
            "loadavg at start": start[3], "loadavg at end": loadavg(),
            "cores busy with other processes": busy or "unknown",
            # The runs of both libraries, after the builds: what `make bench` takes once built.
            "seconds of the runs": round(seconds),
        })
        document = {
            "command": "scripts/bench.py " + " ".join(sys.argv[1:]),
            "sides": described,
            "machine": machine,
            "rows": rows,
        }
        write_json(args.json, document)
    return 0


if __name__ == "__main__":
    sys.exit(main())
