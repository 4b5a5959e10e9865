"""The documentation blocks rendered from committed runs other than the benchmark's tables: CI's
step times, `make test`'s and `make release-checks`' time and counts (docs/ci-run.json, from the log
of one `.ci/run` run: scripts/dev/ci-record.py), the instruction counts of a build for library evolution
(docs/bench-instructions-resilient.json) and the build cost of the macros (docs/bench-build.json).

scripts/perf-table.py renders, writes and checks these blocks with the benchmark's; each function
here returns one block's Markdown.
"""

import os
import re

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CI_SCRIPT = os.path.join(ROOT, ".ci", "run")
# The steps of .ci/run that the documentation names: `make test`, `make release-checks`, `make
# library-evolution`.
TEST_STEP = "tests (make test)"
RELEASE_STEP = "release tests (--parallel)"
EVOLUTION_STEP = "library evolution"


def seconds(value):
    """"291 s", or "1,251 s (20 min 51 s)" from ten minutes."""
    text = f"{value:,} s"
    if value >= 600:
        text += f" ({value // 60} min {value % 60} s)"
    return text


def ci_steps():
    """[(name, command)] of the steps `.ci/run` runs, in order: its `step "NAME" COMMAND…` lines."""
    steps = []
    with open(CI_SCRIPT, encoding="utf-8") as f:
        for line in f:
            if match := re.match(r'^step "([^"]+)" (.+?)\s*$', line):
                steps.append((match[1], match[2]))
    return steps


def run_described(record):
    """"one run of `.ci/run` on a clean clone at commit 607b787 (2026-12-04; a 2-core VM …)"."""
    details = [record.get("date"), record.get("machine"), record.get("swift")]
    if record.get("loadAverageAtStart"):
        details.append(
            f"load average {record['loadAverageAtStart']} at the start,"
            f" {record.get('loadAverageAtEnd', 'unknown')} at the end")
    shown = "; ".join(detail for detail in details if detail)
    return f"one run of `.ci/run` on a clean clone at commit {record['commit']} ({shown})"


def step_seconds(record, name):
    return next((step["seconds"] for step in record["steps"] if step["name"] == name), None)


def render_ci(record):
    """The table of CI's steps: each step `.ci/run` runs today, with its time in the recorded run."""
    recorded = {step["name"]: step for step in record["steps"]}
    lines = [
        f"From {run_described(record)}, as `docs/ci-run.json` records it:",
        "",
        "| Step (`.ci/run`) | Command | Time |",
        "|---|---|--:|",
    ]
    missing = False
    names = set()
    for name, command in ci_steps():
        names.add(name)
        step = recorded.get(name)
        if step is None:
            missing = True
            time = "–"
        else:
            time = seconds(step["seconds"]) + (" (failed)" if step.get("failed") else "")
        lines.append(f"| {name} | `{command}` | {time} |")
    gone = [name for name in recorded if name not in names]
    for name in gone:
        lines.append(f"| {name} (no longer a step) | | {seconds(recorded[name]['seconds'])} |")
    lines.append(f"| **total** | | **{seconds(record['totalSeconds'])}** |")
    if missing:
        lines += ["", "A step without a time was not in that run (or the record does not have it)."]
    return "\n".join(lines)


def counts_text(section):
    """"864 passed, 0 failed, 15 skipped (…)" from a recorded summary, or None."""
    totals = section.get("totals")
    if not totals:
        return None
    known = sum(counts.get("known", 0) for part in section.get("parts", [])
                for counts in part.get("counts", {}).values())
    text = f"{totals['passed']:,} passed, {totals['failed']:,} failed, {totals['skipped']:,} skipped"
    if known:
        text += f", with {known:,} known issues expected"
    return text


def parts_text(section):
    shown = []
    for part in section.get("parts", []):
        if "seconds" not in part:
            continue
        text = f"{part['name']} {part['seconds']:,} s"
        details = []
        if "startSeconds" in part:
            details.append(f"from {part['startSeconds']:,} s in")
        if "buildSeconds" in part:
            details.append(f"{part['buildSeconds']:,} s of it building")
        if "cpuSeconds" in part:
            details.append(f"{part['cpuSeconds']:,} s of CPU")
        if details:
            text += f" ({', '.join(details)})"
        shown.append(text)
    return ", ".join(shown)


