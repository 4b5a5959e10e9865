#!/usr/bin/env python3
"""Clean-build time of a small package that uses @DependencyClient (make bench-build).

Usage: scripts/dev/bench-build.py [--release] [--baseline] [--keep] [--json FILE]

Creates a consumer package in a temporary directory, depending on this repository by path,
with one feature that declares a client with @DependencyClient and an entry with
@DependencyEntry, then builds it from clean with `swift build` and prints the wall-clock time.
The build compiles everything the consumer needs: the C core, Dependencies and its satellites,
DependenciesMacros and the macro plugin (DependenciesMacrosPluginCore and its executable), then
the feature, whose macros the compiler expands by running the plugin.

--baseline also builds the same feature written by hand, without the macros (only the
Dependencies product), so that the difference is what the macros cost.
--release builds with -c release. --keep keeps the temporary directory. --json FILE also writes
the builds' times, with the load average around each and the machine, to FILE
(docs/bench-build.json is such a run, `make figures` writes it, and scripts/perf-table.py renders
it into the article "Designing dependencies").

Wall-clock time depends on the machine and on what else runs on it: the script prints the load
average before and after each build, and the CPU time of the build's processes, which depends
less on the load. The SWIFT environment variable names another swift.
"""

import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time

# The shared modules of scripts/ (this script lives in scripts/dev/).
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from bench import our_commit, write_json

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

MANIFEST = """// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "Consumer",
  platforms: [.macOS(.v13)],
  dependencies: [.package(name: "swift-dependencies", path: {root!r})],
  targets: [
    .target(
      name: "Feature",
      dependencies: [
{products}
      ]
    )
  ]
)
""".replace("{root!r}", "{root}")

WITH_MACROS = """import Dependencies
import DependenciesMacros

public struct User: Equatable, Sendable {
  public var id: Int
  public var name: String
}

@DependencyClient
public struct APIClient: Sendable {
  public var fetchUser: @Sendable (_ id: Int) async throws -> User
  public var saveUser: @Sendable (_ user: User) async throws -> Void
  public var isFavorite: @Sendable (_ id: Int) -> Bool = { _ in false }
}

extension APIClient: TestDependencyKey {
  public static let testValue = APIClient()
}

extension DependencyValues {
  @DependencyEntry public var apiClient = APIClient()
}
"""

WITHOUT_MACROS = """import Dependencies

public struct User: Equatable, Sendable {
  public var id: Int
  public var name: String
}

public struct APIClient: Sendable {
  public var fetchUser: @Sendable (_ id: Int) async throws -> User
  public var saveUser: @Sendable (_ user: User) async throws -> Void
  public var isFavorite: @Sendable (_ id: Int) -> Bool

  public init(
    fetchUser: @escaping @Sendable (_ id: Int) async throws -> User,
    saveUser: @escaping @Sendable (_ user: User) async throws -> Void,
    isFavorite: @escaping @Sendable (_ id: Int) -> Bool
  ) {
    self.fetchUser = fetchUser
    self.saveUser = saveUser
    self.isFavorite = isFavorite
  }

  public func fetchUser(id: Int) async throws -> User { try await fetchUser(id) }
  public func saveUser(user: User) async throws { try await saveUser(user) }
  public func isFavorite(id: Int) -> Bool { isFavorite(id) }
}

extension APIClient: TestDependencyKey {
  public static let testValue = APIClient(
    fetchUser: unimplemented("APIClient.fetchUser"),
    saveUser: unimplemented("APIClient.saveUser"),
    isFavorite: unimplemented("APIClient.isFavorite", placeholder: false)
  )
}

extension DependencyValues {
  public var apiClient: APIClient {
    get { self[APIClient.self] }
    set { self[APIClient.self] = newValue }
  }
}
"""


def load():
    try:
        with open("/proc/loadavg", encoding="utf-8") as f:
            return " ".join(f.read().split()[:3])
    except OSError:
        return "unknown"


def build(directory, swift, release, products, source, label):
    package = os.path.join(directory, label)
    os.makedirs(os.path.join(package, "Sources", "Feature"))
    with open(os.path.join(package, "Package.swift"), "w", encoding="utf-8") as f:
        f.write(MANIFEST.format(root=repr(ROOT).replace("'", '"'), products=products))
    with open(os.path.join(package, "Sources", "Feature", "Feature.swift"), "w",
              encoding="utf-8") as f:
        f.write(source)
    # Resolve first (a path dependency needs no download, but resolution is not compilation).
    subprocess.run([swift, "package", "resolve"], cwd=package, check=True,
                   stdout=subprocess.DEVNULL)
    command = [swift, "build"] + (["-c", "release"] if release else [])
    before = load()
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    result = subprocess.run(command, cwd=package, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True)
    seconds = time.monotonic() - start
    # CPU time of the build and every process it started (the compilers): less sensitive than
    # wall-clock time to what else the machine runs.
    after_usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after_usage.ru_utime - usage.ru_utime) + (after_usage.ru_stime - usage.ru_stime)
    after = load()
    if result.returncode != 0:
        sys.stdout.write(result.stdout)
        sys.exit(f"bench-build: the {label} consumer did not build")
    print(f"{label:<15} clean {'release' if release else 'debug'} build: {seconds:6.1f} s wall, "
          f"{cpu:6.1f} s CPU (load average before {before}, after {after})", flush=True)
    return {"label": label, "wallSeconds": round(seconds, 1), "cpuSeconds": round(cpu, 1),
            "loadAverageBefore": before, "loadAverageAfter": after}


def swift_version(swift):
    run = subprocess.run([swift, "--version"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                         text=True)
    return run.stdout.splitlines()[0] if run.stdout else "unknown"


def main():
    arguments = sys.argv[1:]
    json_path = None
    if "--json" in arguments:
        index = arguments.index("--json")
        if index + 1 >= len(arguments):
            sys.exit("bench-build: --json needs a file")
        json_path = arguments[index + 1]
        del arguments[index:index + 2]
    unknown = [a for a in arguments if a not in ("--release", "--baseline", "--keep")]
    if unknown:
        sys.exit(f"bench-build: unknown arguments {unknown}\n{__doc__}")
    swift = os.environ.get("SWIFT", "swift")
    release = "--release" in arguments
    directory = tempfile.mkdtemp(prefix="bench-build-")
    try:
        print(f"consumer packages in {directory}; {os.cpu_count()} cores", flush=True)
        with_macros = build(
            directory, swift, release,
            '        .product(name: "Dependencies", package: "swift-dependencies"),\n'
            '        .product(name: "DependenciesMacros", package: "swift-dependencies"),',
            WITH_MACROS, "with-macros")
        builds = [with_macros]
        if "--baseline" in arguments:
            without = build(
                directory, swift, release,
                '        .product(name: "Dependencies", package: "swift-dependencies"),',
                WITHOUT_MACROS, "without-macros")
            builds.append(without)
            print(f"the macros add {with_macros['wallSeconds'] - without['wallSeconds']:+.1f} s"
                  f" wall, {with_macros['cpuSeconds'] - without['cpuSeconds']:+.1f} s CPU to a"
                  " clean build")
        if json_path:
            write_json(json_path, {
                "command": "scripts/dev/bench-build.py " + " ".join(sys.argv[1:]),
                "configuration": "release" if release else "debug",
                "commit": our_commit(),
                "swift": swift_version(swift),
                "cores": os.cpu_count(),
                "builds": builds,
            })
    finally:
        if "--keep" in arguments:
            print(f"kept {directory}")
        else:
            shutil.rmtree(directory, ignore_errors=True)


if __name__ == "__main__":
    main()
