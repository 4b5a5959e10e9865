#!/usr/bin/env python3
"""Renders the figures table of the Performance article from a benchmark results JSON.

Usage:
  scripts/perf-table.py [RESULTS.json]            print the table (Markdown)
  scripts/perf-table.py [RESULTS.json] --write    replace the table in Performance.md

RESULTS.json defaults to docs/bench-results.json, the committed copy of one full run of
`make bench-json` (which writes bench-results/results.json). The table lives in
Sources/Dependencies/Documentation.docc/Performance.md between the lines
`<!-- figures:begin -->` and `<!-- figures:end -->`; nothing else in the article changes.
Every figure comes from the JSON; rows whose case is missing from it are left out.
"""

import json
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ARTICLE = os.path.join(ROOT, "Sources/Dependencies/Documentation.docc/Performance.md")
BEGIN, END = "<!-- figures:begin -->", "<!-- figures:end -->"

# (label in the article, benchmark group prefix, benchmark case name)
ROWS = [
    ("Read a cached default, `@Dependency(Key.self)`", "@Dependency reads",
     "cached default, @Dependency(Key.self)"),
    ("Read a cached default, `@Dependency(\\.key)`", "@Dependency reads",
     "cached default, @Dependency(\\.key)"),
    ("Read an overridden key", "@Dependency reads", "overridden key"),
    ("Read, 10 overrides in context", "@Dependency reads", "read, 10 overrides in context"),
    ("Read, 1,000 overrides in context", "@Dependency reads", "read, 1000 overrides in context"),
    ("Enter a scope (1 override), 10 keys in context", "withDependencies scopes",
     "enter scope with 1 override, 10 keys"),
    ("Enter a scope (1 override), 1,000 keys in context", "withDependencies scopes",
     "enter scope with 1 override, 1000 keys"),
    ("10 nested scopes, then a read", "withDependencies scopes", "10 nested scopes, then a read"),
    ("`withDependencies(from:)`, model with 1,000 overrides", "Merges",
     "withDependencies(from:), model has 1000 overrides"),
    ("Trie lookup, 1,000 keys (C)", "Trie vs Dictionary", "lookup, 1000 keys"),
    ("Trie insert into a shared root, 1,000 keys (C)", "Trie vs Dictionary",
     "insert into shared, 1000 keys"),
    ("Cache read, per-thread memo hit, 1 thread (C)", "Default-value cache",
     "get, 8 keys (memo hits), 1 thread"),
    ("Cache read, table, 2 threads (C)", "Default-value cache",
     "get, 1,000 keys (table reads), 2 threads"),
    ("Cached `@Dependency` reads, 2 threads", "Concurrent @Dependency reads", "2 threads"),
    ("Server scenario, 2 requests at a time", "Server scenario", "requests, concurrency 2"),
]


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


def render(results):
    rows = results["rows"]
    machine = results.get("machine", {})
    lines = [
        "| Case | Unit | Ours | Classic baseline | Allocations (ours) |",
        "|---|---|--:|--:|--:|",
    ]
    for label, group, name in ROWS:
        row = next((r for r in rows if r["group"].startswith(group) and r["name"] == name), None)
        if row is None:
            continue
        unit = row["unit"]
        baseline = row.get("baseline")
        allocations = row.get("oursAllocations")
        lines.append(
            f"| {label} | {unit} | {number(row['ours'], unit)} | "
            + (number(baseline, unit) if baseline is not None else "–")
            + " | "
            + (str(allocations) if allocations is not None else "–")
            + " |"
        )
    described = ", ".join(
        str(machine[k]) for k in ("cpu", "os") if machine.get(k)
    )
    cores = machine.get("cores", "2")
    return (
        f"Figures from `make bench` on a {cores}-core machine"
        + (f" ({described})" if described else "")
        + ", release build, median sample; read from `docs/bench-results.json`.\n\n"
        + "\n".join(lines)
    )


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    path = args[0] if args else os.path.join(ROOT, "docs/bench-results.json")
    with open(path, encoding="utf-8") as f:
        table = render(json.load(f))
    if "--write" not in sys.argv:
        print(table)
        return 0
    with open(ARTICLE, encoding="utf-8") as f:
        article = f.read()
    pattern = re.compile(re.escape(BEGIN) + r".*?" + re.escape(END), re.S)
    if not pattern.search(article):
        sys.exit(f"perf-table: no {BEGIN} … {END} block in {ARTICLE}")
    article = pattern.sub(lambda _: f"{BEGIN}\n{table}\n{END}", article)
    with open(ARTICLE, "w", encoding="utf-8") as f:
        f.write(article)
    print(f"perf-table: updated {os.path.relpath(ARTICLE, ROOT)} from {os.path.relpath(path, ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
