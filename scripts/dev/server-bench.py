#!/usr/bin/env python3
"""`make server-bench`: the server example under wrk, with this package, the classic library and
no library.

Usage:
  scripts/dev/server-bench.py [--rounds N] [--seconds N] [--warm-up N] [--connections N]
                          [--threads N] [--json FILE]

Builds the three variants of Examples/Server in release (scripts/server_load.py: `Server` with
this package, `ClassicServer` with the classic library 1.16.0, `PlainServer` with no library: one
handler, the same requests), then runs ROUNDS rounds (default 3); in each, every variant in turn
(the order rotating from round to round) is started, warmed up with wrk for WARM-UP seconds (not
counted), loaded with wrk for SECONDS (default 15) over CONNECTIONS connections (default 64) from
THREADS wrk threads (default 1), then stopped with SIGTERM. Every request has an id of its own and
every response shows the id wherever the handler read its request's values
(scripts/server-isolation.lua).

It prints each run as it ends, then a table of the medians over the rounds: requests per second,
the 50th and 99th percentile latency, the server's peak resident memory (VmHWM, read before the
SIGTERM), and the sums over the rounds: requests that saw another request's values (must be 0),
responses that were not 2xx, socket errors. With --json it writes all of it, every round's too,
with the machine and the command (docs/server-bench.json is such a file: scripts/perf-table.py
renders its table into the Performance article and a row of the README's headline table).

Exits 1 when any request saw another's values, any response was not 2xx, or a server did not
shut down cleanly (exit status 0, its shutdown steps in order).
"""

import argparse
import os
import platform
import statistics
import subprocess
import sys
import time

# The shared modules of scripts/ (this script lives in scripts/dev/).
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from bench import cpu_seconds, loadavg, own_cpu_seconds, write_json
from outside_packages import Unavailable
from server_load import VARIANTS, Server, build, run_wrk, shutdown_problems

ORDER = ["ours", "classic", "plain"]
LABELS = {"ours": "swift-dependencies", "classic": "classic 1.16.0", "plain": "no library"}


def machine():
    """The machine, as the benchmark's JSON describes it."""
    def field(path, name, separator):
        try:
            with open(path, encoding="utf-8") as f:
                for line in f:
                    key, found, value = line.partition(separator)
                    if found and key.strip() == name:
                        return value.strip().strip('"')
        except OSError:
            pass
        return None

    memory = field("/proc/meminfo", "MemTotal", ":")
    return {
        "cores": str(os.cpu_count()),
        "cpu": field("/proc/cpuinfo", "model name", ":") or platform.processor() or "unknown",
        "memory": f"{int(memory.split()[0]) // 1_048_576} GiB" if memory else "unknown",
        "os": field("/etc/os-release", "PRETTY_NAME", "=") or platform.platform(),
    }


