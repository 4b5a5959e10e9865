#!/usr/bin/env python3
"""Counts instructions per operation of each benchmark row, this package's and the classic
library's (callgrind).

Usage:
  scripts/dev/bench-instructions.py [--iterations N] [--only GROUPS] [--json FILE] [--no-classic]
                                [--library-evolution]

`make bench-instructions` runs it. It builds the two benchmark executables as `make bench` does
(scripts/bench.py: this package's `Benchmarks`, and `ClassicBenchmarks`, the same rows built
against the classic library in Benchmarks/Classic), runs each under callgrind with `--iterations
N` (every measurement is one warm-up and one timed sample of exactly N operations), both at once,
and gives each row's instructions per operation, ours beside the classic library's (plain Swift's
on the C core's rows); scripts/callgrind_counts.py has the details.

Instruction counts do not move with the load of the machine, unlike times, so they compare two
implementations on a busy machine; they do not see cache misses, lock contention or the cost of
a system call, and callgrind runs threads one at a time. Rows of threads and tasks (throughputs)
count only the thread that waits for them and are left out: their reads are the one-thread rows'
reads. The rows measured on one task ("… on a task") count that task's thread, which takes the
sample, and are kept.

With --json, the counts of both sides are written to FILE (docs/bench-instructions.json is such a
file, which the Performance article's table of the gated rows comes from: scripts/perf-table.py).

--library-evolution counts this package alone, with `Benchmarks` built for library evolution
(`-enable-library-evolution` on every module, in a scratch path of its own, .build-resilient): what
a client's inlined reads and scope entries cost against a library built resiliently, as a binary
framework ships it (docs/bench-instructions-resilient.json is such a run; the Deploying article
shows it beside the default build's counts).
"""

import argparse
import concurrent.futures
import os
import subprocess
import sys

# The shared modules of scripts/ (this script lives in scripts/dev/).
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from bench import CLASSIC, OURS, PLAIN_SWIFT, ROOT, SWIFT, build, sides, write_json
from callgrind_counts import CountError, count_instructions, runnable_copy
from outside_packages import Unavailable

DEFAULT_GROUPS = "reads,scopes,merge"
# --library-evolution: every module of the benchmark's graph built resiliently, apart from the
# default release build (the flags change every module).
RESILIENT_SCRATCH = os.path.join(ROOT, ".build-resilient")
RESILIENT = os.path.join(RESILIENT_SCRATCH, "release", "Benchmarks")


def build_resilient():
    print("building the benchmarks (release, library evolution)", flush=True)
    subprocess.run(
        [SWIFT, "build", "-c", "release", "--product", "Benchmarks", "--scratch-path",
         RESILIENT_SCRATCH, "-Xswiftc", "-enable-library-evolution"], check=True, cwd=ROOT)


def figure(x):
    """An instruction count per operation as the table prints it."""
    return f"{x:,.0f}" if x >= 100 else f"{x:,.1f}"


def count(executable, groups, iterations):
    """The rows `count_instructions` gives for one executable."""
    with runnable_copy(executable) as copy:
        rows, _ = count_instructions(copy, ["--only", groups], iterations)
    return rows


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--iterations", type=int, default=1000, help="operations per sample")
    parser.add_argument("--only", default=DEFAULT_GROUPS, help="benchmark groups to run")
    parser.add_argument("--json", help="also write the counts to this JSON file")
    parser.add_argument(
        "--no-classic", action="store_true", help="count this package alone")
    parser.add_argument(
        "--library-evolution", action="store_true",
        help="count this package alone, built for library evolution (.build-resilient)")
    args = parser.parse_args()
    classic = not args.no_classic and not args.library_evolution

    try:
        if args.library_evolution:
            build_resilient()
        else:
            build(classic)
    except subprocess.CalledProcessError as error:
        sys.exit(f"bench-instructions: the build failed ({error})")
    except Unavailable as error:
        sys.exit(
            f"bench-instructions: {error}\n\n`make bench-instructions BENCH_FLAGS=--no-classic`"
            " counts this package alone.")
    executables = [RESILIENT if args.library_evolution else OURS] + ([CLASSIC] if classic else [])
    print(f"counting {', '.join(executables)} --only {args.only} with callgrind", file=sys.stderr)
    try:
        with concurrent.futures.ThreadPoolExecutor(len(executables)) as pool:
            counted = list(
                pool.map(lambda executable: count(executable, args.only, args.iterations), executables))
    except CountError as error:
        sys.exit(f"bench-instructions: {error}")

    described = sides(classic)
    if args.library_evolution:
        described["ours"] = described["ours"].replace(
            "release build", "release build for library evolution (-enable-library-evolution)")
    classic_rows = {(row["group"], row["name"]): row for row in (counted[1] if classic else [])}
    table = []
    for row in counted[0]:
        if row["plainSwift"] is not None:
            baseline, kind = row["plainSwift"], PLAIN_SWIFT
        else:
            other = classic_rows.get((row["group"], row["name"]))
            baseline, kind = (other["measured"], "classic") if other else (None, None)
        table.append({
            "group": row["group"], "name": row["name"], "ours": row["measured"],
            "baseline": baseline, "baselineKind": kind,
        })

    print(
        f"instructions per operation (callgrind, {args.iterations} operations per sample)\n"
        f"ours:     {described['ours']}\n"
        f"baseline: {described['baseline']}; {PLAIN_SWIFT} on the C core's rows")
    label = described.get("baselineLabel") or "baseline"
    print(f"{'row':<80} {'ours':>12} {'baseline':>16} {'baseline/ours':>14}")
    for entry in table:
        baseline = entry["baseline"]
        shown = "" if baseline is None else figure(baseline) + (
            " (plain)" if entry["baselineKind"] == PLAIN_SWIFT else "")
        ratio = "" if baseline is None else f"{baseline / entry['ours']:.2f}"
        print(f"{entry['name']:<80} {figure(entry['ours']):>12} {shown:>16} {ratio:>14}")
    print(f"(baseline: {label}; \"(plain)\": {PLAIN_SWIFT})")
    if args.json:
        write_json(args.json, {
            "command": "scripts/dev/bench-instructions.py " + " ".join(sys.argv[1:]),
            "iterations": args.iterations, "sides": described, "rows": table,
        })
    return 0


if __name__ == "__main__":
    sys.exit(main())
