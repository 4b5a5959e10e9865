#!/usr/bin/env python3
"""The instruction-count gate: fails when a row of ours takes more instructions than it may.

Usage:
  scripts/bench-gate.py BENCHMARKS [--thresholds FILE] [--iterations N]
  scripts/bench-gate.py BENCHMARKS --print-thresholds [--headroom PERCENT]

BENCHMARKS is a release build of this package's benchmark executable (`make bench-gate` builds it,
as `make bench` does, and runs this script); the gate counts this package only, never the classic
library's executable that `make bench` runs beside it. The thresholds file (Benchmarks/Thresholds/instructions.json)
is one JSON object: each key is the name of a benchmark row of times as the benchmark prints it,
each value the most instructions per operation that our side of the row may take. The script
counts our side of those rows only, with callgrind (scripts/callgrind_counts.py has the details),
prints each row's count against its threshold, and fails (status 1) naming:
- every row over its threshold;
- every threshold whose row the benchmark no longer has (renamed or removed), and every row that
  ran but was not counted: a threshold that checks nothing is an error, not a pass.

Each row is counted in a benchmark process of its own (`--only reads,scopes,merge --row NAME`), as many at a time as the machine has cores (`--jobs`), so that its count depends
only on its own code and its group's set-up, not on which other rows the file names: some rows
cost more or less after other work in the same process ("withDependencies(from:), model has 10
overrides", which is mostly reflection, took from 24,801 to 25,896 instructions depending on what
ran before it).

Counts are deterministic for one build on one machine (same toolchain, same C library, same
instruction set as valgrind presents it), so the thresholds are the counts of this repository's CI
machine plus a few percent, for the build `swift build -c release` makes, which `make
release-checks` shares (it turns testable imports off): a build with testable imports (a plain
`swift test -c release`) compiles every module with -enable-testing, which moves some counts by
about 1 %. The gate never writes the file: a threshold changes by a reviewed edit
of it. `--print-thresholds` prints, in the file's format, thresholds HEADROOM percent (default 3)
above the figures this run measured, for every row of the file, to copy into it; to gate a new row,
add its name to the file with any number first.
"""

import argparse
import concurrent.futures
import json
import math
import os
import sys

from callgrind_counts import CountError, count_instructions, runnable_copy

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
THRESHOLDS = os.path.join(ROOT, "Benchmarks/Thresholds/instructions.json")
# The benchmark groups that hold the rows the gate may check; a row of another group is reported
# as missing.
GROUPS = "reads,scopes,merge"


def load_thresholds(path):
    """The thresholds of `path`, by row name in the file's order; exits with a message if the file
    is not one JSON object of positive whole numbers with distinct names."""
    def distinct(pairs):
        names = [name for name, _ in pairs]
        repeated = sorted({name for name in names if names.count(name) > 1})
        if repeated:
            sys.exit(f"bench-gate: {path} names these rows more than once: {repeated}")
        return dict(pairs)

    try:
        with open(path, encoding="utf-8") as f:
            thresholds = json.load(f, object_pairs_hook=distinct)
    except (OSError, json.JSONDecodeError) as error:
        sys.exit(f"bench-gate: cannot read the thresholds: {error}")
    if not isinstance(thresholds, dict) or not thresholds:
        sys.exit(f"bench-gate: {path} must be a JSON object of row name to instructions")
    for name, value in thresholds.items():
        if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
            sys.exit(
                f'bench-gate: the threshold of "{name}" in {path} is not a positive whole number')
    return thresholds


def shown_path(path):
    """`path` as the table names it: relative to the repository when inside it."""
    relative = os.path.relpath(os.path.abspath(path), ROOT)
    return path if relative.startswith("..") else relative


