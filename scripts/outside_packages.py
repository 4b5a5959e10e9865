"""Resolves the packages of this repository that depend on packages from outside it.

The library itself takes no outside package. Two kinds of package here do: the benchmark's classic
side (Benchmarks/Classic: the classic library 1.16.0 and its graph) and the server example
(Examples/Server and Benchmarks/ClassicServer: SwiftNIO, swift-log, swift-service-lifecycle). Their
manifests name the real GitHub URLs; `resolve` gets them:

- offline, from a folder of offline copies (VENDOR, by default ../shared/vendor beside this
  repository: bare git repositories of the pinned releases, with a script mirrors.sh): it runs
  `VENDOR/mirrors.sh PACKAGE`, which writes PACKAGE/.swiftpm/configuration/mirrors.json (kept out
  of git: its paths are this machine's), so that SwiftPM fetches each URL from its copy;
- otherwise from GitHub;
- with neither, it raises Unavailable, whose message says so and how to get them.

The mirrors are written by scripts/vendor-mirrors.sh (as for the integration fixtures), which also
works around copies that git cannot open.

Each package's Package.resolved is committed, so the versions are the same either way.
"""

import json
import os
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class Unavailable(Exception):
    """The outside packages could not be resolved: the message says why and what to do."""


def vendor_folder():
    """The folder of offline copies: $VENDOR (relative to the repository), or ../shared/vendor
    beside the repository."""
    return os.path.abspath(os.path.join(ROOT, os.environ.get("VENDOR") or "../shared/vendor"))


def mirrors_file(package):
    return os.path.join(package, ".swiftpm", "configuration", "mirrors.json")


def shown(path):
    relative = os.path.relpath(path, ROOT)
    return path if relative.startswith("..") else relative


def point_mirrors_at_vendor(package):
    """Points the package's URLs at the offline copies: scripts/vendor-mirrors.sh, the one script
    that writes mirrors (and works around copies git cannot open)."""
    subprocess.run([os.path.join(ROOT, "scripts", "vendor-mirrors.sh"), package], check=True)


def drop_stale_mirrors(package):
    """Removes a mirrors.json whose offline copies are not on this machine (written elsewhere by
    mirrors.sh), so that the URLs resolve from GitHub."""
    path = mirrors_file(package)
    if not os.path.exists(path):
        return
    with open(path, encoding="utf-8") as f:
        mirrors = json.load(f).get("object", [])
    if any(
        entry.get("mirror", "").startswith("file://")
        and not os.path.isdir(entry["mirror"].removeprefix("file://"))
        for entry in mirrors
    ):
        os.remove(path)


def resolve(package, scratch, swift="swift", what="its dependencies"):
    """Resolves the dependencies of the package at `package` (in the scratch path `scratch`) from
    the offline copies when there are some, else from GitHub. Prints what it does; raises
    Unavailable when neither works."""
    vendor = vendor_folder()
    has_vendor = os.path.exists(os.path.join(vendor, "mirrors.sh"))
    if has_vendor:
        point_mirrors_at_vendor(package)
        source = f"the offline copies in {vendor}"
    else:
        drop_stale_mirrors(package)
        source = "GitHub"
    print(f"resolving {what} for {shown(package)} from {source}", flush=True)
    run = subprocess.run(
        [swift, "package", "resolve", "--package-path", package, "--scratch-path", scratch],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if run.returncode == 0:
        return
    output = "\n".join(run.stdout.strip().splitlines()[-6:])
    if has_vendor:
        advice = (
            f"the offline copies in {vendor} do not hold every package {shown(package)}/Package.resolved"
            " pins: point VENDOR at a folder that does (VENDOR=/path/to/vendor), or remove"
            f" {shown(mirrors_file(package))} and resolve from GitHub with network access")
    else:
        advice = (
            "this machine reaches neither GitHub nor a folder of offline copies (none at"
            f" {vendor}). Either connect it to the network (SwiftPM fetches the URLs of the"
            " manifest), or point VENDOR at a folder of offline copies with a mirrors.sh, as in"
            " `make bench VENDOR=/path/to/vendor` (by default ../shared/vendor, beside this"
            " repository).")
    raise Unavailable(f"could not resolve {what} for {shown(package)}:\n{output}\n\n{advice}")
