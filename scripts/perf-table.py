#!/usr/bin/env python3
"""Renders every figure of the README and the DocC articles from committed runs, and checks them.

Usage:
  scripts/perf-table.py [RESULTS.json]            print every block (Markdown)
  scripts/perf-table.py [RESULTS.json] --write    replace the blocks in the files that hold them
  scripts/perf-table.py [RESULTS.json] --check    fail when a block differs from its rendering
  scripts/perf-table.py --collect-runs OUT.json RUN.json...
                                                  gather repeated runs into OUT.json

Each block is the text between the lines `<!-- NAME:begin -->` and `<!-- NAME:end -->`; nothing
else in the files changes. A figure in the documentation is either in such a block, rendered from
one committed run, or is not there: so no two places can disagree, and `make docs` (CI) fails when a
block is not what its run renders. The blocks, where they are (BLOCKS) and what they come from:

- figures (Performance.md): every row of RESULTS.json, by default
  docs/bench-results.json, the committed copy of one full run of `make bench-json`
  (scripts/bench.py --json: this package beside the classic library, or plain Swift on the C
  core's rows), grouped as the benchmark groups them, each labelled with its name as the benchmark
  prints it. Rows where ours is less than twice as fast as the baseline are listed again under the
  tables with the reason (SLOW_ROWS below); a slow row without a reason stops the script, so that no
  figure is published unexplained. When docs/bench-runs.json is present (`--collect-runs`, from the
  extra runs of the concurrency group that `make bench-json` takes), the block adds every run's
  figure of each scaling row, with their range and median, and how far each concurrency row moved
  across the runs.
- headline (README.md): a few rows of the same run (HEADLINE_ROWS), with their instruction counts
  from docs/bench-instructions.json, and the server under load from docs/server-bench.json.
- gate (Performance.md): each row of Benchmarks/Thresholds/instructions.json, with the
  instructions per operation of ours and of the classic library from
  docs/bench-instructions.json (`make bench-instructions BENCH_INSTRUCTIONS_JSON=…`), the row's
  threshold and how far above ours it is.
- keypath (Performance.md): what a read through `@Dependency(\\.key)` costs beside one through
  `@Dependency(Key.self)`, from docs/bench-instructions.json.
- server (Performance.md): the server example under wrk, with this package, the
  classic library and no library, from docs/server-bench.json (`make server-bench
  SERVER_BENCH_FLAGS="--json …"`).
- commands (README.md), ci and test-run (WorkingOnThePackage.md): how long `make test`, `make
  bench`, `make release-checks` and each step of CI took, and the test counts, from
  docs/ci-run.json (the log of one `.ci/run` run, read by scripts/ci-record.py: `make ci-figures`)
  and docs/bench-results.json.
- evolution (Deploying.md): the gated rows' instruction counts in a build for library evolution
  (docs/bench-instructions-resilient.json, `make bench-instructions
  BENCH_FLAGS=--library-evolution`) beside the default build's, and the time of `make
  library-evolution` in the CI run.
- macros (DesigningDependencies.md): the clean-build cost of the macros, from docs/bench-build.json
  (`make bench-build BENCH_BUILD_FLAGS="--baseline --json …"`).

scripts/figures_runs.py renders the blocks of the CI run, the library-evolution build and the
macros. --check also draws the picture of the article "Seeing your dependencies" again from its
committed graph (docs/dependency-graph/graph.json, scripts/draw-dependency-graph.py) and compares
it with the committed SVG. `make figures` measures every benchmark figure again and runs this
script with --write; `make ci-figures CI_LOG=FILE` does so for CI's.
"""

import json
import os
import re
import statistics
import subprocess
import sys

