#!/usr/bin/env python3
"""Clean-build time of a small package that uses @DependencyClient (make bench-build).

Usage: scripts/bench-build.py [--release] [--baseline] [--keep]

Creates a consumer package in a temporary directory, depending on this repository by path,
with one feature that declares a client with @DependencyClient and an entry with
@DependencyEntry, then builds it from clean with `swift build` and prints the wall-clock time.
The build compiles everything the consumer needs: the C core, Dependencies and its satellites,
DependenciesMacros and the macro plugin (DependenciesMacrosPluginCore and its executable), then
the feature, whose macros the compiler expands by running the plugin.

--baseline also builds the same feature written by hand, without the macros (only the
Dependencies product), so that the difference is what the macros cost.
--release builds with -c release. --keep keeps the temporary directory.

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

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

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
    return seconds, cpu


def main():
    arguments = sys.argv[1:]
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
        if "--baseline" in arguments:
            without = build(
                directory, swift, release,
                '        .product(name: "Dependencies", package: "swift-dependencies"),',
                WITHOUT_MACROS, "without-macros")
            print(f"the macros add {with_macros[0] - without[0]:+.1f} s wall, "
                  f"{with_macros[1] - without[1]:+.1f} s CPU to a clean build")
    finally:
        if "--keep" in arguments:
            print(f"kept {directory}")
        else:
            shutil.rmtree(directory, ignore_errors=True)


if __name__ == "__main__":
    main()
