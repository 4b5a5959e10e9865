#!/usr/bin/env python3
"""Renders the benchmark figures of the README and the Performance article from a results JSON.

Usage:
  scripts/perf-table.py [RESULTS.json]            print the figures block (Markdown)
  scripts/perf-table.py [RESULTS.json] --write    replace the blocks in README.md and Performance.md

RESULTS.json defaults to docs/bench-results.json, the committed copy of one full run of
`make bench-json` (which writes bench-results/results.json; `make bench-docs` copies it to
docs/bench-results.json and runs this script with --write). The block lives between the lines
`<!-- figures:begin -->` and `<!-- figures:end -->` of
Sources/Dependencies/Documentation.docc/Performance.md and of README.md; nothing else in either
file changes.

Every figure of the tables comes from the JSON, and every case is labelled with the row's name as
the benchmark prints it; rows missing from the JSON are left out. The line on the real classic
library quotes CALIBRATION below: figures measured once, beside the in-repo baseline, by building
pointfreeco/swift-dependencies from source outside the project (it is never built by the project).
"""

import json
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TARGETS = [
    os.path.join(ROOT, "Sources/Dependencies/Documentation.docc/Performance.md"),
    os.path.join(ROOT, "README.md"),
]
BEGIN, END = "<!-- figures:begin -->", "<!-- figures:end -->"

# The rows shown: (benchmark group prefix, row names), each group its own table, in this order.
ROWS = [
    ("@Dependency reads", [
        "cached default, model created at the root",
        "cached default, model created at the root, @Dependency(Key.self)",
        "overridden key, root model read in the overriding scope",
        "overridden key, root model read in the overriding scope, @Dependency(Key.self)",
        "captured in scope S1, read inside scope S2",
        "captured in scope S1, read inside scope S2, @Dependency(Key.self)",
        "read, 1000 overrides in context",
    ]),
    ("withDependencies scopes", [
        "withDependencies (1 override), 0 keys in context",
        "withDependencies (1 override), 1000 keys in context",
        "10 nested scopes (1 override each), then a read",
        "withDependencies (1 override) returning a new model",
    ]),
    ("Concurrent reads of one shared model", [
        "1 thread",
        "2 threads",
        "8 threads",
        "task group of 8 tasks",
        "2 threads, @Dependency(Key.self)",
    ]),
    ("Merges", [
        "withDependencies(from:), model has 1000 overrides",
        "trie merge, b = a + 4 inserts, 1000 keys",
    ]),
    ("Trie vs Dictionary", [
        "lookup, 1000 keys",
        "insert into shared, 1000 keys",
    ]),
    ("Default-value cache", [
        "get, 8 keys (memo hits), 1 thread",
        "get, 1,000 keys (table reads), 2 threads",
    ]),
    ("Server scenario", [
        "requests, concurrency 1",
        "requests, concurrency 2",
    ]),
]

# The real classic library (pointfreeco/swift-dependencies f84167a with its satellites, release
# build from source, outside the project) running the same workloads with the same harness, beside
# the in-repo baseline: each group run by each side in turn, eight rounds; the figure is the lowest
# of the eight medians, in ns per operation. On every row the baseline landed within 0.97x to 1.16x
# of the real library.
CALIBRATION = {
    "when": "a 2-core Intel Xeon VM",
    "runs": "eight runs: three while the machine was quiet, five while other jobs kept about one"
    + " core busy",
    # Slowest against fastest run of a row, median over the rows.
    "run-to-run": "about 10 % between three runs on a quiet machine, and about 60 % between five"
    + " runs while other jobs kept one core busy",
    # row name: (real classic, in-repo baseline); the thread and task rows are ns per read of all
    # threads together, the server row ns per request.
    "rows": {
        "cached default, model created at the root": (1019, 1085),
        "cached default, model created at the root, @Dependency(Key.self)": (1014, 1096),
        "overridden key, root model read in the overriding scope": (493, 518),
        "captured in scope S1, read inside scope S2": (556, 611),
        "read, 1000 overrides in context": (53465, 54094),
        "withDependencies (1 override), 0 keys in context": (225, 223),
        "withDependencies (1 override), 1000 keys in context": (12220, 12087),
        "10 nested scopes (1 override each), then a read": (3640, 3684),
        "withDependencies (1 override) returning a new model": (3539, 3802),
        "2 threads": (984, 1137),
        "8 threads": (1013, 1139),
        "task group of 8 tasks": (1055, 1157),
        "withDependencies(from:), model has 1000 overrides": (16329, 16372),
        "requests, concurrency 2": (68351, 65985),
    },
}


def number(value, unit):
    if unit in ("reads/s", "req/s"):
        for scale, suffix in ((1e9, " G"), (1e6, " M"), (1e3, " k")):
            if value >= scale:
                return f"{value / scale:.1f}{suffix}"
        return f"{value:.0f}"
    if value >= 10_000:
        return f"{value / 1000:,.1f} k"
    if value >= 100:
        return f"{value:,.0f}"
    return f"{value:.1f}"


def nanoseconds(value):
    if value >= 10_000:
        return f"{value / 1000:,.1f} µs"
    return f"{value:,.0f} ns"


def cell(text):
    """A row name as a table cell: verbatim, with Markdown's own characters escaped."""
    return text.replace("\\", "\\\\").replace("|", "\\|").replace("*", "\\*").replace("_", "\\_")


