#!/usr/bin/env python3
"""Runs every test of the repository (`make test`) and ends with one summary of all of them.

Usage: scripts/run-tests.py [--verbose] [--release | --integration]

Five parts, each a `swift test` (the SWIFT environment variable names another swift), in three
lanes that run at the same time: package, then serial-executor; integration, then module-aliases;
switch-from-classic. On two cores, each part's build fills the time that another leaves a core
idle (a module waiting for the one it imports, a link, a test run). A part's block of lines (its
`===` line, when it was built, how it exited, after how many seconds and with how much CPU time,
user and system, of its whole process tree) is printed when it ends; `---` lines say when each
starts and is built. --integration runs the integration packages only (`make integration`).

  package          the package's own tests (Tests/), debug build, except those of
                   withMainSerialExecutor; with --parallel, so that each XCTest method runs in a
                   process of its own (no test may need another to have run before it)
  serial-executor  the tests of withMainSerialExecutor, in a process of their own: the executor
                   hook they install is process-wide (also with --parallel)
  integration      IntegrationTests/ClassicUser, a package that depends on this one: the classic
                   API and macros (Feature), and the classic library's wider surface
                   (XCTestDynamicOverlay, deprecated names, @_spi imports, traits, the test-support
                   products) with only its package URL and products re-pointed (Clients)
  module-aliases   IntegrationTests/ModuleAliases/AliasUser, whose graph also holds other modules
                   with the names this library shares with the classic satellites (renamed with
                   moduleAliases), the recipe of MigratingFromClassic
  switch-from-classic
                   IntegrationTests/SwitchFromClassic: `swift package switch-from-classic` run
                   end to end on fixtures that list stand-ins of the classic satellites, and on
                   one with the real swift-custom-dump from ../shared/vendor (CustomDumpCLI)

With --release (`make release-checks`), only the first two parts run, one after the other, in a
release build (`-c release`), with --parallel, and with --disable-testable-imports: the library
modules are then compiled as `swift build -c release` compiles them, so the build is shared with a
later
`swift build -c release --product Benchmarks` (or `swift run -c release Benchmarks`), which
finds them built. Their logs are .build/test-logs/<part>-release.log.

Each part's whole output goes to .build/test-logs/<part>.log; the terminal shows one line per step
(all of it with --verbose or VERBOSE=1: as it comes when the parts run one after the other, each
part's when it ends when they run at the same time). At the end comes one table: suites and tests
per part and framework (XCTest, Swift Testing), passed, failed, skipped (with the reason given),
known issues (expected: see the article "Working on the package"), each part's exit status, and a
closing line `tests: N passed, N failed, N skipped`. When a part fails, its failures and the end
of its log are printed; under CI (CI=true) its whole log. A part that prints nothing for
TEST_IDLE_TIMEOUT seconds (default 900) is ended, with every process it started, as hung, and the
tests that had not finished are named. Exits 1 when any part fails: non-zero exit status of `swift test`, a failed
test, a hang, or no test summary at all (build failure, crash).

Under --parallel, SwiftPM prints a line `[i/N] Testing Module.Class/method` as each XCTest method
ends, and the output of the failed ones only: the XCTest row counts the tests from those lines and
the failures from that output, and it cannot tell a skipped XCTest method from one that passed.
"""

import os
import re
import signal
import subprocess
import sys
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LOGS = os.path.join(ROOT, ".build", "test-logs")
# withMainSerialExecutor installs a process-wide hook that sends every job to the main queue while
# a scope is open; its tests run in a `swift test` process of their own, so that they never
# serialise (or stall) the package's other tests running in parallel with them.
SERIAL_EXECUTOR_TESTS = "MainSerialExecutor"
PACKAGE_PARTS = [
    ("package", ROOT, ["--parallel", "--skip", SERIAL_EXECUTOR_TESTS]),
    ("serial-executor", ROOT, ["--parallel", "--filter", SERIAL_EXECUTOR_TESTS]),
]
# --release: without -enable-testing (no test uses @testable import), the library modules are
# compiled as `swift build -c release` compiles them, and a later release build reuses them.
RELEASE_ARGUMENTS = ["-c", "release", "--disable-testable-imports"]
INTEGRATION = os.path.join(ROOT, "IntegrationTests")
# The integration packages, in two lanes that run at the same time, and at the same time as the
# package's parts (`make test`). Each builds this package again, as a dependency of its own, in its
# own .build (SwitchFromClassic's tests run the plugin in a scratch path of their own; see its
# Support.swift), and so none waits for another.
INTEGRATION_LANES = [
    [("integration", os.path.join(INTEGRATION, "ClassicUser")),
     ("module-aliases", os.path.join(INTEGRATION, "ModuleAliases", "AliasUser"))],
    [("switch-from-classic", os.path.join(INTEGRATION, "SwitchFromClassic"))],
]
# The environment variable through which the integration packages' flags reach the builds that
# SwitchFromClassic's tests start (one flag a line; see its Support.swift).
FIXTURE_FLAGS_VARIABLE = "SWITCH_FROM_CLASSIC_BUILD_FLAGS"


