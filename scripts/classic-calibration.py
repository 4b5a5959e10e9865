#!/usr/bin/env python3
"""Writes docs/classic-calibration.json: the in-repo baseline against the real classic library.

Usage:
  scripts/classic-calibration.py --classic TEXT [--instructions FILE] [--runs FILE...] [--out FILE]

The measurements come from a build of Benchmarks/Suite compiled against the real classic library
instead of this package (see Benchmarks/Suite/main.swift), made outside this repository: the
project never fetches or builds the classic library. In such a build "ours" is the real library,
measured in the same process as the baseline, row by row.

  --classic TEXT        what was measured (repository, commit, satellites, build), for the docs
  --instructions FILE   the --json output of scripts/bench-instructions.py run on that build
  --runs FILE...        the --json outputs of several runs of that build (`Benchmarks --json FILE`)
  --runs-note TEXT      how the runs were taken (load, priority), for the docs
  --add-to FILE         keep FILE's rows and summary, and add the rows it lacks (rows added to the
                        benchmark since), with a sentence of their own in the summary

For each row, the ratio "baseline / real" (above 1: the baseline is slower) is the median over the
runs of the baseline's time per operation divided by the real library's in the same run; a row with
no runs but an instruction count takes the ratio of instructions. scripts/perf-table.py publishes
the ratio beside every row it covers, with ours against the real library derived from it.
"""