import figures_runs

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CATALOG = os.path.join(ROOT, "Sources/Dependencies/Documentation.docc")
PERFORMANCE = os.path.join(CATALOG, "Performance.md")
WORKING = os.path.join(CATALOG, "WorkingOnThePackage.md")
DEPLOYING = os.path.join(CATALOG, "Deploying.md")
DESIGNING = os.path.join(ROOT, "Sources/DependenciesMacros/Documentation.docc/DesigningDependencies.md")
README = os.path.join(ROOT, "README.md")
RUNS = os.path.join(ROOT, "docs/bench-runs.json")
INSTRUCTIONS = os.path.join(ROOT, "docs/bench-instructions.json")
RESILIENT = os.path.join(ROOT, "docs/bench-instructions-resilient.json")
THRESHOLDS = os.path.join(ROOT, "Benchmarks/Thresholds/instructions.json")
GATE_SCRIPT = os.path.join(ROOT, "scripts/bench-gate.py")
SERVER = os.path.join(ROOT, "docs/server-bench.json")
CI_RUN = os.path.join(ROOT, "docs/ci-run.json")
BUILD = os.path.join(ROOT, "docs/bench-build.json")
GRAPH = os.path.join(ROOT, "docs/dependency-graph/graph.json")
GRAPH_PICTURE = os.path.join(CATALOG, "Resources/dependency-graph.svg")
# Each block: the files it is in.
BLOCKS = {
    "figures": [PERFORMANCE],
    "headline": [README],
    "gate": [PERFORMANCE],
    "keypath": [PERFORMANCE],
    "server": [PERFORMANCE],
    "commands": [README],
    "ci": [WORKING],
    "test-run": [WORKING],
    "evolution": [DEPLOYING],
    "macros": [DESIGNING],
}

# The README's headline table: (label, row of the benchmark). Each must be a row of the run.
HEADLINE_ROWS = [
    ("Read a cached default, `@Dependency(\\.key)`", "cached default, model created at the root"),
    ("Read a cached default, `@Dependency(Key.self)`",
     "cached default, model created at the root, @Dependency(Key.self)"),
    ("Read an override among 1,000", "read, 1000 overrides in context"),
    ("Enter a scope with one override, at the root",
     "withDependencies (1 override) at the root, 0 keys in context"),
    ("Enter a scope with one override over 1,000 keys",
     "withDependencies (1 override), 1000 keys in context"),
    ("`await withDependencies` on a task",
     "await withDependencies (1 override) on a task, 0 keys in context"),
    ("A scope that returns a new model", "withDependencies (1 override) returning a new model"),
]

# The order of the groups (by the start of their name); a group not listed comes after these.
GROUP_ORDER = [
    "@Dependency reads",
    "withDependencies scopes",
    "Concurrent reads of one shared model",
    "Merges",
    "Server scenario",
    "Trie vs Dictionary",
    "Default-value cache",
]

# A row where ours is less than SLOW times as fast as the baseline is listed with its reason: the
# first pattern (a regular expression over "group: name") that matches it. "{instructions}" in a
# reason becomes what docs/bench-instructions.json says of the rows listed with it: how many times
# fewer instructions ours takes than the baseline (`instructions_note`).
SLOW = 2.0
SLOW_ROWS = [
    (
        r"^Trie vs Dictionary.*: lookup, ",
        "the C core's lookup beside a Swift `Dictionary`, both hash lookups: the dictionary probes"
        " one flat table, the trie walks one node per five bits of hash (two or three levels for"
        " thousands of keys), so with many keys it can be the slower of the two. The trie is there"
        " for what the dictionary cannot do cheaply: a new version with one more key, sharing the"
        " rest (the insert rows).",
    ),
    (
        r"^withDependencies scopes: withDependencies \(1 override\)(, | on a task, | at the root, )"
        r"\d+ keys in context$|^withDependencies scopes: withDependencies \(1 override\) nested in a"
        r" scope setting another key$",
        "entering a scope over a small context: the classic library binds its values with a push"
        " and a pop of the task-local binding (its item from the heap or, on a task, from the"
        " task's allocator, where the runtime also takes a lock to check for task groups) and"
        " copies its dictionary; ours pays the same binding at the root and on a task (a large part"
        " of its instructions there), and rebinds in place when nested in a binding on a thread"
        " outside any task (the rows \"N keys in context\" and the scope nested in one setting"
        " another key). Ours allocates nothing of its own in the steady state (the thread's last"
        " scope object is used again). {instructions}; in time the ratio moves from run to run on"
        " this shared machine. Ours stays the same over any number of keys; the dictionary copy"
        " grows with them.",
    ),
    (
        r"^withDependencies scopes: withDependencies \(3 overrides\), ",
        "each key an update sets uses a scope object of its own (the thread's, kept from its last"
        " scopes: none is allocated in the steady state), where the dictionary copy adds an entry"
        " to a table it already allocated. A scope per key is what lets a nested scope that"
        " replaces the last key build on the scope without it: it keeps neither the value it"
        " replaces alive nor loses the instance of a default the update's other keys made (both in"
        " UpdateSettingSeveralKeysTests); an update that put its keys in one scope broke both."
        " {instructions}.",
    ),
    (
        r"^withDependencies scopes: 10 nested scopes \(1 override each\)",
        "ten scopes of one override each over a tiny context: the first binds its values, the"
        " nine nested in it put theirs in place of that binding's (this thread runs outside any"
        " task), each about the cost of the \"withDependencies (1 override), 0 keys in context\""
        " row. {instructions}.",
    ),
    (
        r"^withDependencies scopes: \d+ nested scopes \(a different key each\)",
        "scopes each setting a key of its own: each adds an overlay for its key to the chain over"
        " the current values, in the scope object the thread kept from its last scopes; past"
        " eight, an overlay also holds an index of the keys below it, which the next seven share"
        " and the eighth extends (no value is copied or boxed); the classic library copies its"
        " dictionary of values in each scope. {instructions}.",
    ),
    (
        r"^Default-value cache \(C core\).*: get, 1,000 keys \(table reads\), 1 thread$",
        "one thread reading 1,000 keys, too many for the per-thread memo: each read is an"
        " epoch-protected probe of the shared table (entering and leaving the epoch, hashing, a"
        " probe), where the baseline's uncontended lock around a dictionary costs about as much on"
        " one thread. The table is there for many threads: with two, the lock is contended and"
        " ours reads several times as fast (the 2-thread row).",
    ),
    (
        r"^Merges: withDependencies\(from:\), model has \d+ overrides$",
        "ours reads the values the model captured where the model keeps them (the offsets of its"
        " class's `@Dependency` properties, found once per class) and lays the few overrides of"
        " the current scope over them one small node each; the classic library reflects the model"
        " (`Mirror` over its properties) on every call, and merges dictionaries, which grows with"
        " the overrides. {instructions}.",
    ),
]


