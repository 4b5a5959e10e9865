"""Instructions per operation of the benchmark's rows, counted by callgrind (valgrind).

Shared by scripts/dev/bench-instructions.py (every single-threaded row, this package's and the classic
library's) and scripts/bench-gate.py (the rows of Benchmarks/Thresholds/instructions.json, this
package's only).

`count_instructions` runs a release build of a benchmark executable (a `runnable_copy` of it:
this package's `Benchmarks` or Benchmarks/Classic's `ClassicBenchmarks`) under `valgrind
--tool=callgrind --collect-atstart=no` with `--iterations N` (every measurement is one warm-up and
one timed sample of exactly N operations) and `--json`, so each row of the JSON names its samples
(`measured.sample`, and `plainSwift.sample` on the C core's rows); callgrind writes one dump per
timed sample ("sample k", see `timedSample` in Benchmarks/Suite/Harness.swift). A row's figure is
its dump's instructions divided by N.

Valgrind 3.19 (Debian 12) cannot read the DWARF 5 debug information that clang writes for the C
targets of a plain `swift build -c release`, and stops. The executable runs from a copy without
debug information (`objcopy --strip-debug`, `runnable_copy`): its code and data are the same bytes,
so the counts are those of the build itself, and the release build of `make bench` serves as it is.

A count depends on more than the code measured: the process's heap, which the start-up fills with
copies of the arguments and the environment, changes what malloc and the Swift runtime's caches do
("withDependencies(from:), model has 10 overrides" took from 24,974 to 25,182 instructions in
different shells). So the benchmark runs with the same arguments and environment wherever it is
started from: in a directory of its own, through relative paths, with SWIFT_DETERMINISTIC_HASHING=1
(its dictionaries and sets hash the same way in every run) and no other variable but
LD_LIBRARY_PATH when set.
"""

import contextlib
import json
import os
import re
import shlex
import shutil
import subprocess
import tempfile


class CountError(Exception):
    """The benchmark could not be counted: the message says why."""


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


@contextlib.contextmanager
def runnable_copy(benchmarks):
    """A copy of the executable `benchmarks` without debug information, which valgrind 3.19 reads
    (see above), for the duration of the `with` block. Raises CountError when a tool is missing."""
    for tool, package in (("valgrind", "valgrind"), ("objcopy", "binutils")):
        if shutil.which(tool) is None:
            raise CountError(f"{tool} is missing: install it (Debian: apt-get install {package})")
    with tempfile.TemporaryDirectory(prefix="callgrind-counts-") as directory:
        executable = os.path.join(directory, os.path.basename(benchmarks))
        strip = subprocess.run(
            ["objcopy", "--strip-debug", benchmarks, executable],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        if strip.returncode != 0:
            raise CountError(f"objcopy could not copy {benchmarks}: {strip.stderr.strip()}")
        yield executable


def count_instructions(executable, arguments, iterations):
    """Runs `executable` (a `runnable_copy`) with `arguments` under callgrind, `iterations`
    operations per sample.

    Returns (rows, document): a dict per row of times that callgrind counted, in the run's order,
    with "group", "name", "measured" and "plainSwift" (instructions per operation; "plainSwift" is
    None but on the C core's rows), and the benchmark's whole JSON document. Raises CountError when
    the run fails.
    """
    with tempfile.TemporaryDirectory(prefix="callgrind-counts-") as directory:
        # The benchmark runs in `directory` with the same arguments and environment wherever it is
        # started from (see above).
        name = os.path.basename(executable)
        os.symlink(os.path.abspath(executable), os.path.join(directory, name))
        command = [
            shutil.which("valgrind"), "--tool=callgrind", "--collect-atstart=no",
            "--callgrind-out-file=cg.out", f"./{name}", *arguments,
            "--iterations", str(iterations), "--json", "results.json",
        ]
        environment = {"SWIFT_DETERMINISTIC_HASHING": "1"}
        if "LD_LIBRARY_PATH" in os.environ:
            environment["LD_LIBRARY_PATH"] = os.environ["LD_LIBRARY_PATH"]
        run = subprocess.run(
            command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
            env=environment, cwd=directory)
        if run.returncode != 0:
            raise CountError(
                run.stderr[-4000:] + f"\nthe benchmark exited with status {run.returncode}"
                + f" (command: {shlex.join(command)})")
        totals = dump_totals(directory)
        with open(os.path.join(directory, "results.json"), encoding="utf-8") as f:
            document = json.load(f)
        if not totals and any(row["measured"].get("sample") for row in document["rows"]):
            raise CountError(
                "callgrind wrote no sample dumps: the executable was built without valgrind's"
                " header <valgrind/callgrind.h> (Benchmarks/CallgrindSamples). With valgrind"
                " installed, delete the build's CallgrindSamples.build folder and build again.")

    def per_operation(figure):
        total = totals.get((figure or {}).get("sample"))
        return None if total is None else total / iterations

    rows = []
    for row in document["rows"]:
        measured = per_operation(row["measured"])
        if row["unit"] != "ns/op" or measured is None:
            continue
        rows.append({
            "group": row["group"],
            "name": row["name"],
            "measured": measured,
            "plainSwift": per_operation(row.get("plainSwift")),
        })
    return rows, document
