#!/usr/bin/env python3
"""Turns the log of one `.ci/run` run into the committed record of CI's figures.

Usage: scripts/dev/ci-record.py LOG [--out FILE] [--machine TEXT]

`make ci-figures CI_LOG=LOG` runs it with `--out docs/ci-run.json`, then renders the documentation
blocks from that file (scripts/perf-table.py --write): CI's step times, `make test`'s time per part
and its test counts, `make release-checks`'s, and the library-evolution build's time. Without
--out it prints the record.

What it reads from the log, all of it printed by `.ci/run` and the scripts it runs:

- `.ci/run`'s first line, `=== .ci/run: commit C, SWIFT VERSION, N cores, load average A B C, DATE`;
- the step summary at the end: `=== step times`, a line `NAME  SECONDSs` per step (`FAILED` after
  a failed one), then `total SECONDSs`, and `load average A B C` when the run ended;
- within the steps `tests (make test)` and `release tests (--parallel)` (scripts/run-tests.py): each
  part's `=== PART: swift test …` line, its `built after N s` and `swift test exited S after N s`
  lines (`(CPU N s; started N s in)` after the latter: the part's CPU time, and when it started
  when the parts ran at the same time), the summary table's rows (suites, tests, passed, failed,
  skipped and known issues per part and framework) and the closing
  `tests: N passed, N failed, N skipped`.

--machine describes the machine the run had to itself ("a 2-core VM with nothing else running"):
the log cannot tell whether other work shared it, only its load average at both ends.

A log that lacks the step summary (a run stopped early) is refused: a record holds a whole run.
"""

import argparse
import json
import re
import sys

# The steps of .ci/run whose output scripts/run-tests.py prints, and the record's key for each.
TEST_STEPS = {"tests (make test)": "tests", "release tests (--parallel)": "releaseChecks"}

HEADER = re.compile(
    r"^=== \.ci/run: commit (?P<commit>\S+), (?P<swift>.*?), (?P<cores>\d+) cores,"
    r" load average (?P<load>[\d. ]+?), (?P<date>\S+)$")
STEP_LINE = re.compile(r"^(?P<name>.+?)\s+(?P<seconds>\d+)s(?P<failed>\s+FAILED)?$")
TOTAL_LINE = re.compile(r"^total (\d+)s$")
LOAD_LINE = re.compile(r"^load average ([\d. ]+)$")
STEP_START = re.compile(r"^=== (?P<name>.+) \(\d+s\)$")
PART_START = re.compile(r"^=== (?P<name>[\w-]+): swift test ")
PART_BUILT = re.compile(r"^\s+built after (\d+) s")
PART_END = re.compile(r"^\s+(?:swift test exited (?P<status>-?\d+)|no output for \d+ s: ended) after"
                      r" (?P<seconds>\d+) s"
                      r"(?: \(CPU (?P<cpu>\d+) s(?:; started (?P<start>\d+) s in)?\))?")
SUMMARY_ROW = re.compile(
    r"^(?P<part>[\w-]+)?\s+(?P<framework>XCTest|Swift Testing)\s+(?P<suites>\d+)\s+(?P<tests>\d+)"
    r"\s+(?P<passed>\d+)\s+(?P<failed>\d+)\s+(?P<skipped>\d+)\s+(?P<known>\d+)(?:\s+-?\d+)?$")
TESTS_LINE = re.compile(r"^tests: (\d+) passed, (\d+) failed, (\d+) skipped$")
ANSI = re.compile(r"\x1b\[[0-9;]*m")


def parse(lines, machine):
    record = {"machine": machine} if machine else {}
    steps = []
    in_summary = False
    for line in lines:
        if match := HEADER.match(line):
            record.update(
                commit=match["commit"], swift=match["swift"], cores=int(match["cores"]),
                loadAverageAtStart=match["load"].strip(), date=match["date"])
        elif line == "=== step times":
            in_summary, steps = True, []
        elif in_summary and (match := TOTAL_LINE.match(line)):
            record["totalSeconds"] = int(match[1])
        elif in_summary and (match := LOAD_LINE.match(line)):
            record["loadAverageAtEnd"] = match[1].strip()
        elif in_summary and (match := STEP_LINE.match(line)):
            steps.append({"name": match["name"].strip(), "seconds": int(match["seconds"]),
                          "failed": bool(match["failed"])})
    if not steps or "totalSeconds" not in record:
        sys.exit("ci-record: the log has no step summary (=== step times … total Ns): a record"
                 " holds a whole run")
    record["steps"] = [{k: v for k, v in step.items() if k != "failed" or v} for step in steps]
    names = {step["name"] for step in steps}

    current = None
    sections = {}
    for line in lines:
        if (match := STEP_START.match(line)) and match["name"] in names:
            current = TEST_STEPS.get(match["name"])
            if current:
                sections[current] = {"parts": [], "rows": []}
            continue
        if not current:
            continue
        section = sections[current]
        if match := PART_START.match(line):
            section["parts"].append({"name": match["name"]})
        elif (match := PART_BUILT.match(line)) and section["parts"]:
            section["parts"][-1]["buildSeconds"] = int(match[1])
        elif (match := PART_END.match(line)) and section["parts"]:
            part = section["parts"][-1]
            part["seconds"] = int(match["seconds"])
            part["status"] = int(match["status"]) if match["status"] is not None else "hung"
            if match["cpu"] is not None:
                part["cpuSeconds"] = int(match["cpu"])
            if match["start"] is not None:
                part["startSeconds"] = int(match["start"])
        elif match := SUMMARY_ROW.match(line):
            part = match["part"] or (section["rows"][-1]["part"] if section["rows"] else None)
            section["rows"].append({
                "part": part, "framework": match["framework"],
                **{key: int(match[key])
                   for key in ("suites", "tests", "passed", "failed", "skipped", "known")}})
        elif match := TESTS_LINE.match(line):
            section["totals"] = dict(zip(("passed", "failed", "skipped"), map(int, match.groups())))
    for key, section in sections.items():
        counts = {}
        for row in section.pop("rows"):
            counts.setdefault(row.pop("part"), {})[row.pop("framework")] = row
        for part in section["parts"]:
            if part["name"] in counts:
                part["counts"] = counts[part["name"]]
        record[key] = section
    return record


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("log", help="the output of one `.ci/run` run")
    parser.add_argument("--out", help="write the record to this file (docs/ci-run.json)")
    parser.add_argument("--machine", help="the machine, as the documentation names it")
    args = parser.parse_args()
    with open(args.log, encoding="utf-8", errors="replace") as f:
        lines = [ANSI.sub("", line.rstrip("\n")) for line in f]
    record = parse(lines, args.machine)
    record["source"] = "scripts/dev/ci-record.py on the log of `.ci/run`"
    text = json.dumps(record, indent=2, sort_keys=True) + "\n"
    if not args.out:
        sys.stdout.write(text)
        return 0
    with open(args.out, "w", encoding="utf-8") as f:
        f.write(text)
    print(f"ci-record: wrote {args.out} ({len(record['steps'])} steps,"
          f" {record['totalSeconds']} s in all)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
