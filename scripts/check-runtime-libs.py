#!/usr/bin/env python3
"""Checks that the documentation's list of the shared libraries a deployed program needs is the truth.

Usage: scripts/check-runtime-libs.py [PRODUCT]     (default: RequestHandling; run by `make
runtime-libs` and CI)

Builds PRODUCT in release mode, lists the shared libraries it loads with `ldd`, and compares them
with the table between `<!-- runtime-libs: begin -->` and `<!-- runtime-libs: end -->` in the
DocC article Deploying (Sources/Dependencies/Documentation.docc/Deploying.md). Each row of that table names libraries (in backticks) in its first cell; its second
cell says where they come from: `Swift toolchain …` (the runtime libraries a `swift:*-slim` image
carries in /usr/lib/swift/linux) or `Debian package` followed by the package's name in backticks.
The check fails unless:

  - every library resolves (no "not found");
  - the libraries loaded from the toolchain's runtime directory are exactly the article's toolchain
    rows;
  - the other libraries the program itself links are exactly the article's Debian rows, leaving out
    the C library (libc, libm, the dynamic loader, …) and what the toolchain's libraries load on
    their own behalf (libcurl for FoundationNetworking, libstdc++ for the runtime: the slim image
    has those);
  - on Debian, each Debian row's library belongs to the package the row names (dpkg -S), the run
    stage of the article's Dockerfile (docs/deploy/Dockerfile) installs exactly those packages, a
    build stage installs the package of Concurrency Kit's headers (libck-dev), and every stage's
    image is of this machine's Debian release (so the package names are the ones checked here).
"""

import json
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ARTICLE = os.path.join(ROOT, "Sources/Dependencies/Documentation.docc/Deploying.md")
DOCKERFILE = os.path.join(ROOT, "docs/deploy/Dockerfile")

# Part of glibc (Debian's libc6), present in every image.
C_LIBRARY = re.compile(
    r"^(linux-vdso\.so\.\d+|linux-gate\.so\.\d+|ld-linux[-\w.]*\.so\.\d+|"
    r"lib(c|m|dl|pthread|rt|resolv|util|anl|nsl)\.so\.\d+)$"
)
LDD_LINE = re.compile(r"^\s*(\S+)(?:\s+=>\s+(\S+|not found))?(?:\s+\(0x[0-9a-f]+\))?\s*$")


def run(*command, **kwargs):
    return subprocess.run(command, check=True, text=True, capture_output=True, **kwargs).stdout


def ldd(path):
    """{name: resolved path, None when not found} for each library `path` loads, transitively."""
    libraries = {}
    for line in run("ldd", path).splitlines():
        match = LDD_LINE.match(line)
        if not match:
            continue
        name, resolved = match.group(1), match.group(2)
        if name.startswith("/"):  # the dynamic loader, listed by its path
            name, resolved = os.path.basename(name), name
        elif resolved is None:  # the vDSO: the kernel maps it, there is no file
            resolved = "(kernel)"
        libraries[name] = None if resolved == "not found" else resolved
    return libraries


def readme_table():
    """(toolchain library names, {Debian library name: package}) from the article's table."""
    with open(ARTICLE, encoding="utf-8") as f:
        text = f.read()
    match = re.search(r"<!-- runtime-libs: begin -->(.*?)<!-- runtime-libs: end -->", text, re.S)
    if not match:
        sys.exit("Deploying.md has no table between <!-- runtime-libs: begin --> and … end -->")
    toolchain, debian = set(), {}
    for row in match.group(1).splitlines():
        cells = [cell.strip() for cell in row.strip().strip("|").split("|")]
        if len(cells) < 2 or not cells[0].startswith("`"):
            continue  # header, separator or prose
        names = re.findall(r"`([^`]+)`", cells[0])
        if cells[1].startswith("Swift toolchain"):
            toolchain.update(names)
        elif cells[1].startswith("Debian package"):
            package = re.search(r"`([^`]+)`", cells[1])
            if not package:
                sys.exit(f"Deploying.md runtime-libs row names no package in backticks: {row}")
            debian.update({name: package.group(1) for name in names})
        else:
            sys.exit(f"Deploying.md runtime-libs row of unknown origin: {row}")
    return toolchain, debian


def dockerfile_stages():
    """[(image, [apt packages installed])] for each stage of the Dockerfile."""
    with open(DOCKERFILE, encoding="utf-8") as f:
        text = f.read().replace("\\\n", " ")
    stages = []
    for line in text.splitlines():
        line = line.strip()
        if line.startswith("FROM "):
            stages.append((line.split()[1], []))
        elif line.startswith("RUN ") and stages:
            for install in re.findall(r"apt-get install ([^&;]*)", line):
                stages[-1][1].extend(word for word in install.split() if not word.startswith("-"))
    return stages