def count_rows(benchmarks, names, iterations, jobs):
    """Counts our side of each row of `names`, each in a benchmark process of its own, `jobs` at a
    time. Returns the counts by name and, for each name without one, why (in the order of
    `names`). Raises CountError when a run fails."""
    def one(executable, name):
        arguments = ["--only", GROUPS, "--row", name]
        rows, document = count_instructions(executable, arguments, iterations)
        counted = [row["measured"] for row in rows if row["name"] == name]
        if counted:
            return counted[0], None
        if name in document.get("unmatchedRows", []):
            return None, (
                f"no row of the benchmark (groups {GROUPS}) has this name: it was renamed or"
                " removed, so its threshold checks nothing; rename or remove it in the thresholds"
                " file")
        if any(row["name"] == name for row in document["rows"]):
            return None, "the row ran but callgrind counted none of its instructions"
        return None, "missing from the run"

    with runnable_copy(benchmarks) as executable:
        with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
            results = list(pool.map(lambda name: one(executable, name), names))
    counts = {name: count for name, (count, _) in zip(names, results) if count is not None}
    missing = [(name, reason) for name, (_, reason) in zip(names, results) if reason is not None]
    return counts, missing


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("benchmarks", help="the benchmark executable (release build)")
    parser.add_argument("--thresholds", default=THRESHOLDS, help="the thresholds file")
    parser.add_argument("--iterations", type=int, default=1000, help="operations per sample")
    parser.add_argument(
        "--jobs", type=int, default=os.cpu_count() or 1, help="processes at a time (default: cores)")
    parser.add_argument(
        "--print-thresholds", action="store_true",
        help="print thresholds HEADROOM %% above the measured figures, in the file's format")
    parser.add_argument(
        "--headroom", type=float, default=3.0, help="percent above the figures (default 3)")
    args = parser.parse_args()

    # The table (stdout) comes before the verdict (stderr) in a log that holds both.
    sys.stdout.reconfigure(line_buffering=True)
    thresholds = load_thresholds(args.thresholds)
    print(
        f"counting {len(thresholds)} rows of {args.benchmarks} with callgrind, one process each,"
        f" {args.jobs} at a time", file=sys.stderr)
    try:
        counts, missing = count_rows(args.benchmarks, list(thresholds), args.iterations, args.jobs)
    except CountError as error:
        sys.exit(f"bench-gate: {error}")

    if args.print_thresholds:
        proposed = {
            name: math.ceil(counts[name] * (1 + args.headroom / 100))
            for name in thresholds if name in counts
        }
        print(json.dumps(proposed, indent=2, ensure_ascii=False))
        for name, reason in missing:
            print(f'bench-gate: "{name}": {reason}', file=sys.stderr)
        return 1 if missing else 0

    width = max(len(name) for name in thresholds)
    print(
        f"instructions per operation of ours (callgrind, {args.iterations} operations per sample)"
        f" against {shown_path(args.thresholds)}")
    print(f"{'row':<{width}} {'count':>10} {'threshold':>10} {'margin':>8}")
    # Counts keep a decimal: a count of 446.1 is over a threshold of 446.
    over = []
    for name, threshold in thresholds.items():
        count = counts.get(name)
        if count is None:
            print(f"{name:<{width}} {'-':>10} {threshold:>10,} {'':>8}  MISSING")
            continue
        margin = (threshold - count) / count * 100
        verdict = "ok" if count <= threshold else "OVER"
        print(f"{name:<{width}} {count:>10,.1f} {threshold:>10,} {margin:>+7.1f}%  {verdict}")
        if count > threshold:
            over.append((name, count, threshold))

    if not over and not missing:
        print(f"bench-gate: all {len(thresholds)} rows within their thresholds")
        return 0
    print("\nbench-gate: FAILED", file=sys.stderr)
    for name, count, threshold in over:
        print(
            f'  "{name}": {count:,.1f} instructions per operation, over its threshold of'
            f" {threshold:,} by {(count - threshold) / threshold * 100:.2f} %",
            file=sys.stderr)
    for name, reason in missing:
        print(f'  "{name}": {reason}', file=sys.stderr)
    if over:
        print(
            "A row over its threshold is slower than the committed figure: make it fast again, or,"
            " when the cost is wanted, raise its threshold in the thresholds file (a reviewed edit;"
            " --print-thresholds prints figures in its format).", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
