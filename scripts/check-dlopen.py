#!/usr/bin/env python3
"""Checks that a shared library containing Dependencies (and so the C core) loads with dlopen,
and that closing and reopening it is safe and costs nothing.

Usage: scripts/check-dlopen.py [debug|release ...]     (default: both; run by `make dlopen` and CI)

For each configuration it builds IntegrationTests/DynamicLoading, whose product DependencyPlugin
is a SwiftPM `.dynamic` library that reads a dependency (a cached default, then an override, then
the default again), compiles the C program IntegrationTests/DynamicLoading/Host/host.c, which does
not link the library, and runs it: the host loads the library with dlopen(RTLD_NOW | RTLD_LOCAL),
calls its functions and checks what they read, on its main thread and on threads that exit.

Then the host closes the library while a thread that used it still runs, and checks that the
library stays mapped (the core marks its object NODELETE, CSupport/src/dck_image_pin.c: the Swift
runtime keeps an unloaded image's metadata, and the core's thread-exit destructor is in the
object's code) and
that the thread exits without crashing. Last, it runs CYCLES cycles of dlopen, reads (on the main
thread and on a thread that exits) and dlclose; the check fails when the process's malloc'd bytes
grow by more than MAX_GROWTH_PER_CYCLE per cycle. Pinned, a cycle costs nothing (0 bytes measured);
unloaded, as before the pin, a cycle left about 8 KiB behind (the core's per-thread block, epoch
records and caches, and the Swift globals), and a plain-Swift `.dynamic` library 0.3 to 0.6 KiB, in
the runs that did not crash on the second load (see the Lifetimes article).

It also reads the library's dynamic section and program headers (readelf): a shared object whose
FLAGS or FLAGS_1 carry STATIC_TLS has initial-exec thread-locals, and glibc's dlopen must fit its
whole TLS segment into the small surplus of the static TLS block, or refuses it ("cannot allocate
memory in static TLS block"). The core keeps one initial-exec pointer (CSupport/src/dck_thread.h),
so the flag is expected; the check fails when the TLS segment is larger than that pointer, which
would mean some code added thread-local storage that dlopen may not be able to place.

Exits 1 when a build, the load, a read, the unload checks, the growth bound or the TLS check fails.
"""

import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PACKAGE = os.path.join(ROOT, "IntegrationTests", "DynamicLoading")
HOST_SOURCE = os.path.join(PACKAGE, "Host", "host.c")
PRODUCT = "DependencyPlugin"
# The core's one initial-exec thread-local: the pointer to the thread's block.
MAX_TLS_BYTES = 8
# Load/unload cycles the host runs after its checks (about a second in all), and the most the
# process's malloc'd bytes may grow per cycle: below the plain-Swift library's 0.3 KiB.
CYCLES = 200
MAX_GROWTH_PER_CYCLE = 256
GROWTH_LINE = re.compile(r"^growth per cycle: (-?\d+) bytes")


def run(*command, **kwargs):
    return subprocess.run(command, check=True, text=True, capture_output=True, **kwargs).stdout


def tls_problems(library):
    """What is wrong with the library's thread-local storage, for dlopen; empty when nothing."""
    dynamic = run("readelf", "-dW", library)
    static_tls = [
        line.split()[1].strip("()")
        for line in dynamic.splitlines()
        if re.search(r"\((FLAGS|FLAGS_1)\)", line) and "STATIC_TLS" in line
    ]
    tls_size = 0
    for line in run("readelf", "-lW", library).splitlines():
        fields = line.split()
        if fields and fields[0] == "TLS":
            tls_size = int(fields[5], 16)  # MemSiz
    print(f"    TLS segment: {tls_size} bytes; STATIC_TLS: "
          f"{'set in ' + ', '.join(static_tls) if static_tls else 'not set'}")
    if static_tls and tls_size > MAX_TLS_BYTES:
        return [f"{library} needs {tls_size} bytes of static TLS (initial-exec thread-locals);"
                f" only the core's {MAX_TLS_BYTES}-byte thread-block pointer is expected, since"
                " glibc's dlopen refuses an object whose static TLS does not fit its small surplus"]
    return []


def check(configuration, clang):
    print(f"dlopen: building {PRODUCT} ({configuration})", flush=True)
    subprocess.run(
        ["swift", "build", "-c", configuration, "--product", PRODUCT], cwd=PACKAGE, check=True)
    bin_path = run("swift", "build", "-c", configuration, "--show-bin-path", cwd=PACKAGE).strip()
    library = os.path.join(bin_path, f"lib{PRODUCT}.so")
    host = os.path.join(bin_path, "dlopen-host")
    subprocess.run(
        [clang, "-std=c11", "-Wall", "-Wextra", "-Werror", "-pthread", HOST_SOURCE, "-o", host, "-ldl"],
        check=True)
    problems = tls_problems(library)
    result = subprocess.run([host, library, str(CYCLES)], text=True, capture_output=True)
    output = (result.stdout + result.stderr).splitlines()
    for line in output:
        print(f"    {line}")
    if result.returncode != 0:
        problems.append(f"the host could not load {library}, read the right values, or close it"
                        f" safely (exit status {result.returncode})")
    growth = [int(match.group(1)) for match in map(GROWTH_LINE.match, output) if match]
    if result.returncode == 0 and not growth:
        problems.append("the host printed no growth per cycle")
    elif growth and growth[0] > MAX_GROWTH_PER_CYCLE:
        problems.append(f"each dlopen/dlclose cycle grew the process's malloc'd memory by"
                        f" {growth[0]} bytes, more than the bound of {MAX_GROWTH_PER_CYCLE}")
    return problems


def main():
    configurations = sys.argv[1:] or ["debug", "release"]
    for configuration in configurations:
        if configuration not in ("debug", "release"):
            print(f"usage: {sys.argv[0]} [debug|release ...]", file=sys.stderr)
            return 2
    clang = os.environ.get("CLANG", "clang")
    problems = []
    for configuration in configurations:
        problems += [f"{configuration}: {problem}" for problem in check(configuration, clang)]
    if problems:
        print("dlopen: FAILED")
        for problem in problems:
            print(f"  {problem}")
        return 1
    print(f"dlopen: {PRODUCT} loads with dlopen, reads the right values, stays loaded after"
          f" dlclose and grows by at most {MAX_GROWTH_PER_CYCLE} bytes per load/unload cycle"
          f" ({', '.join(configurations)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