def instructions_note(names, instructions):
    """What docs/bench-instructions.json says of the rows `names`: how many times fewer
    instructions ours takes than the classic library, for the sentence that replaces
    "{instructions}" in a reason."""
    counts = {row["name"]: row for row in (instructions or {}).get("rows", [])}
    found = [counts[name] for name in names if counts.get(name, {}).get("baseline")]
    if not found:
        return "Instructions: no count of these rows is committed (`docs/bench-instructions.json`)"
    ratios = [row["baseline"] / row["ours"] for row in found]
    if len(found) == 1:
        row = found[0]
        return (
            f"In instructions ours takes {ratios[0]:.2f} times fewer ({row['ours']:,.0f} against"
            f" {row['baseline']:,.0f}, `make bench-instructions`)")
    return (
        f"In instructions ours takes {min(ratios):.2f} to {max(ratios):.2f} times fewer on these"
        " rows (`make bench-instructions`)")


def number(value, unit):
    if unit in ("reads/s", "req/s"):
        for scale, suffix in ((1e9, " G"), (1e6, " M"), (1e3, " k")):
            if value >= scale:
                return f"{value / scale:.1f}{suffix}"
        return f"{value:.0f}"
    if unit == "x":
        return f"{value:.2f}"
    if value >= 10_000:
        return f"{value / 1000:,.1f} k"
    if value >= 100:
        return f"{value:,.0f}"
    return f"{value:.1f}"


def cell(text):
    """A row name as a table cell: verbatim, with Markdown's own characters escaped."""
    return text.replace("\\", "\\\\").replace("|", "\\|").replace("*", "\\*").replace("_", "\\_")


def factor(row):
    """How many times better ours is than the baseline (times: baseline / ours; rates and
    ratios: ours / baseline), or None."""
    ours, baseline = row["ours"], row.get("baseline")
    if not baseline or not ours:
        return None
    return baseline / ours if row["unit"] == "ns/op" else ours / baseline


def times(value):
    if value is None:
        return "–"
    return f"{value:,.2f}x" if value < 10 else f"{value:,.1f}x" if value < 100 else f"{value:,.0f}x"


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


def grouped(rows):
    """[(group, [rows])] in GROUP_ORDER, then any other group in the order it first appears."""
    groups = {}
    for row in rows:
        groups.setdefault(row["group"], []).append(row)

    def rank(group):
        ranks = [i for i, prefix in enumerate(GROUP_ORDER) if group.startswith(prefix)]
        return ranks[0] if ranks else len(GROUP_ORDER)

    order = sorted(groups, key=lambda group: (rank(group), list(groups).index(group)))
    return [(group, groups[group]) for group in order]