def render_test_run(record):
    """`make test`'s and `make release-checks`' time per part, and their counts, in the run."""
    paragraphs = []
    total = step_seconds(record, TEST_STEP)
    tests = record.get("tests", {})
    if total is not None:
        text = f"In {run_described(record)}, `make test` took {seconds(total)}"
        parts = parts_text(tests)
        text += f": {parts}." if parts else "."
        counts = counts_text(tests)
        text += f" Tests: {counts}." if counts else " The record has no test counts."
        paragraphs.append(text)
    release = step_seconds(record, RELEASE_STEP)
    if release is not None:
        checks = record.get("releaseChecks", {})
        text = f"`make release-checks` took {seconds(release)} in the same run"
        parts = parts_text(checks)
        text += f": {parts}." if parts else "."
        counts = counts_text(checks)
        if counts:
            text += f" Tests: {counts}."
        paragraphs.append(text)
    if not paragraphs:
        return "The committed CI run (`docs/ci-run.json`) has no time of `make test`."
    return "\n\n".join(paragraphs)


def render_commands(record, results):
    """The README's line on how long the two commands take."""
    total = step_seconds(record, TEST_STEP)
    text = []
    if total is not None:
        text.append(
            f"`make test` took {seconds(total)} from a clean clone in the committed CI run (commit"
            f" {record['commit']}, {record.get('machine', 'a machine')})")
    bench = (results or {}).get("machine", {}).get("seconds of the runs")
    if bench is not None:
        text.append(
            f"`make bench` ran its rows in {seconds(int(bench))} after the builds in the committed"
            " benchmark run")
    if not text:
        return "No committed run gives the time of either command."
    return "; ".join(text) + "."


def render_evolution(resilient, instructions, thresholds, record):
    """The gated rows' instruction counts in a build for library evolution, beside the default
    build's, and the time of `make library-evolution` in the CI run."""
    plain = {row["name"]: row["ours"] for row in instructions["rows"]}
    evolved = {row["name"]: row["ours"] for row in resilient["rows"]}
    lines = [
        "| Row (gated) | Default build | Library evolution | Library evolution / default |",
        "|---|--:|--:|--:|",
    ]
    for name in thresholds:
        if name not in plain or name not in evolved:
            continue
        lines.append(
            f"| {name} | {plain[name]:,.0f} | {evolved[name]:,.0f} |"
            f" {evolved[name] / plain[name]:.2f}x |")
    lines += [
        "",
        "Instructions per operation, counted with callgrind (valgrind): the library built for"
        " library evolution from `make bench-instructions BENCH_FLAGS=--library-evolution`"
        f" (`docs/bench-instructions-resilient.json`: {resilient['sides']['ours']}), the default"
        " release build from `make bench-instructions` (`docs/bench-instructions.json`:"
        f" {instructions['sides']['ours']}).",
    ]
    evolution = step_seconds(record, EVOLUTION_STEP) if record else None
    if evolution is not None:
        lines += [
            "",
            f"`make library-evolution` took {seconds(evolution)} in the committed CI run (commit"
            f" {record['commit']}, {record.get('machine', 'a machine')}).",
        ]
    return "\n".join(lines)


def render_macros(build):
    """The clean-build time with the macros, without them, and the difference."""
    builds = {entry["label"]: entry for entry in build["builds"]}
    configuration = build.get("configuration", "debug")
    lines = [
        f"| Clean {configuration} build | Wall | CPU | Load average before, after |",
        "|---|--:|--:|---|",
    ]
    labels = {
        "with-macros": "a feature with `@DependencyClient` and `@DependencyEntry`",
        "without-macros": "the same feature written by hand, `Dependencies` only",
    }
    for label, description in labels.items():
        if label in builds:
            entry = builds[label]
            lines.append(
                f"| {description} | {entry['wallSeconds']:.1f} s | {entry['cpuSeconds']:.1f} s |"
                f" {entry['loadAverageBefore']}; {entry['loadAverageAfter']} |")
    if len(builds) == 2:
        wall = builds["with-macros"]["wallSeconds"] - builds["without-macros"]["wallSeconds"]
        cpu = builds["with-macros"]["cpuSeconds"] - builds["without-macros"]["cpuSeconds"]
        lines.append(f"| **what the macros add** | **{wall:+.1f} s** | **{cpu:+.1f} s** | |")
    lines += [
        "",
        f"`make bench-build BENCH_BUILD_FLAGS=--baseline` (`{build['command']}`) at commit"
        f" {build['commit']}, {build['swift']}, on {build['cores']} cores. The wall-clock time"
        " moves with what else the machine runs (the load averages around each build say how"
        " busy it was); the CPU time of the compilers moves less.",
    ]
    return "\n".join(lines)