import argparse
import json
import os
import statistics

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def time_per_operation(row, key):
    """Nanoseconds per operation of `key` ("ours" or "baseline"); rates become 1 s / rate."""
    value = row.get(key)
    if not value:
        return None
    return value if row["unit"] == "ns/op" else 1e9 / value


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--classic", required=True)
    parser.add_argument("--instructions")
    parser.add_argument("--runs", nargs="*", default=[])
    parser.add_argument("--runs-note", default="", help="how the runs were taken, for the docs")
    parser.add_argument("--out", default=os.path.join(ROOT, "docs/classic-calibration.json"))
    parser.add_argument("--add-to", help="a calibration to add the rows it lacks to")
    args = parser.parse_args()
    existing = None
    if args.add_to:
        with open(args.add_to, encoding="utf-8") as f:
            existing = json.load(f)

    rows = {}
    busy = []
    machine = None
    for path in args.runs:
        with open(path, encoding="utf-8") as f:
            document = json.load(f)
        machine = machine or document.get("machine", {})
        cores = document.get("machine", {}).get("cores busy with other processes")
        if cores not in (None, "unknown"):
            busy.append(float(cores))
        for row in document["rows"]:
            if row["unit"] == "x":
                continue
            real, baseline = time_per_operation(row, "ours"), time_per_operation(row, "baseline")
            if real and baseline:
                entry = rows.setdefault(row["name"], {"group": row["group"], "time": []})
                entry["time"].append({"real": real, "baseline": baseline})

    if args.instructions:
        with open(args.instructions, encoding="utf-8") as f:
            counted = json.load(f)
        for row in counted["rows"]:
            if row.get("baseline"):
                entry = rows.setdefault(row["name"], {"group": row["group"], "time": []})
                entry["instructions"] = {"real": row["ours"], "baseline": row["baseline"]}

    if existing:
        rows = {name: entry for name, entry in rows.items() if name not in existing["rows"]}

    published = {}
    time_ratios = []
    instruction_ratios = []
    for name, entry in rows.items():
        result = {"group": entry["group"]}
        if entry["time"]:
            ratios = sorted(sample["baseline"] / sample["real"] for sample in entry["time"])
            result["time"] = {
                "runs": len(ratios),
                "ratio min / median / max": [
                    round(ratios[0], 3), round(statistics.median(ratios), 3), round(ratios[-1], 3)
                ],
                "real ns/op, median of the runs": round(
                    statistics.median(s["real"] for s in entry["time"]), 2),
                "baseline ns/op, median of the runs": round(
                    statistics.median(s["baseline"] for s in entry["time"]), 2),
            }
            result["ratio"] = round(statistics.median(ratios), 3)
            result["source"] = "time"
            time_ratios.append((result["ratio"], name))
        if "instructions" in entry:
            counts = entry["instructions"]
            ratio = counts["baseline"] / counts["real"]
            result["instructions per operation"] = {
                "real": round(counts["real"], 1),
                "baseline": round(counts["baseline"], 1),
                "ratio": round(ratio, 3),
            }
            instruction_ratios.append((ratio, name))
            if "ratio" not in result:
                result["ratio"] = round(ratio, 3)
                result["source"] = "instructions"
        published[name] = result

    sentences = [
        f"the real classic library ({args.classic}) ran the same workloads: Benchmarks/Suite"
        " compiled against it outside this repository, so that each run measured it and the"
        " baseline in the same process, row by row."
    ]
    if time_ratios:
        counts = [len(entry["time"]) for entry in rows.values() if entry["time"]]
        runs = (
            f"{max(counts)} runs" if min(counts) == max(counts)
            else f"{min(counts)} to {max(counts)} runs per row"
        )
        low, high = min(time_ratios), max(time_ratios)
        spreads = sorted(
            (r["time"]["ratio min / median / max"][2] / r["time"]["ratio min / median / max"][0]
             - 1, name)
            for name, r in published.items() if "time" in r
        )
        sentences.append(
            "\"Baseline / real\" is the baseline's time per operation divided by the real"
            f" library's in the same run, the median of {runs}"
            + (
                f" (other processes kept {min(busy):.2f} to {max(busy):.2f} cores busy"
                + (f"; {args.runs_note}" if args.runs_note else "")
                + ")"
                if busy or args.runs_note else ""
            )
            + f": from {low[0]:.2f} (\"{low[1]}\") to {high[0]:.2f} (\"{high[1]}\"). A row's"
            f" ratio typically moved by {statistics.median(s for s, _ in spreads) * 100:.0f} %"
            f" between its lowest and highest run, at most by {spreads[-1][0] * 100:.0f} %"
            f" (\"{spreads[-1][1]}\")."
        )
    if instruction_ratios:
        low, high = min(instruction_ratios), max(instruction_ratios)
        counted = (
            "instructions per operation, counted with callgrind (`make bench-instructions` on that"
            " build; steady however busy the machine)"
        )
        if time_ratios:
            sentences.append(
                f"In {counted}, the baseline runs {low[0]:.2f} (\"{low[1]}\") to {high[0]:.2f}"
                f" (\"{high[1]}\") times the real library's on the single-threaded rows"
                + (
                    "; rows without timed runs take that ratio."
                    if any(r.get("source") == "instructions" for r in published.values())
                    else "."
                )
            )
        else:
            sentences.append(
                f"\"Baseline / real\" is the baseline's {counted} divided by the real library's:"
                f" from {low[0]:.2f} (\"{low[1]}\") to {high[0]:.2f} (\"{high[1]}\")."
            )
    sentences.append(
        "Per-row figures: `docs/classic-calibration.json`. The rows of the C core compare with"
        " plain Swift, not with the classic library, and have no such ratio."
    )

    document = {
        "classic": args.classic,
        "machine": machine or {},
        "summary": " ".join(sentences),
        "rows": published,
    }
    if existing:
        document = added_to(existing, published, sentences)
    with open(args.out, "w", encoding="utf-8") as f:
        json.dump(document, f, indent=2, sort_keys=True, ensure_ascii=False)
        f.write("\n")
    print(
        f"classic-calibration: wrote {os.path.relpath(args.out, ROOT)}"
        f" ({len(document['rows'])} rows, {len(published)} of them new)")


def added_to(existing, published, sentences):
    """`existing` with the rows of `published` added, and the sentences of their calibration (the
    figures, without the opening and closing ones that `existing` has) before its closing one."""
    if not published:
        return existing
    closing = sentences[-1]
    summary = existing["summary"]
    if not summary.endswith(closing):
        raise SystemExit("classic-calibration: --add-to: the summary does not end as expected")
    names = ", ".join(f"\"{name}\"" for name in published)
    added = f"Rows calibrated later, against the same versions ({names}): " + " ".join(
        sentences[1:-1])
    document = dict(existing)
    document["rows"] = {**existing["rows"], **published}
    document["summary"] = summary[: -len(closing)] + added + " " + closing
    return document


if __name__ == "__main__":
    main()
