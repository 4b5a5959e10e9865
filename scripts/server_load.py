"""Builds the server example's variants, runs one under wrk, and stops it with SIGTERM.

Shared by scripts/dev/server-bench.py (`make server-bench`: the three variants in release, under load,
side by side) and scripts/check-server.py (`make server-check`, CI's: the example in a debug
build, under a short load). The variants are one application, Examples/Server:

  ours     `Server`: ServerApp with this package (Examples/Server)
  classic  `ClassicServer`: the same ServerApp with the classic library 1.16.0
           (Benchmarks/ClassicServer, which links Examples/Server's sources)
  plain    `PlainServer`: the same handler with its values passed by hand, no library
           (Examples/Server)

Each server is started with `--port 0` (the system chooses a free port, which its log names),
loaded with wrk and scripts/server-isolation.lua (each request has an id of its own, and each
response must show it wherever the handler read its request's values), then sent SIGTERM: it must
exit with status 0 after logging its shutdown steps, the audit log's before the user directory's.
"""

import dataclasses
import os
import re
import signal
import socket
import subprocess
import tempfile
import time

from outside_packages import resolve

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SWIFT = os.environ.get("SWIFT", "swift")
EXAMPLE = os.path.join(ROOT, "Examples", "Server")
CLASSIC_EXAMPLE = os.path.join(ROOT, "Benchmarks", "ClassicServer")
LUA = os.path.join(ROOT, "scripts", "server-isolation.lua")


@dataclasses.dataclass
class Variant:
    name: str
    description: str
    package: str
    product: str
    scratch: str

    def executable(self, configuration):
        return os.path.join(self.scratch, configuration, self.product)


VARIANTS = {
    "ours": Variant(
        "ours", "this package (Examples/Server's Server)", EXAMPLE, "Server",
        os.path.join(ROOT, ".build-server")),
    "classic": Variant(
        "classic", "the classic library 1.16.0 (Benchmarks/ClassicServer: the same ServerApp)",
        CLASSIC_EXAMPLE, "ClassicServer", os.path.join(ROOT, ".build-server-classic")),
    "plain": Variant(
        "plain", "no library: the same handler, values passed by hand (Examples/Server's PlainServer)",
        EXAMPLE, "PlainServer", os.path.join(ROOT, ".build-server")),
}


def build(variants, configuration):
    """Resolves and builds the variants named `variants` in `configuration` ("debug",
    "release"). Raises outside_packages.Unavailable when their packages cannot be resolved."""
    packages = []
    for variant in (VARIANTS[name] for name in variants):
        if (variant.package, variant.scratch) not in packages:
            packages.append((variant.package, variant.scratch))
    for package, scratch in packages:
        resolve(package, scratch, SWIFT, what="SwiftNIO, swift-log, swift-service-lifecycle and their graph")
    for name in variants:
        variant = VARIANTS[name]
        print(f"building {variant.product} ({configuration})", flush=True)
        subprocess.run(
            [SWIFT, "build", "-c", configuration, "--package-path", variant.package,
             "--scratch-path", variant.scratch, "--product", variant.product],
            check=True, cwd=ROOT)


class Server:
    """A running server of one variant; its log (standard output and error) goes to a file."""

    def __init__(self, executable, timeout=60):
        self.log = tempfile.NamedTemporaryFile(prefix="server-", suffix=".log", delete=False)
        self.process = subprocess.Popen(
            [executable, "--port", "0"], stdout=self.log, stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL)
        self.port = None
        deadline = time.time() + timeout
        while self.port is None:
            found = re.search(r"listening on [\d.]+:(\d+)", self.text())
            if found:
                self.port = int(found.group(1))
            elif self.process.poll() is not None or time.time() > deadline:
                self.process.kill()
                raise RuntimeError(f"the server did not start:\n{self.text()}")
            else:
                time.sleep(0.05)

    def text(self):
        with open(self.log.name, encoding="utf-8", errors="replace") as f:
            return f.read()

    def peak_rss_kib(self):
        """The most memory the server has held resident so far (VmHWM), in KiB, or None."""
        try:
            with open(f"/proc/{self.process.pid}/status", encoding="utf-8") as f:
                found = re.search(r"^VmHWM:\s+(\d+) kB", f.read(), re.M)
        except OSError:
            return None
        return int(found.group(1)) if found else None

    def stop(self, timeout=30):
        """Sends SIGTERM and waits for the exit; returns (exit status, seconds it took, log).
        A server that does not exit in `timeout` seconds is killed (status None)."""
        start = time.time()
        self.process.send_signal(signal.SIGTERM)
        try:
            status = self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
            status = None
        text = self.text()
        os.unlink(self.log.name)
        return status, time.time() - start, text


def run_wrk(port, seconds, connections, threads=1):
    """Runs wrk against the server on `port` for `seconds`; returns its RESULT line as a dict of
    numbers, with "requests_per_second" added."""
    command = [
        "wrk", f"-t{threads}", f"-c{connections}", f"-d{seconds}s", "--timeout", "10s",
        "-s", LUA, f"http://127.0.0.1:{port}",
    ]
    run = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    found = re.search(r"^RESULT (.*)$", run.stdout, re.M)
    if run.returncode != 0 or not found:
        raise RuntimeError(f"wrk failed (status {run.returncode}):\n{run.stdout}")
    result = {key: int(value) for key, value in (pair.split("=") for pair in found.group(1).split())}
    result["requests_per_second"] = result["requests"] / (result["duration_us"] / 1e6)
    return result


def idle_connection(port):
    """A keep-alive connection that has been answered once and waits for its next request: a
    server shutting down gracefully closes it instead of waiting for it."""
    connection = socket.create_connection(("127.0.0.1", port), timeout=10)
    connection.sendall(b"GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    received = b""
    while not received.endswith(b"\r\n\r\nok\n"):
        chunk = connection.recv(4096)
        if not chunk:
            raise RuntimeError(f"the server closed a keep-alive connection: {received!r}")
        received += chunk
    return connection


def shutdown_problems(status, text):
    """What is wrong with a server's exit: its status, and its log's shutdown steps, which must
    close the audit log, then the user directory, the audit log's entries stored in it. Empty when
    the shutdown was clean."""
    problems = []
    if status is None:
        problems.append("it did not exit within the timeout after SIGTERM, and was killed")
    elif status != 0:
        problems.append(f"it exited with status {status} after SIGTERM")
    steps = re.findall(r"shutdown (\d+): (.*)$", text, re.M)
    names = [name.lower() for _, name in steps]
    if not (len(steps) == 2 and "audit" in names[0] and "directory" in names[1]):
        problems.append(
            "its log does not show the two shutdown steps, the audit log's then the user"
            f" directory's: {steps}")
    flushed = re.search(r"audit log: flushed (\d+) entries", text)
    stored = re.search(r"user directory: closed \((\d+) lookups, (\d+) audit entries stored\)", text)
    if not flushed or not stored or flushed.group(1) != stored.group(2):
        problems.append(
            "its log does not show the audit log's entries stored in the user directory before it"
            " closed")
    return problems