def main():
    product = sys.argv[1] if len(sys.argv) > 1 else "RequestHandling"
    os.chdir(ROOT)
    print(f"runtime-libs: building {product} (release)", flush=True)
    subprocess.run(["swift", "build", "-c", "release", "--product", product], check=True)
    bin_path = run("swift", "build", "-c", "release", "--show-bin-path").strip()
    binary = os.path.join(bin_path, product)
    runtime_dirs = json.loads(run("swiftc", "-print-target-info"))["paths"]["runtimeLibraryPaths"]
    runtime_dirs = [os.path.realpath(d) + os.sep for d in runtime_dirs]

    def from_toolchain(path):
        return path is not None and any(os.path.realpath(path).startswith(d) for d in runtime_dirs)

    problems = []
    loaded = ldd(binary)
    missing = sorted(name for name, path in loaded.items() if path is None)
    if missing:
        problems.append(f"not found by the dynamic loader: {', '.join(missing)}")

    toolchain = {name: path for name, path in loaded.items() if from_toolchain(path)}
    # What the toolchain's libraries load themselves: present wherever the Swift runtime is.
    on_behalf_of_runtime = set()
    for path in toolchain.values():
        on_behalf_of_runtime.update(name for name in ldd(path) if name not in toolchain)
    system = {
        name: path
        for name, path in loaded.items()
        if name not in toolchain and not C_LIBRARY.match(name) and path is not None
    }
    own = {name: path for name, path in system.items() if name not in on_behalf_of_runtime}

    readme_toolchain, readme_debian = readme_table()
    if set(toolchain) != readme_toolchain:
        problems.append(
            "Swift toolchain libraries differ from the article's table:"
            f" loaded but not listed {sorted(set(toolchain) - readme_toolchain)},"
            f" listed but not loaded {sorted(readme_toolchain - set(toolchain))}"
        )
    if set(own) != set(readme_debian):
        problems.append(
            "system libraries the program links differ from the article's table:"
            f" linked but not listed {sorted(set(own) - set(readme_debian))},"
            f" listed but not linked {sorted(set(readme_debian) - set(own))}"
        )

    debian = os.path.exists("/etc/debian_version") and os.path.exists("/usr/bin/dpkg")
    if debian:
        for name, package in sorted(readme_debian.items()):
            if name not in own:
                continue
            try:
                owner = run("dpkg", "-S", os.path.realpath(own[name])).split(":")[0]
            except subprocess.CalledProcessError:
                owner = "(no package)"
            if owner != package:
                problems.append(f"{name} belongs to package {owner}, the article says {package}")
        with open("/etc/os-release", encoding="utf-8") as f:
            os_release = dict(line.split("=", 1) for line in f.read().splitlines() if "=" in line)
        release = os_release.get("VERSION_CODENAME", "").strip('"')
        stages = dockerfile_stages()
        if len(stages) < 2:
            problems.append("docs/deploy/Dockerfile should have a build stage and a run stage")
        else:
            run_image, run_packages = stages[-1]
            for image, _ in stages:
                if release and f"-{release}" not in image:
                    problems.append(f"Dockerfile image {image} is not of this system's ({release})")
            header = "/usr/include/ck_pr.h"
            if os.path.exists(header):
                dev_package = run("dpkg", "-S", header).split(":")[0]
                if not any(dev_package in packages for _, packages in stages[:-1]):
                    problems.append(f"no build stage of the Dockerfile installs {dev_package}")
            if sorted(set(run_packages)) != sorted(set(readme_debian.values())):
                problems.append(
                    f"the Dockerfile's run stage ({run_image})"
                    f" installs {sorted(set(run_packages))},"
                    f" the article's table names {sorted(set(readme_debian.values()))}"
                )
    else:
        print("runtime-libs: not Debian; package names and the Dockerfile are not checked")

    print(f"runtime-libs: {product} loads {len(loaded)} shared libraries")
    print(f"  Swift toolchain ({len(toolchain)}): {' '.join(sorted(toolchain))}")
    print(f"  linked by the program itself: {' '.join(sorted(own)) or '(none)'}")
    by_runtime = " ".join(sorted(set(system) - set(own)))
    print(f"  loaded by the Swift runtime's own libraries: {by_runtime}")
    if problems:
        print("runtime-libs: FAILED (Deploying.md's runtime-libs table, docs/deploy/Dockerfile):")
        for problem in problems:
            print(f"  {problem}")
        return 1
    print("runtime-libs: Deploying.md's table and docs/deploy/Dockerfile match")
    return 0


if __name__ == "__main__":
    sys.exit(main())
