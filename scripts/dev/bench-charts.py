#!/usr/bin/env python3
"""Draws the benchmark charts from the JSON scripts/bench.py writes (`make bench-json`).

    python3 scripts/bench.py --json bench-results/results.json
    python3 scripts/dev/bench-charts.py bench-results/results.json bench-results/

Writes two PNGs into the output folder:

  keys-in-context.png  ns/op against the number of keys in context (log-log): a read, and entering
                       a scope with one override, ours beside the classic library;
  read-scaling.png     reads per second of one shared model's @Dependency property (a cached
                       default, model created at the root) against the number of threads (solid)
                       or of child tasks of a task group (dashed) reading it at once, ours beside
                       the classic library; @Dependency(\\.key), and ours through
                       @Dependency(Key.self) (dotted).

The baseline series is labelled with the classic library's version, as the results name it.

Installs matplotlib with pip when it cannot be imported.
"""

import argparse
import json
import os
import re
import subprocess
import sys

try:
    import matplotlib
except ImportError:
    subprocess.check_call([sys.executable, "-m", "pip", "install", "--quiet", "matplotlib"])
    import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402  (the backend must be chosen first)
from matplotlib.ticker import FuncFormatter  # noqa: E402

OURS = "#1f77b4"
CLASSIC = "#d62728"
# What the baseline series is, unless the results name it (`sides.baselineLabel`).
CLASSIC_LABEL = "classic"


def load(path):
    global CLASSIC_LABEL
    with open(path, encoding="utf-8") as file:
        document = json.load(file)
    CLASSIC_LABEL = document.get("sides", {}).get("baselineLabel") or CLASSIC_LABEL
    return document.get("machine", {}), document["rows"]


def series(rows, group_prefix, name_pattern):
    """(parameter, ours, baseline) of the rows of a group whose name matches, by parameter."""
    pattern = re.compile(name_pattern)
    found = [
        row
        for row in rows
        if row["group"].startswith(group_prefix)
        and pattern.search(row["name"])
        and row.get("parameter") is not None
    ]
    found.sort(key=lambda row: row["parameter"])
    return [(row["parameter"], row["ours"], row.get("baseline")) for row in found]


def machine_note(machine):
    parts = []
    if "cores" in machine:
        parts.append(f"{machine['cores']} cores")
    if "memory" in machine:
        parts.append(machine["memory"])
    return ", ".join(parts)


def si(value, _position=None):
    for limit, suffix in ((1e9, "G"), (1e6, "M"), (1e3, "k")):
        if value >= limit:
            return f"{value / limit:g}{suffix}"
    return f"{value:g}"


def plot_pair(axes, points, label, style):
    """Plots ours and the baseline of one series (points with a parameter of 0 cannot be drawn on
    a log axis and are left out)."""
    points = [point for point in points if point[0] > 0]
    if not points:
        return False
    xs = [point[0] for point in points]
    axes.plot(xs, [point[1] for point in points], style, color=OURS, marker="o",
              label=f"{label}, ours")
    baseline = [(x, b) for x, _, b in points if b is not None]
    if baseline:
        axes.plot([x for x, _ in baseline], [b for _, b in baseline], style, color=CLASSIC,
                  marker="s", label=f"{label}, {CLASSIC_LABEL}")
    return True


def keys_in_context_chart(rows, machine, output):
    reads = series(rows, "@Dependency reads", r"^read, \d+ overrides in context$")
    scopes = series(
        rows, "withDependencies scopes", r"^withDependencies \(1 override\), \d+ keys in context$")
    figure, axes = plt.subplots(figsize=(8, 5))
    drawn = plot_pair(axes, reads, "@Dependency read", "-")
    drawn = plot_pair(axes, scopes, "enter scope (1 override)", "--") or drawn
    if not drawn:
        plt.close(figure)
        return None
    axes.set_xscale("log")
    axes.set_yscale("log")
    axes.set_xlabel("keys overridden in the current context")
    axes.set_ylabel("ns per operation (median; lower is better)")
    axes.xaxis.set_major_formatter(FuncFormatter(si))
    axes.yaxis.set_major_formatter(FuncFormatter(si))
    axes.set_title("Cost against the number of keys in context")
    axes.grid(True, which="major", alpha=0.3)
    axes.legend(fontsize="small")
    note = machine_note(machine)
    if note:
        figure.text(0.99, 0.01, note, ha="right", va="bottom", fontsize="x-small", color="gray")
    path = os.path.join(output, "keys-in-context.png")
    figure.tight_layout()
    figure.savefig(path, dpi=120)
    plt.close(figure)
    return path


