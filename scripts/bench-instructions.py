#!/usr/bin/env python3
"""Counts instructions per operation of each benchmark row, ours and the baseline (callgrind).

Usage:
  scripts/bench-instructions.py BENCHMARKS [--iterations N] [--only GROUPS] [--json FILE]

BENCHMARKS is a release build of the benchmark executable (`make bench-instructions` builds it,
as `make bench` does, and runs this script). The script runs it under callgrind with
`--iterations N` (every measurement is one warm-up and one timed sample of exactly N operations)
and gives each row's instructions per operation (scripts/callgrind_counts.py has the details).

Instruction counts do not move with the load of the machine, unlike times, so they compare two
implementations on a busy machine; they do not see cache misses, lock contention or the cost of
a system call, and callgrind runs threads one at a time. Rows of threads and tasks (throughputs)
count only the thread that waits for them and are left out: their reads are the one-thread rows'
reads. The rows measured on one task ("… on a task") count that task's thread, which takes the
sample, and are kept.

BENCHMARKS may be any build of Benchmarks/Suite, for example one compiled against another
implementation of the classic API (see Benchmarks/Suite/main.swift); "ours" is then that
implementation.
"""

import argparse
import json
import sys

from callgrind_counts import CountError, count_instructions, runnable_copy

DEFAULT_GROUPS = "reads,scopes,merge"


def figure(x):
    """An instruction count per operation as the table prints it."""
    return f"{x:,.0f}" if x >= 100 else f"{x:,.1f}"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("benchmarks", help="the benchmark executable (release build)")
    parser.add_argument("--iterations", type=int, default=1000, help="operations per sample")
    parser.add_argument("--only", default=DEFAULT_GROUPS, help="benchmark groups to run")
    parser.add_argument("--json", help="also write the counts to this JSON file")
    args = parser.parse_args()

    try:
        with runnable_copy(args.benchmarks) as executable:
            print(f"counting {args.benchmarks} --only {args.only} with callgrind", file=sys.stderr)
            table, _ = count_instructions(executable, ["--only", args.only], args.iterations)
    except CountError as error:
        sys.exit(f"bench-instructions: {error}")

    print(f"instructions per operation (callgrind, {args.iterations} operations per sample)")
    print(f"{'row':<80} {'ours':>12} {'baseline':>12} {'baseline/ours':>14}")
    for entry in table:
        baseline = entry["baseline"]
        ratio = "" if baseline is None else f"{baseline / entry['ours']:.2f}"
        print(
            f"{entry['name']:<80} {figure(entry['ours']):>12}"
            + f" {'' if baseline is None else figure(baseline):>12} {ratio:>14}")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump({"iterations": args.iterations, "rows": table}, f, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
