#!/usr/bin/env python3
"""`make server-check` (CI): the server example built, tested, loaded and stopped.

Usage: scripts/check-server.py [--seconds N] [--connections N]

1. Resolves Examples/Server (offline from VENDOR, by default ../shared/vendor; else from GitHub;
   scripts/outside_packages.py), builds it in debug with its tests (.build-server), and runs its
   tests (ServerAppTests).
2. Starts `Server --port 0` and loads it with wrk for N seconds (default 3) over 16 connections,
   each request with an id of its own (scripts/server-isolation.lua).
3. Opens a keep-alive connection, has it answered once, and leaves it idle; sends SIGTERM and
   waits for the exit.

Fails naming every problem: a request that saw another's values, a response that was not 2xx, a
socket error, no request served, an exit that the idle connection delayed (more than 10 s), an
exit status other than 0, or a log without the shutdown steps in their order (the audit log, then
the user directory, which stores the audit log's entries).
"""

import argparse
import subprocess
import sys
import time

from outside_packages import Unavailable, resolve
from server_load import SWIFT, VARIANTS, Server, idle_connection, run_wrk, shutdown_problems


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=int, default=3, help="how long wrk loads the server")
    parser.add_argument("--connections", type=int, default=16, help="wrk's connections")
    args = parser.parse_args()
    variant = VARIANTS["ours"]
    start = time.time()

    try:
        resolve(variant.package, variant.scratch, SWIFT, what="the server example's packages")
    except Unavailable as error:
        sys.exit(f"server-check: {error}")
    swift = [SWIFT, "--package-path", variant.package, "--scratch-path", variant.scratch]
    print("building Examples/Server with its tests (debug)", flush=True)
    subprocess.run([SWIFT, "build", *swift[1:], "--build-tests"], check=True)
    built = time.time()
    subprocess.run([SWIFT, "test", *swift[1:], "--skip-build"], check=True)
    tested = time.time()

    server = Server(variant.executable("debug"))
    print(
        f"loading Server (port {server.port}) with wrk for {args.seconds} s,"
        f" {args.connections} connections", flush=True)
    problems = []
    try:
        result = run_wrk(server.port, args.seconds, args.connections)
    except RuntimeError as error:
        result = None
        problems.append(str(error))
    idle = idle_connection(server.port)
    status, stop_seconds, log = server.stop()
    idle.close()
    if stop_seconds > 10:
        problems.append(f"the server took {stop_seconds:.1f} s to exit with a connection idle")

    if result:
        print(
            f"wrk: {result['requests']} requests ({result['requests_per_second']:,.0f}/s,"
            f" debug build), {result['checked']} checked, {result['mismatches']} saw another"
            f" request's values, {result['non2xx']} not 2xx, {result['socket_errors']} socket"
            " errors")
        if result["checked"] == 0:
            problems.append("wrk got no response to check")
        for key, what in (
            ("mismatches", "responses showed another request's values"),
            ("non2xx", "responses were not 2xx"),
            ("socket_errors", "socket errors (connect, read, write, timeout)"),
        ):
            if result[key]:
                problems.append(f"{result[key]} {what}")
    problems += shutdown_problems(status, log)
    steps = [line for line in log.splitlines() if "shutdown " in line or "stopped" in line]
    print(f"SIGTERM, with a keep-alive connection idle: exit status {status} after {stop_seconds:.1f} s")
    for line in steps:
        print(f"  {line}")
    print(
        f"(build {built - start:.0f} s, tests {tested - built:.0f} s, load and shutdown"
        f" {time.time() - tested:.0f} s)")
    if problems:
        print("\nserver-check: FAILED\n" + "\n".join(f"  {problem}" for problem in problems))
        print("\nthe server's log:\n" + log, file=sys.stderr)
        return 1
    print("server-check: every request saw only its own values; the server shut down cleanly")
    return 0


if __name__ == "__main__":
    sys.exit(main())