def summary(runs):
    """The medians and sums of one variant's rounds."""
    return {
        "requests_per_second": statistics.median(run["requests_per_second"] for run in runs),
        "p50_us": statistics.median(run["p50_us"] for run in runs),
        "p99_us": statistics.median(run["p99_us"] for run in runs),
        "peak_rss_kib": statistics.median(run["peak_rss_kib"] or 0 for run in runs),
        "requests": sum(run["requests"] for run in runs),
        "mismatches": sum(run["mismatches"] for run in runs),
        "non2xx": sum(run["non2xx"] for run in runs),
        "socket_errors": sum(run["socket_errors"] for run in runs),
        "rounds_requests_per_second": [run["requests_per_second"] for run in runs],
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=int, default=15)
    parser.add_argument("--warm-up", type=int, default=3)
    parser.add_argument("--connections", type=int, default=64)
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--json", help="write the results to this file")
    args = parser.parse_args()

    try:
        build(ORDER, "release")
    except Unavailable as error:
        sys.exit(f"server-bench: {error}")
    except subprocess.CalledProcessError as error:
        sys.exit(f"server-bench: the build failed ({error})")

    command = (
        f"wrk -t{args.threads} -c{args.connections} -d{args.seconds}s"
        f" -s scripts/server-isolation.lua")
    print(
        f"\n{args.rounds} rounds of {command}, each after a {args.warm_up} s warm-up;"
        " the variants in turn, the order rotating", flush=True)
    runs = {name: [] for name in ORDER}
    problems = []
    start = (time.time(), cpu_seconds(), own_cpu_seconds(), loadavg())
    for round_number in range(args.rounds):
        order = ORDER[round_number % len(ORDER):] + ORDER[:round_number % len(ORDER)]
        for name in order:
            try:
                server = Server(VARIANTS[name].executable("release"))
            except RuntimeError as error:
                sys.exit(f"server-bench: {LABELS[name]}: {error}")
            try:
                run_wrk(server.port, args.warm_up, args.connections, args.threads)
                result = run_wrk(server.port, args.seconds, args.connections, args.threads)
            except RuntimeError as error:
                server.stop()
                sys.exit(f"server-bench: {LABELS[name]}, round {round_number + 1}: {error}")
            result["peak_rss_kib"] = server.peak_rss_kib()
            status, _, log = server.stop()
            for problem in shutdown_problems(status, log):
                problems.append(f"{name}, round {round_number + 1}: {problem}")
            result["round"] = round_number + 1
            runs[name].append(result)
            print(
                f"round {round_number + 1}, {LABELS[name]}: {result['requests_per_second']:,.0f}"
                f" req/s, p50 {result['p50_us'] / 1000:.2f} ms, p99 {result['p99_us'] / 1000:.2f} ms,"
                f" {result['mismatches']} mismatches, {result['non2xx']} not 2xx", flush=True)

    summaries = {name: summary(runs[name]) for name in ORDER}
    # The cores other processes kept busy: the machine's busy time but that of the servers and wrk.
    busy = "unknown"
    if start[1] is not None:
        others = (cpu_seconds() - start[1]) - (own_cpu_seconds() - start[2])
        busy = f"{max(0.0, others) / (time.time() - start[0]):.2f}"
    print(
        f"\n{'':<20}{'req/s':>10}{'p50 ms':>9}{'p99 ms':>9}{'peak RSS':>11}{'saw another':>13}"
        f"{'non-2xx':>9}{'socket errors':>15}")
    for name in ORDER:
        found = summaries[name]
        print(
            f"{LABELS[name]:<20}{found['requests_per_second']:>10,.0f}{found['p50_us'] / 1000:>9.2f}"
            f"{found['p99_us'] / 1000:>9.2f}{found['peak_rss_kib'] / 1024:>8.1f} MiB"
            f"{found['mismatches']:>13}{found['non2xx']:>9}{found['socket_errors']:>15}")
    print(
        "(medians over the rounds; requests that saw another's values, non-2xx and socket errors"
        f" summed over them; other processes kept {busy} cores busy on average)")
    for name in ORDER:
        if summaries[name]["mismatches"] or summaries[name]["non2xx"]:
            problems.append(
                f"{LABELS[name]}: {summaries[name]['mismatches']} requests saw another's values,"
                f" {summaries[name]['non2xx']} responses were not 2xx")

    if args.json:
        document = {
            "command": "scripts/dev/server-bench.py " + " ".join(sys.argv[1:]),
            "wrk": command,
            "rounds": args.rounds,
            "warmUpSeconds": args.warm_up,
            "machine": {
                **machine(), "loadavg at start": start[3], "loadavg at end": loadavg(),
                "cores busy with other processes": busy,
            },
            "variants": {name: VARIANTS[name].description for name in ORDER},
            "summary": summaries,
            "runs": runs,
        }
        write_json(args.json, document)
    if problems:
        print("\nserver-bench: FAILED\n" + "\n".join(f"  {problem}" for problem in problems))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