def integration_flags(swift):
    """Flags for the builds of the integration packages and of the fixtures their tests build,
    which change no compiled code, only what each build does again that another has done:

    - the compiler's module cache is the root package's (SwiftPM's bin folder's ModuleCache, the
      package part's): the modules the compiler builds from textual interfaces and C headers
      (Glibc, Foundation's C shims, Testing, _Concurrency, …; 50 MB) are built once for every
      package, not once per package. The cache is made to be shared (Xcode shares one across
      all projects); each entry is keyed by the compiler options it was built with.
    - -index-ignore-system-modules: the index store that SwiftPM writes in a debug build (it finds
      the XCTest methods with it) holds these packages' modules, not the system's again.
    """
    bin_path = subprocess.run([swift, "build", "--show-bin-path"], cwd=ROOT, check=True,
                              capture_output=True, text=True).stdout.strip()
    module_cache = os.path.join(bin_path, "ModuleCache")
    return ["-Xswiftc", "-index-ignore-system-modules",
            "-Xswiftc", "-module-cache-path", "-Xswiftc", module_cache]


ANSI = re.compile(r"\x1b\[[0-9;]*m")
# XCTest under --parallel: SwiftPM's line for each test method as it ends.
XC_PARALLEL_PROGRESS = re.compile(r"^\[(\d+)/(\d+)\] Testing (\S+)/(\S+)$")
# XCTest (swift-corelibs-xctest)
XC_EXECUTED = re.compile(
    r"^\s*Executed (\d+) tests?, with (?:(\d+) tests? skipped and )?(\d+) failures? "
    r"\(\d+ unexpected\)"
)
XC_SUITE_END = re.compile(r"^Test Suite '(.+)' (passed|failed) at ")
XC_CASE_FAILED = re.compile(r"^Test Case '(.+)' failed \(")
# Swift Testing (its human-readable output; each line starts with a symbol)
ST_RUN_END = re.compile(
    r"^\S+ Test run with (\d+) tests? in (\d+) suites? (passed|failed) after \S+ seconds?(.*)\.$"
)
ST_TEST_END = re.compile(
    r"^\S+ Test (?!run with)(.+?)(?: with \d+ test cases?)? (passed|failed) after \S+ seconds?"
    r"(.*)\.$"
)
ST_SKIPPED = re.compile(r"^\S+ (Test|Suite) (.+?) skipped(?:: \"(.*)\")?\.?$")
KNOWN = re.compile(r"(\d+) known issues?")


