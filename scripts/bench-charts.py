#!/usr/bin/env python3
"""Draws the benchmark charts from the JSON the benchmark executable writes.

    swift run -c release Benchmarks --json bench-results/results.json
    python3 scripts/bench-charts.py bench-results/results.json bench-results/

Writes two PNGs into the output folder:

  keys-in-context.png  ns/op against the number of keys in context (log-log): a read, and entering
                       a scope with one override, ours beside the classic baseline;
  read-scaling.png     cached @Dependency reads per second against threads, ours beside the classic
                       baseline: each thread reading its own local @Dependency (solid), all
                       threads reading one shared object's property (dashed), and the task-group
                       case as separate points.

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


def load(path):
    with open(path, encoding="utf-8") as file:
        document = json.load(file)
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
                  marker="s", label=f"{label}, classic")
    return True


def keys_in_context_chart(rows, machine, output):
    reads = series(rows, "@Dependency reads", r"^read, \d+ overrides in context$")
    scopes = series(rows, "withDependencies scopes", r"^enter scope with 1 override, \d+ keys$")
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
    group = "Concurrent @Dependency reads"
    threads = series(rows, group, r"^\d+ threads?$")
    shared = series(rows, group, r"^\d+ threads?, one shared model$")
    task_group = series(rows, group, r"^task group")
    if not threads:
        return None
    figure, axes = plt.subplots(figsize=(8, 5))
    xs = [point[0] for point in threads]
    axes.plot(xs, [point[1] for point in threads], "-", color=OURS, marker="o",
              label="local @Dependency(Key.self) per thread, ours")
    axes.plot(xs, [point[2] for point in threads], "-", color=CLASSIC, marker="s",
              label="local @Dependency(\\.key) per thread, classic")
    if shared:
        shared_xs = [point[0] for point in shared]
        axes.plot(shared_xs, [point[1] for point in shared], "--", color=OURS, marker="o",
                  markerfacecolor="white", label="one shared model's property, ours")
        axes.plot(shared_xs, [point[2] for point in shared], "--", color=CLASSIC, marker="s",
                  markerfacecolor="white", label="one shared model's property, classic")
    for parameter, ours, baseline in task_group:
        axes.plot([parameter], [ours], linestyle="none", color=OURS, marker="*", markersize=14,
                  label=f"task group on {parameter} pool threads, ours")
        if baseline is not None:
            axes.plot([parameter], [baseline], linestyle="none", color=CLASSIC, marker="*",
                      markersize=14, label=f"task group on {parameter} pool threads, classic")
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
    axes.set_xlabel("threads reading at once")
    axes.set_ylabel("cached default reads per second, all threads (higher is better)")
    axes.set_title("Concurrent reads of a cached default (live context)")
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
    parser.add_argument("results", help="the JSON written by `Benchmarks --json FILE`")
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