def read_scaling_chart(rows, machine, output):
    group = "Concurrent reads of one shared model"
    threads = series(rows, group, r"^\d+ threads?$")
    tasks = series(rows, group, r"^task group of \d+ tasks?$")
    threads_by_type = series(rows, group, r"^\d+ threads?, @Dependency\(Key\.self\)$")
    tasks_by_type = series(rows, group, r"^task group of \d+ tasks?, @Dependency\(Key\.self\)$")
    if not threads:
        return None
    figure, axes = plt.subplots(figsize=(8, 5))
    xs = [point[0] for point in threads]
    for points, style, what in ((threads, "-", "threads"), (tasks, "--", "task group")):
        if not points:
            continue
        px = [point[0] for point in points]
        axes.plot(px, [point[1] for point in points], style, color=OURS, marker="o",
                  label=f"{what}, @Dependency(\\.key), ours")
        axes.plot(px, [point[2] for point in points], style, color=CLASSIC, marker="s",
                  label=f"{what}, @Dependency(\\.key), {CLASSIC_LABEL}")
    for points, marker, what in ((threads_by_type, "o", "threads"), (tasks_by_type, "^", "task group")):
        if points:
            axes.plot([point[0] for point in points], [point[1] for point in points], ":",
                      color=OURS, marker=marker, markerfacecolor="white",
                      label=f"{what}, @Dependency(Key.self), ours")
    cores = machine.get("cores")
    if cores and cores.isdigit():
        axes.axvline(int(cores), color="gray", linestyle=":", linewidth=1,
                     label=f"{cores} cores (threads beyond share them)")
    axes.set_xscale("log", base=2)
    axes.set_yscale("log")
    axes.set_xticks(xs)
    axes.xaxis.set_major_formatter(FuncFormatter(lambda value, _: f"{value:g}"))
    axes.xaxis.set_minor_formatter(FuncFormatter(lambda value, _: ""))
    axes.yaxis.set_major_formatter(FuncFormatter(si))
    axes.yaxis.set_minor_formatter(FuncFormatter(si))
    axes.set_xlabel("threads, or child tasks of a task group, reading at once")
    axes.set_ylabel("reads per second, all together (higher is better)")
    axes.set_title("One shared model's @Dependency read concurrently (cached default)")
    axes.tick_params(axis="y", which="minor", labelsize="x-small")
    axes.grid(True, which="major", alpha=0.3)
    axes.legend(fontsize="small")
    note = machine_note(machine)
    if note:
        figure.text(0.99, 0.01, note, ha="right", va="bottom", fontsize="x-small", color="gray")
    path = os.path.join(output, "read-scaling.png")
    figure.tight_layout()
    figure.savefig(path, dpi=120)
    plt.close(figure)
    return path


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("results", help="the JSON written by `scripts/bench.py --json FILE`")
    parser.add_argument("output", help="the folder to write the PNGs into")
    arguments = parser.parse_args()

    machine, rows = load(arguments.results)
    os.makedirs(arguments.output, exist_ok=True)
    written = [
        keys_in_context_chart(rows, machine, arguments.output),
        read_scaling_chart(rows, machine, arguments.output),
    ]
    for path in written:
        if path:
            print(f"wrote {path}")
    missing = written.count(None)
    if missing:
        print(f"warning: {missing} chart(s) skipped: their rows are not in {arguments.results}",
              file=sys.stderr)


if __name__ == "__main__":
    main()