def parse(log_lines):
    """What a part's `swift test` output says about its tests."""
    result = {
        "built": False,
        "xctest": None,  # dict once XCTest's final summary is seen
        "testing": None,  # dict once Swift Testing's run-end line is seen
        "xc_failed": [],
        "failed": [],
        "skipped": [],
        "known": [],
    }
    xc_suites = set()
    last_executed = None
    parallel_tests = set()
    for raw in log_lines:
        line = ANSI.sub("", raw.rstrip("\n"))
        if line.startswith("Build complete!") or line.startswith("Build of product"):
            result["built"] = True
        if m := XC_PARALLEL_PROGRESS.match(line):
            parallel_tests.add((m.group(3), m.group(4)))
        elif m := XC_SUITE_END.match(line):
            name = m.group(1)
            if name not in ("All tests", "Selected tests") and not name.endswith(".xctest"):
                xc_suites.add(name)
        elif m := XC_EXECUTED.match(line):
            last_executed = m
        elif m := XC_CASE_FAILED.match(line):
            result["xc_failed"].append(m.group(1))
        elif m := ST_RUN_END.match(line):
            known = KNOWN.search(m.group(4))
            result["testing"] = {
                "tests": int(m.group(1)),
                "suites": int(m.group(2)),
                "verdict": m.group(3),
                "known": int(known.group(1)) if known else 0,
            }
        elif m := ST_TEST_END.match(line):
            if m.group(2) == "failed":
                result["failed"].append(m.group(1))
            if known := KNOWN.search(m.group(3)):
                result["known"].append((m.group(1), int(known.group(1))))
        elif m := ST_SKIPPED.match(line):
            result["skipped"].append((m.group(1), m.group(2), m.group(3)))
    if parallel_tests:
        # --parallel: the failed tests' output also has "Executed" lines, one test each.
        result["xctest"] = {
            "tests": len(parallel_tests),
            "skipped": 0,
            "suites": len({test_class for test_class, _ in parallel_tests}),
            "parallel": True,
        }
    elif last_executed:
        result["xctest"] = {
            "tests": int(last_executed.group(1)),
            "skipped": int(last_executed.group(2) or 0),
            "suites": len(xc_suites),
        }
    return result