def speedup(row):
    ours, baseline = row["ours"], row.get("baseline")
    if not baseline or not ours:
        return "–"
    factor = baseline / ours if row["unit"] == "ns/op" else ours / baseline
    return f"{factor:,.1f}x" if factor < 100 else f"{factor:,.0f}x"


def allocations(row):
    found = [row.get(key) for key in ("oursAllocations", "baselineAllocations")]
    if found[0] is None:
        return "–"
    return " / ".join(
        "–" if value is None else f"{value:.0f}" if value == round(value) else f"{value:.1f}"
        for value in found
    )


def spread(row):
    """How far the fastest sample was from the median, as a fraction, for ours and the baseline."""
    result = []
    for median_key, best_key in (("ours", "oursMin"), ("baseline", "baselineMin")):
        median, best = row.get(median_key), row.get(best_key)
        if median and best:
            result.append(abs(median - best) / median)
    return result


def render(results):
    rows = results["rows"]
    machine = results.get("machine", {})
    described = ", ".join(str(machine[k]) for k in ("cpu", "os") if machine.get(k))
    busy = machine.get("cores busy with other processes")
    cores = machine.get("cores", "2")
    parts = [
        f"Figures from `make bench-json` on a {cores}-core machine"
        + (f" ({described})" if described else "")
        + (f", other processes keeping {busy} cores busy on average" if busy else "")
        + "; release build, median of the samples; read from `docs/bench-results.json`. Each case"
        + " is named as the benchmark prints it; reads go through `@Dependency(\\.key)` unless the"
        + " case says `@Dependency(Key.self)`. \"Ours vs baseline\" is how many times faster ours"
        + " is; allocations are per operation on the measuring thread, ours / baseline."
    ]
    spreads = []
    for group, names in ROWS:
        found = [
            next((r for r in rows if r["group"].startswith(group) and r["name"] == name), None)
            for name in names
        ]
        found = [row for row in found if row is not None]
        if not found:
            continue
        lines = [
            f"**{cell(found[0]['group'])}**",
            "",
            "| Case | Unit | Ours | Classic baseline | Ours vs baseline | Allocations |",
            "|---|---|--:|--:|--:|--:|",
        ]
        for row in found:
            unit = row["unit"]
            baseline = row.get("baseline")
            lines.append(
                f"| {cell(row['name'])} | {unit} | {number(row['ours'], unit)} | "
                + (number(baseline, unit) if baseline is not None else "–")
                + f" | {speedup(row)} | {allocations(row)} |"
            )
            spreads += [(fraction, row["name"]) for fraction in spread(row)]
        parts.append("\n".join(lines))
    if spreads:
        spreads.sort()
        typical = spreads[len(spreads) // 2]
        widest = spreads[-1]
        parts.append(
            "Spread: on the rows above, the fastest sample was typically within "
            + f"{typical[0] * 100:.0f} % of the median, and at most {widest[0] * 100:.0f} % away"
            + f" (on \"{widest[1]}\")"
            + (
                "; from run to run (during the calibration below), a row's median typically varied"
                f" by {CALIBRATION['run-to-run']}"
                if CALIBRATION["run-to-run"]
                else ""
            )
            + ". The machine is shared with other jobs: treat differences under about 20 % as"
            + " noise."
        )
    parts.append(
        "The classic baseline (`Benchmarks/Suite/ClassicBaseline.swift`) follows the classic"
        + " library's algorithm: dictionaries of values merged on every `@Dependency` read and"
        + " bound in a task-local, the context stored as a key, defaults behind a recursive lock,"
        + " objects returned by a scope recorded with a clean-up task each. For the C core's rows"
        + " it is the plain Swift equivalent (a `Dictionary`, or a dictionary behind a lock)."
    )
    if CALIBRATION["rows"]:
        quoted = "; ".join(
            f"\"{name}\" {nanoseconds(real)} (baseline {nanoseconds(baseline)})"
            for name, (real, baseline) in CALIBRATION["rows"].items()
        )
        parts.append(
            "Calibration: the real classic library (pointfreeco/swift-dependencies f84167a, release"
            + " build from source, outside this repository) ran the same workloads with the same"
            + " harness, in turn with the baseline"
            + (f" on {CALIBRATION['when']}" if CALIBRATION["when"] else "")
            + f"; the lowest median of {CALIBRATION['runs']}; per operation (thread and task rows:"
            + f" per read, all threads together; server row: per request): {quoted}."
        )
    return "\n\n".join(parts)


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    path = args[0] if args else os.path.join(ROOT, "docs/bench-results.json")
    with open(path, encoding="utf-8") as f:
        block = render(json.load(f))
    if "--write" not in sys.argv:
        print(block)
        return 0
    pattern = re.compile(re.escape(BEGIN) + r".*?" + re.escape(END), re.S)
    for target in TARGETS:
        with open(target, encoding="utf-8") as f:
            text = f.read()
        if not pattern.search(text):
            sys.exit(f"perf-table: no {BEGIN} … {END} block in {target}")
        text = pattern.sub(lambda _: f"{BEGIN}\n{block}\n{END}", text)
        with open(target, "w", encoding="utf-8") as f:
            f.write(text)
        print(
            f"perf-table: updated {os.path.relpath(target, ROOT)}"
            + f" from {os.path.relpath(path, ROOT)}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