def load_optional(path):
    if not os.path.exists(path):
        return None
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def plain_swift_baseline(row):
    """Whether the row's baseline is plain Swift (the C core's rows: its groups and the trie merge
    rows) rather than the classic library."""
    return row.get("baselineKind") == "plain Swift"


def baseline_header(results, plain_swift):
    if plain_swift:
        return "Baseline: plain Swift"
    return f"Baseline: {results.get('sides', {}).get('baselineLabel') or 'classic'}"


def runs_by_name(results, runs):
    """{row name: [row of each run]} of the concurrency group, the main run first, then the
    further runs in the order `--collect-runs` gathered them."""
    by_name = {}
    for document in [results] + (runs or {}).get("runs", []):
        for row in document["rows"]:
            if row["group"].startswith("Concurrent reads"):
                by_name.setdefault(row["name"], []).append(row)
    return by_name


def slow_reason(row):
    key = f"{row['group']}: {row['name']}"
    return next((reason for pattern, reason in SLOW_ROWS if re.search(pattern, key)), None)


def ratio(value):
    return f"{value:.2f}x"


def listed(values):
    """Every run's figure in run order, then their range and median: "1.37x, 1.55x, 2.25x: 1.37x
    to 2.25x, median 1.87x"."""
    median = statistics.median(values)
    return (
        ", ".join(ratio(v) for v in values)
        + f": {ratio(min(values))} to {ratio(max(values))}, median {ratio(median)}"
    )


def render_runs(results, runs):
    """Each scaling row's figure in every run of the concurrency group (the main run and the
    further runs), and how far each concurrency row moved across them."""
    documents = [results] + runs["runs"]
    by_name = runs_by_name(results, runs)
    lines = []
    for name, found in by_name.items():
        if not name.startswith("scaling") or len(found) < 2:
            continue
        ours = [row["ours"] for row in found]
        baseline = [row["baseline"] for row in found if row.get("baseline")]
        lines.append(
            f"- {name}: ours {listed(ours)}"
            + (f"; baseline {listed(baseline)}" if baseline else "")
        )
    if not lines:
        return None
    variations = []
    for name, found in by_name.items():
        values = [row["ours"] for row in found if row["unit"] != "x"]
        if len(values) >= 2:
            variations.append((max(values) / min(values) - 1, name))
    busy = [
        float(document.get("machine", {}).get("cores busy with other processes", "nan"))
        for document in documents
    ]
    busy = [b for b in busy if b == b]
    text = (
        f"Scaling from one thread (task) to two in each of the {len(documents)} runs of the"
        " concurrency group: the run of the tables (first) and the"
        f" {len(documents) - 1} further runs of `make bench-json` (`docs/bench-runs.json`), in run"
        " order, then their range and median. The tables show the first run's figure; the"
        " scaling is the 2-thread (2-task) rate divided by the 1-thread (1-task) rate of the same"
        " run:"
        + "\n\n" + "\n".join(lines)
    )
    if variations:
        variations.sort()
        typical = statistics.median(v for v, _ in variations)
        widest = variations[-1]
        text += (
            f"\n\nFrom run to run, a concurrency row's rate (ours) typically varied by"
            f" {typical * 100:.0f} % between its slowest and fastest run, at most by"
            f" {widest[0] * 100:.0f} % (\"{widest[1]}\")"
        )
        if busy:
            text += (
                f"; other processes kept {min(busy):.2f} cores busy during the runs"
                if min(busy) == max(busy)
                else f"; other processes kept {min(busy):.2f} to {max(busy):.2f} cores busy"
                " during the runs"
            )
        text += ". A second thread only helps while the other core is free."
    return text