def descendants(pid):
    """The processes that `pid` started, and theirs, from /proc (Linux)."""
    children = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat", encoding="utf-8", errors="replace") as f:
                    # The fields after the command name, which is in parentheses: state, ppid, …
                    parent = int(f.read().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            children.setdefault(parent, []).append(int(entry))
    found, pending = [], [pid]
    while pending:
        for child in children.get(pending.pop(), []):
            found.append(child)
            pending.append(child)
    return found


def end_session(process):
    """Ends `process` and every process it started: swift test runs the test binary in a process
    group of its own, so the whole tree is found and ended, not only the group."""
    for pid in [process.pid] + (descendants(process.pid) if os.path.isdir("/proc") else []):
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


CLOCK_TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def tree_cpu_seconds(pid):
    """The CPU time (user + system) that `pid` and the processes it started have used so far:
    each live process's own and that of its children it has waited for (Linux /proc; None
    elsewhere)."""
    if not os.path.isdir("/proc"):
        return None
    ticks = 0
    for process in [pid] + descendants(pid):
        try:
            with open(f"/proc/{process}/stat", encoding="utf-8", errors="replace") as f:
                # After the command name: state is field 3; utime, stime, cutime, cstime 14 to 17.
                fields = f.read().rsplit(")", 1)[1].split()
            ticks += sum(int(field) for field in fields[11:15])
        except (OSError, IndexError, ValueError):
            continue
    return ticks / CLOCK_TICKS


# One part's lines at a time on the terminal, when parts run at the same time.
PRINTING = threading.Lock()
# The parts' `swift test` processes still running (ended with their trees on an interrupt).
RUNNING = set()


def run_part(name, directory, arguments, swift, verbose, idle_timeout, clock_start, alongside):
    """Runs one part's `swift test`. With `alongside` (other parts run at the same time), the
    part's block (its `===` line, when it was built, how it exited) is printed whole when it ends,
    and a `---` line says when it starts and when it is built."""
    log_path = os.path.join(LOGS, f"{name}.log")
    heading = (f"=== {name}: swift test {' '.join(arguments)} in"
               f" {os.path.relpath(directory, ROOT) or '.'}"
               f" (log: {os.path.relpath(log_path, ROOT)})")
    start = time.monotonic()
    block = []

    def say(text, progress=None):
        with PRINTING:
            if not alongside:
                print(text, flush=True)
            else:
                block.append(text)
                if progress:
                    print(f"--- {name}: {progress} ({time.monotonic() - clock_start:.0f} s in)",
                          flush=True)

    say(heading, "started")
    lines = []
    last_output = [time.monotonic()]
    hung = threading.Event()
    process = subprocess.Popen(
        [swift, "test", *arguments],
        cwd=directory,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        errors="replace",
    )

    ended = threading.Event()

    def watchdog():
        # Not process.poll(): that would reap the process before the wait4 below.
        while not ended.wait(1):
            if time.monotonic() - last_output[0] > idle_timeout:
                hung.set()
                end_session(process)
                return

    RUNNING.add(process)
    threading.Thread(target=watchdog, daemon=True).start()
    build_cpu = None
    try:
        with open(log_path, "w", encoding="utf-8") as log:
            for line in process.stdout:
                last_output[0] = time.monotonic()
                log.write(line)
                log.flush()
                lines.append(line)
                if verbose and not alongside:
                    sys.stdout.write(line)
                    sys.stdout.flush()
                elif line.startswith("Build complete!"):
                    build_cpu = tree_cpu_seconds(process.pid)
                    cpu = f" (CPU {build_cpu:.0f} s)" if build_cpu is not None else ""
                    say(f"    built after {time.monotonic() - start:.0f} s{cpu}; running the tests",
                        "built")
            # wait4, not wait: the CPU time of the part's whole process tree, as it ends.
            _, wait_status, usage = os.wait4(process.pid, 0)
            process.returncode = status = os.waitstatus_to_exitcode(wait_status)
            ended.set()
    except KeyboardInterrupt:
        end_session(process)
        raise
    finally:
        ended.set()
        RUNNING.discard(process)
    result = parse(lines)
    result.update(name=name, status=status, log=log_path, lines=lines, hung=hung.is_set(),
                  idle_timeout=idle_timeout, seconds=time.monotonic() - start,
                  cpu=usage.ru_utime + usage.ru_stime, build_cpu=build_cpu)
    cpu = f"CPU {result['cpu']:.0f} s"
    if alongside:
        cpu += f"; started {start - clock_start:.0f} s in"
    if result["hung"]:
        say(f"    no output for {idle_timeout} s: ended after {result['seconds']:.0f} s ({cpu})")
    else:
        say(f"    swift test exited {status} after {result['seconds']:.0f} s ({cpu})")
    if alongside:
        with PRINTING:
            print("\n".join(block), flush=True)
        if verbose:
            with PRINTING:
                sys.stdout.writelines(lines)
                sys.stdout.flush()
    return result


def part_failed(result):
    return (
        result["hung"]
        or result["status"] != 0
        or result["testing"] is None
        or result["xctest"] is None
        or result["failed"]
        or result["xc_failed"]
        or result["testing"]["verdict"] != "passed"
    )


def unfinished(lines):
    """Swift Testing tests (and XCTest cases) that started and neither ended nor were skipped.
    Under --parallel, SwiftPM names an XCTest method only once it has ended: how many of them
    had ended is said instead."""
    started = []
    ended = set()
    progress = None
    for raw in lines:
        line = ANSI.sub("", raw.rstrip("\n"))
        if m := XC_PARALLEL_PROGRESS.match(line):
            progress = m
        elif m := re.match(r"^\S+ Test (?!case |run started)(.+?) started\.$", line):
            started.append(m.group(1))
        elif m := re.match(r"^Test Case '(.+)' started at ", line):
            started.append(m.group(1))
        elif m := ST_TEST_END.match(line):
            ended.add(m.group(1))
        elif m := ST_SKIPPED.match(line):
            ended.add(m.group(2))
        elif m := re.match(r"^Test Case '(.+)' (passed|failed|skipped) \(", line):
            ended.add(m.group(1))
    if progress and progress.group(1) != progress.group(2):
        started.append(f"XCTest (--parallel): {progress.group(1)} of {progress.group(2)} test methods"
                       " had ended; SwiftPM does not name those still running")
    return [test for test in started if test not in ended] or ["(none: the run hung elsewhere)"]


def report_failure(result):
    name, lines = result["name"], result["lines"]
    print(f"\n=== {name} FAILED (whole log: {os.path.relpath(result['log'], ROOT)})")
    in_ci = bool(os.environ.get("CI"))
    if in_ci:
        print(f"--- {name}: the whole log")
        sys.stdout.writelines(lines)
        print(f"--- {name}: end of the log")
    if result["hung"]:
        print(f"no output for {result['idle_timeout']} s, so it was ended; tests that started and"
              " had not reported an end:")
        for test in unfinished(lines):
            print(f"  {test}")
        return
    if not result["built"]:
        if not in_ci:
            print("the build failed; the end of the log:")
            for line in lines[-40:]:
                print(f"  {line.rstrip()}")
        return
    shown = [
        line
        for line in (ANSI.sub("", raw.rstrip("\n")) for raw in lines)
        if re.match(r"^\S+ Test .* (failed|recorded an issue)", line)
        or XC_CASE_FAILED.match(line)
        or re.search(r": error: ", line)
    ]
    if shown:
        print("failures:")
        for line in shown[:60]:
            print(f"  {line}")
    if result["testing"] is None or result["xctest"] is None:
        # A crash: the fatal error, and the crashed thread's first frames from the backtrace.
        crash, frames = [], 0
        for raw in lines:
            line = ANSI.sub("", raw.rstrip("\n"))
            if re.search(r"Fatal error|Program crashed|crashed:$|unexpected signal", line):
                crash.append(line)
                frames = 12 if line.endswith("crashed:") else 0
            elif frames:
                crash.append(line)
                frames -= 1
        print("no test summary; the crash:" if crash else "no test summary; the end of the log:")
        for line in crash or [l.rstrip() for l in lines[-25:]]:
            print(f"  {line[:300]}")


def summary(results, title):
    rows = []
    totals = {"suites": 0, "tests": 0, "passed": 0, "failed": 0, "skipped": 0, "known": 0}
    for r in results:
        xc, st = r["xctest"], r["testing"]
        frameworks = []
        if xc is not None:
            failed = len(r["xc_failed"])
            frameworks.append(("XCTest", xc["suites"], xc["tests"],
                               xc["tests"] - failed - xc["skipped"], failed, xc["skipped"], 0))
        else:
            frameworks.append(("XCTest", None, None, None, None, None, None))
        if st is not None:
            skipped = sum(1 for kind, _, _ in r["skipped"] if kind == "Test")
            failed = len(r["failed"])
            frameworks.append(("Swift Testing", st["suites"], st["tests"],
                               st["tests"] - failed - skipped, failed, skipped, st["known"]))
        else:
            frameworks.append(("Swift Testing", None, None, None, None, None, None))
        for index, (framework, *counts) in enumerate(frameworks):
            exit_cell = str(r["status"]) if index == 0 else ""
            if counts[0] is None:
                why = "no summary: " + ("hung, ended" if r["hung"] else "build failed or crash")
                rows.append((r["name"] if index == 0 else "", framework, why, exit_cell))
                continue
            for key, value in zip(["suites", "tests", "passed", "failed", "skipped", "known"],
                                  counts):
                totals[key] += value
            rows.append((r["name"] if index == 0 else "", framework, counts, exit_cell))

    width = max([len("part")] + [len(part) for part, *_ in rows])
    header = f"{'part':<{width}} {'framework':<14} {'suites':>6} {'tests':>6} {'passed':>6} " \
             f"{'failed':>6} {'skipped':>7} {'known issues':>12} {'exit':>4}"
    print(f"\n=== {title}: summary of every part")
    print(header)
    print("-" * len(header))
    for part, framework, counts, exit_cell in rows:
        if isinstance(counts, str):
            print(f"{part:<{width}} {framework:<14} {counts:<53} {exit_cell:>4}".rstrip())
        else:
            suites, tests, passed, failed, skipped, known = counts
            print(f"{part:<{width}} {framework:<14} {suites:>6} {tests:>6} {passed:>6} {failed:>6} "
                  f"{skipped:>7} {known:>12} {exit_cell:>4}".rstrip())
    print("-" * len(header))
    print(f"{'total':<{width}} {'':<14} {totals['suites']:>6} {totals['tests']:>6} "
          f"{totals['passed']:>6} {totals['failed']:>6} {totals['skipped']:>7} "
          f"{totals['known']:>12}")

    parallel = [r["name"] for r in results if r["xctest"] and r["xctest"].get("parallel")]
    if parallel:
        print(f"\nXCTest under --parallel ({', '.join(parallel)}): SwiftPM shows the output of"
              " failed test methods only, so a skipped one is counted as passed.")
    skipped = [(r["name"], *skip) for r in results for skip in r["skipped"]]
    if skipped:
        print("\nskipped:")
        for part, kind, name, reason in skipped:
            print(f"  {part}: {kind.lower()} {name}: {reason or '(no reason given)'}")
    known = [(r["name"], name, count) for r in results for name, count in r["known"]]
    if known:
        print("\nknown issues, expected: these tests check, inside withKnownIssue, that a misuse"
              " fails the test;\ntheir \"Issue recorded ↳ …\" blocks in the log are not"
              " failures:")
        for part, name, count in known:
            print(f"  {part}: {name}: {count}")
    failed = [(r["name"], name) for r in results for name in r["xc_failed"] + r["failed"]]
    if failed:
        print("\nfailed:")
        for part, name in failed:
            print(f"  {part}: {name}")
    return totals


def main():
    verbose = "--verbose" in sys.argv[1:] or os.environ.get("VERBOSE") not in (None, "", "0")
    release = "--release" in sys.argv[1:]
    integration_only = "--integration" in sys.argv[1:]
    swift = os.environ.get("SWIFT", "swift")
    if release:
        title = "make release-checks"
        lanes = [[(f"{name}-release", directory, RELEASE_ARGUMENTS + arguments)
                  for name, directory, arguments in PACKAGE_PARTS]]
    else:
        title = "make integration" if integration_only else "make test"
        flags = integration_flags(swift)
        os.environ[FIXTURE_FLAGS_VARIABLE] = "\n".join(flags)
        lanes = ([] if integration_only else [PACKAGE_PARTS]) + [
            [(name, directory, flags) for name, directory in lane] for lane in INTEGRATION_LANES]
    # A test that never finishes would otherwise hold CI until its time is up. Fifteen minutes:
    # SwitchFromClassic's tests print nothing while they build their fixtures, which takes several
    # minutes on a loaded machine while the other lanes build too.
    idle_timeout = int(os.environ.get("TEST_IDLE_TIMEOUT", "900"))
    os.makedirs(LOGS, exist_ok=True)
    clock_start = time.monotonic()
    alongside = len(lanes) > 1
    finished = [[] for _ in lanes]

    broken = []

    def run_lane(index):
        for name, directory, arguments in lanes[index]:
            try:
                finished[index].append(run_part(name, directory, arguments, swift, verbose,
                                                idle_timeout, clock_start, alongside))
            except Exception as error:  # the part could not run: the run fails, saying why
                broken.append(f"{name}: {error!r}")
                return

    threads = [threading.Thread(target=run_lane, args=(index,), daemon=True)
               for index in range(len(lanes))]
    try:
        for thread in threads:
            thread.start()
        for thread in threads:
            while thread.is_alive():
                thread.join(0.5)
    except KeyboardInterrupt:
        for process in list(RUNNING):
            end_session(process)
        print("\ninterrupted")
        return 130
    # The summary lists the parts in the order of the list at the top, whichever ended first.
    order = [name for name, _, _ in PACKAGE_PARTS] + [name for lane in INTEGRATION_LANES
                                                      for name, _ in lane]
    results = sorted((result for lane in finished for result in lane),
                     key=lambda result: order.index(result["name"].removesuffix("-release")))
    wall = time.monotonic() - clock_start
    if alongside:
        cpu = sum(result["cpu"] for result in results)
        print(f"\n{title}: {wall:.0f} s, {cpu:.0f} s of CPU in the parts' processes"
              f" ({len(lanes)} lanes of parts at the same time)", flush=True)
    if broken:
        print(f"\n{title}: FAILED: parts that could not run: {'; '.join(broken)}")
        return 1
    failures = [r for r in results if part_failed(r)]
    for r in failures:
        report_failure(r)
    totals = summary(results, title)
    statuses = ", ".join(f"{r['name']} {r['status']}" for r in results)
    if failures:
        print(f"\n{title}: FAILED: {', '.join(r['name'] for r in failures)}"
              f" (swift test exit status: {statuses})")
    else:
        print(f"\n{title}: every part passed (swift test exit status: {statuses})")
    print(f"tests: {totals['passed']} passed, {totals['failed']} failed,"
          f" {totals['skipped']} skipped")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
