#!/usr/bin/env python3
"""Builds a server-shaped executable as servers deploy it, with the Swift runtime linked statically,
runs it, and checks that it loads no Swift shared library.

Usage: scripts/check-static-build.py [PRODUCT]     (default: RequestHandling; run by
`make static-build`, which first installs libcurl's development files)

1. `swift build -c release --static-swift-stdlib --product PRODUCT --scratch-path .build-static`.
   FoundationNetworking's static library (for the `\\.urlSession` dependency) links `-lcurl`, so the
   link needs libcurl's development files (Debian's libcurl4-openssl-dev). The build has its own
   scratch path: --static-swift-stdlib adds -static-stdlib to every Swift compilation, so in the
   scratch path of `swift build -c release` it recompiles the product's Swift modules, and the next
   plain release build there recompiles the whole package (the DocC article Deploying, "A static
   build", says so). Apart, each build stays incremental.
2. Runs the executable: it must exit with status 0.
3. Lists the shared libraries it loads (`ldd`): none may be the Swift runtime's, Foundation's or
   Dispatch's (libswift*.so, libFoundation*.so, lib_FoundationICU.so, libdispatch.so,
   libBlocksRuntime.so); prints those that stay dynamic (Concurrency Kit's libck.so.0, libcurl and
   what it loads, libstdc++, libgcc_s and the C library).

Exits 1 when the build or the run fails, or when a Swift library is loaded dynamically.
"""

import os
import re
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCRATCH = os.path.join(ROOT, ".build-static")
# Shared libraries of the Swift toolchain, which a static build must not load.
SWIFT_LIBRARY = re.compile(
    r"^(libswift\w*|libFoundation\w*|lib_Foundation\w*|libdispatch|libBlocksRuntime)\.so")


def run_output(*command):
    return subprocess.run(command, check=True, text=True, capture_output=True).stdout


def main():
    product = sys.argv[1] if len(sys.argv) > 1 else "RequestHandling"
    swift = os.environ.get("SWIFT", "swift")
    build = [swift, "build", "-c", "release", "--static-swift-stdlib", "--product", product,
             "--scratch-path", SCRATCH]
    print(f"static-build: {' '.join(build[1:])}", flush=True)
    started = time.monotonic()
    if subprocess.run(build, cwd=ROOT).returncode != 0:
        print("static-build: FAILED: the build failed (a missing -lcurl means libcurl's development"
              " files are missing: apt-get install libcurl4-openssl-dev)")
        return 1
    print(f"static-build: built in {time.monotonic() - started:.0f} s", flush=True)
    binary = os.path.join(SCRATCH, "release", product)

    run = subprocess.run([binary], text=True, capture_output=True)
    for line in (run.stdout + run.stderr).splitlines()[-3:]:
        print(f"    {line}")
    problems = []
    if run.returncode != 0:
        problems.append(f"{product} exited with status {run.returncode}")

    libraries = []
    for line in run_output("ldd", binary).splitlines():
        fields = line.split()
        if fields and fields[0] != "linux-vdso.so.1":
            libraries.append(os.path.basename(fields[0]))
    swift_libraries = [name for name in libraries if SWIFT_LIBRARY.match(name)]
    if swift_libraries:
        problems.append(f"{product} loads Swift libraries dynamically: {', '.join(swift_libraries)}")
    needed = re.findall(r"\(NEEDED\)\s+Shared library: \[([^\]]+)\]", run_output("readelf", "-dW", binary))
    print(f"    links dynamically: {', '.join(needed)}; {len(libraries)} shared libraries loaded in"
          " all (the others are what libcurl loads)")

    if problems:
        print("static-build: FAILED")
        for problem in problems:
            print(f"  {problem}")
        return 1
    print(f"static-build: {product} runs, built with the Swift runtime, Foundation and Dispatch"
          " linked statically")
    return 0


if __name__ == "__main__":
    sys.exit(main())
