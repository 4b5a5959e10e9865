#!/usr/bin/env python3
"""Counts instructions per operation of each benchmark row, ours and the baseline (callgrind).

Usage:
  scripts/bench-instructions.py BENCHMARKS [--iterations N] [--only GROUPS] [--json FILE]

BENCHMARKS is a release build of the benchmark executable (`make bench-instructions` builds one
with DWARF 4 debug information, which valgrind 3.19 needs, and runs this script). The script runs
it under `valgrind --tool=callgrind --collect-atstart=no` with `--iterations N` (every measurement
is one warm-up and one timed sample of exactly N operations) and `--json`, so each row of the JSON
names its samples (`oursSample`, `baselineSample`); callgrind writes one dump per timed sample
("sample k", see `timedSample` in Benchmarks/Suite/Harness.swift). The table gives each dump's
instructions divided by N.

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
import os
import re
import subprocess
import sys
import tempfile

DEFAULT_GROUPS = "reads,scopes,merge"


def dump_totals(directory):
    """Instructions of each "sample k" dump in `directory`, by k."""
    totals = {}
    for name in os.listdir(directory):
        if not re.fullmatch(r"cg\.out\.\d+", name):
            continue
        sample = total = None
        with open(os.path.join(directory, name), encoding="utf-8", errors="replace") as f:
            for line in f:
                found = re.match(r"desc: Trigger: Client Request: sample (\d+)", line)
                if found:
                    sample = int(found.group(1))
                elif line.startswith("summary:") or line.startswith("totals:"):
                    total = int(line.split()[1])
                if sample is not None and total is not None:
                    break
        if sample is not None and total is not None:
            totals[sample] = total
    return totals


def count(x):
    return f"{x:,.0f}" if x >= 100 else f"{x:,.1f}"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("benchmarks", help="the benchmark executable (release build)")
    parser.add_argument("--iterations", type=int, default=1000, help="operations per sample")
    parser.add_argument("--only", default=DEFAULT_GROUPS, help="benchmark groups to run")
    parser.add_argument("--json", help="also write the counts to this JSON file")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory(prefix="bench-instructions-") as directory:
        results = os.path.join(directory, "results.json")
        command = [
            "valgrind", "--tool=callgrind", "--collect-atstart=no",
            f"--callgrind-out-file={os.path.join(directory, 'cg.out')}",
            args.benchmarks, "--only", args.only, "--iterations", str(args.iterations),
            "--json", results,
        ]
        print("running:", " ".join(command), file=sys.stderr)
        run = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        if run.returncode != 0:
            sys.stderr.write(run.stderr[-4000:])
            sys.exit(f"bench-instructions: the benchmark exited with status {run.returncode}")
        totals = dump_totals(directory)
        if not totals:
            sys.exit(
                "bench-instructions: callgrind wrote no sample dumps; was the executable built"
                + " with valgrind's callgrind.h present (Benchmarks/CallgrindSamples)?")
        with open(results, encoding="utf-8") as f:
            rows = json.load(f)["rows"]

    table = []
    for row in rows:
        if row["unit"] != "ns/op":
            continue
        ours = totals.get(row.get("oursSample"))
        baseline = totals.get(row.get("baselineSample"))
        if ours is None:
            continue
        entry = {
            "group": row["group"],
            "name": row["name"],
            "ours": ours / args.iterations,
            "baseline": None if baseline is None else baseline / args.iterations,
        }
        table.append(entry)

    print(f"instructions per operation (callgrind, {args.iterations} operations per sample)")
    print(f"{'row':<80} {'ours':>12} {'baseline':>12} {'baseline/ours':>14}")
    for entry in table:
        baseline = entry["baseline"]
        ratio = "" if baseline is None else f"{baseline / entry['ours']:.2f}"
        print(
            f"{entry['name']:<80} {count(entry['ours']):>12}"
            + f" {'' if baseline is None else count(baseline):>12} {ratio:>14}")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump({"iterations": args.iterations, "rows": table}, f, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