def render(results, runs=None, instructions=None):
    rows = results["rows"]
    machine = results.get("machine", {})
    sides = results.get("sides", {})
    described = ", ".join(str(machine[k]) for k in ("cpu", "os") if machine.get(k))
    busy = machine.get("cores busy with other processes")
    cores = machine.get("cores", "2")
    parts = [
        f"Figures from `make bench-json` on a {cores}-core machine"
        + (f" ({described})" if described else "")
        + (f", other processes keeping {busy} cores busy on average" if busy else "")
        + "; release builds, median of the samples; read from `docs/bench-results.json`; every row"
        + " of the run. Ours is " + sides.get("ours", "this package")
        + "; the baseline is " + sides.get("baseline", "the classic library")
        + ": the same benchmark sources (`Benchmarks/Suite`) built against it in a package of its"
        + " own, run in a process of its own, the two sides taking turns group by group"
        + " (`scripts/bench.py`). The rows of this package's C core, which the classic library has"
        + " no counterpart of, compare with plain Swift measured in the same process. Each case is"
        + " named as the benchmark prints it; reads go through `@Dependency(\\.key)` unless the"
        + " case says `@Dependency(Key.self)`. \"Ours vs baseline\" is how many times faster ours"
        + " is (for the scaling rows, the ratio of the two scalings); allocations are per operation"
        + " on the measuring thread, ours / baseline."
    ]
    spreads = []
    slow = []
    by_run = runs_by_name(results, runs)

    for group, found in grouped(rows):
        lines = [f"**{cell(group)}**"]
        kind = None
        for row in found:
            # A new table wherever what the baseline column holds changes.
            if plain_swift_baseline(row) != kind:
                kind = plain_swift_baseline(row)
                lines += [
                    "",
                    f"| Case | Unit | Ours | {baseline_header(results, kind)} | Ours vs baseline"
                    " | Allocations |",
                    "|---|---|--:|--:|--:|--:|",
                ]
            unit = row["unit"]
            baseline = row.get("baseline")
            better = factor(row)
            ours = number(row["ours"], unit)
            shown_baseline = number(baseline, unit) if baseline is not None else "–"
            found_runs = by_run.get(row["name"], [])
            if row["name"].startswith("scaling") and len(found_runs) >= 2:
                # The run's figure, then its range over every run (listed under the tables).
                def across(key):
                    values = [other[key] for other in found_runs if other.get(key) is not None]
                    return f" (runs: {number(min(values), unit)}–{number(max(values), unit)})"

                ours += across("ours")
                if baseline is not None:
                    shown_baseline += across("baseline")
            lines.append(
                f"| {cell(row['name'])} | {unit} | {ours} | {shown_baseline} | {times(better)} |"
                f" {allocations(row)} |")
            spreads += [(fraction, row["name"]) for fraction in spread(row)]
            if better is not None and better < SLOW and unit != "x":
                slow.append((better, row))
        parts.append("\n".join(lines))

    if slow:
        missing = [row for _, row in slow if slow_reason(row) is None]
        if missing:
            sys.exit(
                "perf-table: these rows are less than"
                + f" {SLOW:g}x faster than the baseline and SLOW_ROWS gives no reason for them:\n"
                + "\n".join(f"  {row['group']}: {row['name']}" for row in missing)
            )
        slow.sort(key=lambda item: item[0])
        reasons = {}
        for better, row in slow:
            reasons.setdefault(slow_reason(row), []).append((row["name"], better))
        parts.append(
            f"Where ours is less than {SLOW:g} times as fast as the baseline, and why:\n\n"
            + "\n".join(
                "- " + ", ".join(f"\"{name}\" ({times(better)})" for name, better in rows) + ": "
                + reason.replace(
                    "{instructions}", instructions_note([name for name, _ in rows], instructions))
                for reason, rows in reasons.items())
        )

    if spreads:
        spreads.sort()
        typical = spreads[len(spreads) // 2]
        widest = spreads[-1]
        parts.append(
            "Spread within the run: the fastest sample was typically within "
            + f"{typical[0] * 100:.0f} % of the median, and at most {widest[0] * 100:.0f} % away"
            + f" (on \"{widest[1]}\"). The machine is shared with other jobs: treat differences"
            + " under about 20 % as noise."
        )
    if runs:
        text = render_runs(results, runs)
        if text:
            parts.append(text)
    return "\n\n".join(parts)


def print_thresholds_headroom():
    """The percentage above the counts that `bench-gate.py --print-thresholds` uses by default."""
    with open(GATE_SCRIPT, encoding="utf-8") as f:
        found = re.search(r'"--headroom", type=float, default=([\d.]+)', f.read())
    if not found:
        sys.exit(f"perf-table: no default of --headroom in {GATE_SCRIPT}")
    return float(found.group(1))


def percent(value):
    return f"{value * 100:.1f} %"


def render_gate(instructions, thresholds):
    """The gated rows: the counts of ours and of the classic library, each row's threshold and how
    far above ours it is."""
    counts = {row["name"]: row for row in instructions["rows"]}
    sides = instructions.get("sides", {})
    label = sides.get("baselineLabel") or "classic"
    lines = [
        f"| Gated row | Ours | {label} | {label} / ours | Threshold | Headroom |",
        "|---|--:|--:|--:|--:|--:|",
    ]
    headroom = {}
    for name, threshold in thresholds.items():
        row = counts.get(name)
        if row is None:
            sys.exit(f"perf-table: {INSTRUCTIONS} has no count of the gated row \"{name}\"")
        ours, baseline = row["ours"], row.get("baseline")
        headroom[name] = (threshold - ours, threshold / ours - 1, row["group"])
        lines.append(
            f"| {cell(name)} | {ours:,.0f} |"
            + (f" {baseline:,.0f} | {baseline / ours:.2f}x |" if baseline else " – | – |")
            + f" {threshold:,} | {threshold - ours:+,.0f} ({percent(threshold / ours - 1)}) |")
    fractions = [fraction for _, fraction, _ in headroom.values()]
    reads = [(spare, name) for name, (spare, _, group) in headroom.items()
             if group.startswith("@Dependency reads")]
    summary = (
        f"The thresholds are {percent(min(fractions))} to {percent(max(fractions))} above these"
        " counts")
    if reads:
        reads.sort()
        summary += (
            f"; on the {len(reads)} read rows, {reads[0][0]:,.0f} to {reads[-1][0]:,.0f} instructions"
            f" (the least on \"{reads[0][1]}\"): a change that adds more than that to a read fails"
            " the gate on those rows, a smaller one passes")
    lines += [
        "",
        f"Instructions per operation, counted with callgrind ({instructions['iterations']:,}"
        " operations per sample) by `make bench-instructions`, one run of each library's"
        f" executable over every row (`docs/bench-instructions.json`): ours is"
        f" {sides.get('ours', 'this package')}, the baseline {sides.get('baseline', 'the classic library')}."
        " The thresholds are those of `Benchmarks/Thresholds/instructions.json`; the headroom is how"
        " many instructions a row of ours may grow by before the gate fails it. The gate counts each"
        " row of ours in a process of its own, where what ran before it is not the same, so its own"
        " counts (it prints them) can differ a little from these. " + summary + ".",
        "",
        "`make bench-gate BENCH_GATE_FLAGS=--print-thresholds` prints, in the file's format,"
        f" thresholds {print_thresholds_headroom():g} % above the counts just measured"
        " (`--headroom` sets another margin).",
    ]
    return "\n".join(lines)


def render_keypath(instructions):
    """What a read through `@Dependency(\\.key)` costs beside one through `@Dependency(Key.self)`."""
    counts = {row["name"]: row["ours"] for row in instructions["rows"]}
    pairs = []
    for name in ("cached default, model created at the root",
                 "overridden key, root model read in the overriding scope",
                 "captured in scope S1, read inside scope S2"):
        typed = f"{name}, @Dependency(Key.self)"
        if name in counts and typed in counts:
            pairs.append((name, counts[name], counts[typed]))
    if not pairs:
        sys.exit(f"perf-table: {INSTRUCTIONS} has no pair of rows read both ways")
    extra = [keypath / typed - 1 for _, keypath, typed in pairs]
    name, keypath, typed = pairs[0]
    return (
        f"In `make bench-instructions` (`docs/bench-instructions.json`), a read of a cached default"
        f" through `@Dependency(\\.key)` takes {keypath:,.0f} instructions and through"
        f" `@Dependency(Key.self)` {typed:,.0f}: {percent(extra[0])} more"
        + (f" ({percent(min(extra))} to {percent(max(extra))} more over the {len(pairs)} kinds of"
           " read that the benchmark makes both ways)" if len(pairs) > 1 else "")
        + ". The difference is the getter call and the read frame that carries the property's"
        " captured values to it.")


def render_headline(results, instructions, server):
    """The README's short table: a few rows of the run, with their instruction counts, and the
    server under load."""
    rows = {row["name"]: row for row in results["rows"]}
    counts = {row["name"]: row for row in (instructions or {}).get("rows", [])}
    label = results.get("sides", {}).get("baselineLabel") or "classic"
    lines = [
        f"| | This package | {label} | Faster | Instructions, ours / {label} |",
        "|---|--:|--:|--:|--:|",
    ]
    for title, name in HEADLINE_ROWS:
        row = rows.get(name)
        if row is None:
            sys.exit(f"perf-table: the headline row \"{name}\" is not in the results")
        count = counts.get(name)
        instructions_cell = (
            f"{count['ours']:,.0f} / {count['baseline']:,.0f}"
            if count and count.get("baseline") else "–")
        lines.append(
            f"| {title} | {number(row['ours'], row['unit'])} {row['unit']} |"
            f" {number(row['baseline'], row['unit'])} {row['unit']} | {times(factor(row))} |"
            f" {instructions_cell} |")
    if server:
        ours, classic = server["summary"]["ours"], server["summary"]["classic"]
        lines.append(
            f"| A SwiftNIO server under `wrk`, a scope per request |"
            f" {ours['requests_per_second']:,.0f} req/s | {classic['requests_per_second']:,.0f} req/s"
            f" | {ours['requests_per_second'] / classic['requests_per_second']:.2f}x |"
            f" p99 {ours['p99_us'] / 1000:.2f} / {classic['p99_us'] / 1000:.2f} ms |")
    machine = results.get("machine", {})
    lines += [
        "",
        f"Medians of `make bench-json` on a {machine.get('cores', '?')}-core machine"
        + (f" that other processes kept {machine['cores busy with other processes']} cores busy"
           if machine.get("cores busy with other processes") else "")
        + " (`docs/bench-results.json`, release builds); instructions per operation from"
        " callgrind (`docs/bench-instructions.json`), which a busy machine does not disturb"
        + ("; the server's requests per second are the median of `make server-bench`'s rounds"
           " (`docs/server-bench.json`), with its p99 latency in the last column" if server else "")
        + ".",
    ]
    return "\n".join(lines)


def render_server(server):
    """The server example under wrk: one row per variant."""
    machine = server.get("machine", {})
    described = ", ".join(machine[k] for k in ("cpu", "os") if machine.get(k))
    labels = {"ours": "swift-dependencies (this package)", "classic": "classic 1.16.0",
              "plain": "no library"}
    lines = [
        f"`make server-bench` (`{server['command']}`) on a {machine.get('cores', '?')}-core machine"
        + (f" ({described})" if described else "")
        + (f", other processes keeping {machine['cores busy with other processes']} cores busy on"
           " average" if machine.get("cores busy with other processes") else "")
        + f": the server example (`Examples/Server`) built in release three ways, {server['rounds']}"
        f" rounds of `{server['wrk']}` against each after a {server['warmUpSeconds']} s warm-up, the"
        " three taking turns; wrk runs on the same machine. Medians over the rounds; the peak RSS"
        " is the most memory the server held resident (VmHWM, read before its SIGTERM); \"saw"
        " another's\" counts the responses where a part of the handler saw another request's id,"
        " summed over the rounds, as are the responses that were not 2xx.",
        "",
        "| Server | Requests/s | p50 latency | p99 latency | Peak RSS | Saw another's | Non-2xx |",
        "|---|--:|--:|--:|--:|--:|--:|",
    ]
    for name in ("ours", "classic", "plain"):
        found = server["summary"][name]
        lines.append(
            f"| {labels[name]} | {found['requests_per_second']:,.0f} |"
            f" {found['p50_us'] / 1000:.2f} ms | {found['p99_us'] / 1000:.2f} ms |"
            f" {found['peak_rss_kib'] / 1024:.1f} MiB | {found['mismatches']} |"
            f" {found['non2xx']} |")
    rounds = "; ".join(
        f"{labels[name]} "
        + ", ".join(f"{value:,.0f}" for value in server["summary"][name]["rounds_requests_per_second"])
        for name in ("ours", "classic", "plain"))
    lines += ["", f"Requests per second in each round: {rounds}."]
    return "\n".join(lines)


def collect_runs(output, paths):
    """Gathers the run JSONs at `paths` (those that exist) into `output`; with none, removes
    `output`, so that the runs of an older run are never published beside a new one."""
    paths = [path for path in paths if os.path.exists(path)]
    if not paths:
        if os.path.exists(output):
            os.remove(output)
        print(f"perf-table: no runs to gather; {os.path.relpath(output, ROOT)} removed")
        return
    runs = []
    # In run order: concurrency-run-2.json before concurrency-run-10.json.
    def run_order(path):
        return [int(part) if part.isdigit() else part for part in re.split(r"(\d+)", path)]

    for path in sorted(paths, key=run_order):
        with open(path, encoding="utf-8") as f:
            runs.append(json.load(f))
    with open(output, "w", encoding="utf-8") as f:
        json.dump({"runs": runs}, f, indent=2, sort_keys=True)
        f.write("\n")
    print(f"perf-table: {len(runs)} runs gathered into {os.path.relpath(output, ROOT)}")


def blocks(results_path):
    """{block name: its rendering}, for every block whose inputs exist."""
    instructions = load_optional(INSTRUCTIONS)
    thresholds = load_optional(THRESHOLDS)
    server = load_optional(SERVER)
    record = load_optional(CI_RUN)
    resilient = load_optional(RESILIENT)
    build = load_optional(BUILD)
    with open(results_path, encoding="utf-8") as f:
        results = json.load(f)
    rendered = {
        "figures": render(results, load_optional(RUNS), instructions),
        "headline": render_headline(results, instructions, server),
        "commands": figures_runs.render_commands(record or {"steps": []}, results),
    }
    if instructions:
        rendered["gate"] = render_gate(instructions, thresholds)
        rendered["keypath"] = render_keypath(instructions)
        if resilient:
            rendered["evolution"] = figures_runs.render_evolution(
                resilient, instructions, thresholds, record)
    if server:
        rendered["server"] = render_server(server)
    if record:
        rendered["ci"] = figures_runs.render_ci(record)
        rendered["test-run"] = figures_runs.render_test_run(record)
    if build:
        rendered["macros"] = figures_runs.render_macros(build)
    return rendered


def picture_problem():
    """Why the committed picture of the dependency graph is not what its committed graph draws, or
    None when it is."""
    if not os.path.exists(GRAPH):
        return f"{os.path.relpath(GRAPH, ROOT)} is missing"
    drawn = subprocess.run(
        [sys.executable, os.path.join(ROOT, "scripts/draw-dependency-graph.py"), GRAPH, "/dev/stdout"],
        stdout=subprocess.PIPE, text=True, check=True).stdout
    with open(GRAPH_PICTURE, encoding="utf-8") as f:
        if f.read() != drawn:
            return (f"{os.path.relpath(GRAPH_PICTURE, ROOT)} is not what"
                    f" {os.path.relpath(GRAPH, ROOT)} draws (make graph-picture)")
    return None


def marked(name, text):
    return f"<!-- {name}:begin -->\n{text}\n<!-- {name}:end -->"


def block_pattern(name):
    return re.compile(re.escape(f"<!-- {name}:begin -->") + r".*?" + re.escape(f"<!-- {name}:end -->"), re.S)


def main():
    if len(sys.argv) > 2 and sys.argv[1] == "--collect-runs":
        collect_runs(sys.argv[2], sys.argv[3:])
        return 0
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    path = args[0] if args else os.path.join(ROOT, "docs/bench-results.json")
    rendered = blocks(path)
    if "--check" in sys.argv:
        stale = []
        for name, targets in BLOCKS.items():
            for target in targets:
                with open(target, encoding="utf-8") as f:
                    found = block_pattern(name).search(f.read())
                if name not in rendered or not found or found.group(0) != marked(name, rendered[name]):
                    stale.append(f"{name} in {os.path.relpath(target, ROOT)}")
        problems = []
        if stale:
            problems.append(
                "these blocks are not what the committed runs render: " + ", ".join(stale)
                + "; run scripts/perf-table.py --write")
        if problem := picture_problem():
            problems.append(problem)
        if problems:
            sys.exit("perf-table: " + "; ".join(problems))
        print(f"perf-table: every block ({', '.join(BLOCKS)}) matches the committed runs, and the"
              " dependency graph's picture its graph")
        return 0
    if "--write" not in sys.argv:
        print("\n\n".join(marked(name, text) for name, text in rendered.items()))
        return 0
    for target in {target for targets in BLOCKS.values() for target in targets}:
        with open(target, encoding="utf-8") as f:
            text = f.read()
        for name, targets in BLOCKS.items():
            if target not in targets or name not in rendered:
                continue
            if not block_pattern(name).search(text):
                sys.exit(f"perf-table: no <!-- {name}:begin --> … <!-- {name}:end --> block in {target}")
            text = block_pattern(name).sub(lambda _: marked(name, rendered[name]), text)
        with open(target, "w", encoding="utf-8") as f:
            f.write(text)
        print(f"perf-table: updated {os.path.relpath(target, ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
