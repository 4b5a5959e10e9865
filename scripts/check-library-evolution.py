#!/usr/bin/env python3
"""Checks that the library builds for library evolution, as a binary framework ships it.

Usage: scripts/check-library-evolution.py      (run by `make library-evolution`; SWIFT names the
                                                swift to use)

1. Builds IntegrationTests/LibraryEvolution in release with FLAGS, which SwiftPM applies to every
   module of the graph: the library modules the package uses (Dependencies, DependenciesMacros,
   DependenciesTestSupport, and IssueReporting, ConcurrencyExtras, Clocks, XCTestDynamicOverlay
   under them) and the package's own client, executable and Swift Testing tests. So the library is
   built resiliently, exactly as `swift build -c release --target <module>` with FLAGS builds it
   in this repository, each module's interface is emitted and type-checked by the build (the
   driver's verify job), and the client is compiled against the resilient modules.
2. Checks the warnings of that build. A source file of the library or of the client may warn only
   that a module of the toolchain is not built for library evolution (on Linux: Foundation,
   FoundationNetworking, XCTest), and only a file of TOOLCHAIN_IMPORTS, whose public API uses that
   module's types. SwiftPM's generated test-runner modules are not checked.
3. Compiles the client against the library's interfaces alone, as a binary framework's user does:
   the `.swiftinterface` files and the C core's module map copied into a directory of their own,
   no binary module beside them, so each module is rebuilt from its interface (inlinable bodies
   included).
4. Runs the executable (the live context) and the tests (the test context).
5. Compares what clients compile in with the committed baseline, BASELINE: every declaration of the
   modules' interfaces marked `@inlinable`, `@usableFromInline` or `@frozen` (with its body, and
   the declarations it is nested in), and the prototype of every C function of the core that those
   declarations call (from CSupport/include). Any difference fails the check, naming it in a diff:
   a change of what client binaries compile in (Sources/Dependencies/Inlined/README.md) is a commit
   of its own that says why, with the baseline written again by
   `scripts/check-library-evolution.py --write-baseline` (make library-evolution
   LIBRARY_EVOLUTION_FLAGS=--write-baseline). The interface's text is the compiler's: a new
   toolchain may print it differently, which calls for the same reviewed rewrite.

Prints how long each step took. Exits 1 when a step fails, a warning is not one of those allowed,
or the inlinable interface differs from the baseline.
"""

import os
import re
import shutil
import difflib
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PACKAGE = os.path.join(ROOT, "IntegrationTests", "LibraryEvolution")
BASELINE = os.path.join(ROOT, "docs", "library-evolution", "inlinable-interface.txt")
C_HEADERS = os.path.join(ROOT, "CSupport", "include")
SWIFT = os.environ.get("SWIFT", "swift")

FLAGS = [
    "-Xswiftc", "-enable-library-evolution",
    "-Xswiftc", "-emit-module-interface",
    # Dependencies' interface imports the C core (its inlinable read path calls it). The verify job
    # rebuilds the module from its interface without the build's `-Xcc -fmodule-map-file=` flags
    # (swiftlang/swift#61335) and would not find the C module; this passes them on.
    "-Xswiftc", "-Xfrontend", "-Xswiftc", "-strict-implicit-module-context",
    # On Linux XCTest declares a class `XCTest`, which shadows its module: `XCTest.XCTestCase`
    # (DependenciesTestCase's superclass) does not resolve in an interface. The compiler writes
    # module names as aliases instead.
    "-Xswiftc", "-Xfrontend", "-Xswiftc", "-alias-module-names-in-module-interface",
]

# The library modules built for library evolution, each with an interface.
MODULES = [
    "Dependencies", "DependenciesMacros", "DependenciesTestSupport", "IssueReporting",
    "ConcurrencyExtras", "Clocks", "XCTestDynamicOverlay",
]

# Modules of the toolchain that are not built for library evolution on Linux, and the files whose
# public API uses their types (so import them publicly; the compiler warns once per import).
NON_RESILIENT_TOOLCHAIN_MODULES = ("Foundation", "FoundationNetworking", "XCTest")
TOOLCHAIN_IMPORTS = {
    "Sources/ConcurrencyExtras/NSRecursiveLockSync.swift": "an extension of NSRecursiveLock",
    "Sources/Dependencies/Builtins/Calendar.swift": "\\.calendar",
    "Sources/Dependencies/Builtins/DateGenerator.swift": "\\.date",
    "Sources/Dependencies/Builtins/Locale.swift": "\\.locale",
    "Sources/Dependencies/Builtins/NotificationCenter.swift": "\\.notificationCenter",
    "Sources/Dependencies/Builtins/PreferredLocales.swift": "\\.preferredLocales",
    "Sources/Dependencies/Builtins/TimeZone.swift": "\\.timeZone",
    "Sources/Dependencies/Builtins/URLSession.swift": "\\.urlSession",
    "Sources/Dependencies/Builtins/UUIDGenerator.swift": "\\.uuid",
    "Sources/DependenciesTestSupport/DependenciesTestCase.swift": "an XCTestCase subclass",
}

PROGRESS = re.compile(r"^\[\d+/\d+\] (?:Compiling|Emitting module) (\S+)")
DIAGNOSTIC = re.compile(r"^(\S+?):(\d+):(\d+): warning: (.*)$")
UNLOCATED = re.compile(r"^<unknown>:0: warning: (.*)$")
TOOLCHAIN_WARNING = re.compile(
    r"^module '(\w+)' was not compiled with library evolution support; using it means binary "
    r"compatibility for '\w+' can't be guaranteed$")
# SwiftPM's generated modules (test discovery and the test runner), not ours.
GENERATED_MODULE = re.compile(r"PackageDiscoveredTests$|PackageTests$")


def step(title):
    print(f"library-evolution: {title}", flush=True)
    return time.monotonic()


def done(started):
    print(f"    ({time.monotonic() - started:.0f} s)", flush=True)


def run(command, cwd, log=None):
    """Runs `command`; its output goes to `log` (and is returned), or to the terminal."""
    if log is None:
        if subprocess.run(command, cwd=cwd).returncode != 0:
            raise SystemExit(f"library-evolution: FAILED: {' '.join(command)}")
        return ""
    result = subprocess.run(
        command, cwd=cwd, text=True, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    with open(log, "w") as file:
        file.write(result.stdout)
    if result.returncode != 0:
        print(result.stdout[-6000:])
        raise SystemExit(f"library-evolution: FAILED: {' '.join(command)} (log: {log})")
    return result.stdout


def warning_problems(output):
    """The warnings of the build that are not allowed (see the module's documentation)."""
    problems, allowed = set(), set()
    module = None
    for line in output.splitlines():
        progress = PROGRESS.match(line)
        if progress:
            module = progress.group(1)
            continue
        unlocated = UNLOCATED.match(line)
        if unlocated and not (module and GENERATED_MODULE.search(module)):
            problems.add(f"{module}: {unlocated.group(1)}")
            continue
        diagnostic = DIAGNOSTIC.match(line)
        if not diagnostic:
            continue
        path, line_number, _, message = diagnostic.groups()
        relative = os.path.relpath(os.path.realpath(path), ROOT)
        if relative.startswith("..") or "/.build" in "/" + relative:
            continue  # a generated source of SwiftPM's (test discovery, test runner)
        toolchain = TOOLCHAIN_WARNING.match(message)
        if (toolchain and toolchain.group(1) in NON_RESILIENT_TOOLCHAIN_MODULES
                and relative in TOOLCHAIN_IMPORTS):
            allowed.add(f"{relative}: {toolchain.group(1)} ({TOOLCHAIN_IMPORTS[relative]})")
        else:
            problems.add(f"{relative}:{line_number}: {message}")
    return sorted(problems), sorted(allowed)


def check_interfaces(bin_path):
    """Each library module's interface, built for library evolution."""
    interfaces = []
    for module in MODULES:
        interface = os.path.join(bin_path, f"{module}.build", f"{module}.swiftinterface")
        if not os.path.exists(interface):
            raise SystemExit(f"library-evolution: FAILED: no interface for {module} ({interface})")
        with open(interface) as file:
            flags = next((line for line in file if line.startswith("// swift-module-flags:")), "")
        if "-enable-library-evolution" not in flags.split():
            raise SystemExit(f"library-evolution: FAILED: {module} is not built for library"
                             f" evolution ({interface})")
        interfaces.append(interface)
    return interfaces


def compile_against_interfaces(bin_path, interfaces, scratch):
    """Compiles the client, then its tests, with the library's interfaces as the only modules."""
    modules = os.path.join(scratch, "interfaces")
    os.makedirs(modules)
    for interface in interfaces:
        shutil.copy(interface, modules)
    # What a binary framework ships beside its interfaces: the C core's module map (SwiftPM's,
    # whose umbrella directory is CSupport/include), found on the search path as clang finds one.
    shutil.copy(os.path.join(bin_path, "CDependencies.build", "module.modulemap"), modules)
    plugin = os.path.join(bin_path, "DependenciesMacrosPlugin-tool")
    common = [
        SWIFT + "c", "-swift-version", "6", "-I", modules, "-I", scratch,
        "-module-cache-path", os.path.join(scratch, "module-cache"),
        "-load-plugin-executable", f"{plugin}#DependenciesMacrosPlugin",
    ]
    sources = os.path.join(PACKAGE, "Sources", "EvolutionClient")
    run(common + [
        "-parse-as-library", "-emit-module", "-module-name", "EvolutionClient",
        "-emit-module-path", os.path.join(scratch, "EvolutionClient.swiftmodule"),
    ] + sorted(os.path.join(sources, name) for name in os.listdir(sources)), PACKAGE)
    tests = os.path.join(PACKAGE, "Tests", "EvolutionClientTests")
    run(common + ["-parse-as-library", "-typecheck"]
        + sorted(os.path.join(tests, name) for name in os.listdir(tests)), PACKAGE)


# The attributes that make a declaration part of what clients compile in.
INLINABLE = re.compile(r"@(inlinable|usableFromInline|frozen)\b")
# Attributes, with their arguments (`@available(*, deprecated)`).
ATTRIBUTES = re.compile(r"@\w+(\([^()]*(\([^()]*\)[^()]*)*\))?")


def braces(line):
    """How much `line` opens braces (minus what it closes), outside string literals."""
    depth, quoted, escaped = 0, False, False
    for character in line:
        if escaped:
            escaped = False
        elif character == "\\":
            escaped = quoted
        elif character == '"':
            quoted = not quoted
        elif not quoted and character == "{":
            depth += 1
        elif not quoted and character == "}":
            depth -= 1
    return depth


def inlinable_items(interface_text):
    """The declarations of an interface that clients compile in: each marked one, whole (a type
    with its members, a function with its body), under a line naming the declarations it is
    nested in."""
    items = []
    context = []  # (depth at which the declaration opened, its header)
    depth = 0
    lines = interface_text.splitlines()
    index = 0
    attributes = []  # the attribute lines right before the next declaration
    while index < len(lines):
        line = lines[index]
        stripped = line.strip()
        index += 1
        if not stripped or stripped.startswith("//") or stripped.startswith("#"):
            continue
        if not ATTRIBUTES.sub("", stripped).strip():
            attributes.append(stripped)  # attributes on a line of their own
            continue
        declaration, attributes = attributes + [line.rstrip()], []
        if any(INLINABLE.search(part) for part in declaration):
            open_braces = braces(line)
            while open_braces > 0 and index < len(lines):
                declaration.append(lines[index].rstrip())
                open_braces += braces(lines[index])
                index += 1
            where = " > ".join(header for _, header in context) or "(top level)"
            items.append(f"// in {where}\n" + "\n".join(declaration))
            continue
        change = braces(line)
        if change > 0:
            context.append((depth, re.sub(r"\s*\{.*$", "", stripped)))
        depth += change
        while context and depth <= context[-1][0]:
            context.pop()
    return items


def c_declarations():
    """Each top-level declaration of the core's public headers, by the name it declares: a
    function's prototype, a `static inline` function with its body (which compiles into whoever
    calls it), an `extern` variable."""
    declarations = {}
    for header in sorted(os.listdir(C_HEADERS)):
        if not header.endswith(".h"):
            continue
        with open(os.path.join(C_HEADERS, header)) as file:
            text = re.sub(r"/\*.*?\*/", "", file.read(), flags=re.S)
        # Without the preprocessor's lines, nor the C++ guards' `extern "C" {` and `}` they wrap.
        lines, in_cplusplus_guard = [], False
        for line in text.splitlines():
            if line.lstrip().startswith("#"):
                in_cplusplus_guard = line.split() == ["#ifdef", "__cplusplus"]
            elif not in_cplusplus_guard:
                lines.append(line)
        text = "\n".join(lines)
        chunk, depth = "", 0
        for character in text:
            chunk += character
            if character == "{":
                depth += 1
            elif character == "}":
                depth -= 1
            if depth == 0 and character in ";}":
                declared = " ".join(chunk.split())
                chunk = ""
                name = re.match(r"(?:[\w\s*]*?)\b(dck_\w+)\s*(\(|;|\[)", declared)
                if name and not declared.startswith(("typedef", "struct", "enum", "extern \"C\"")):
                    declarations[name.group(1)] = f"{declared}  // {header}"
    return declarations


def c_functions(called):
    """The declarations of the C functions (and variables) `called` names, with those that the
    `static inline` ones among them reach in turn."""
    declarations = c_declarations()
    found, pending = {}, sorted(called)
    while pending:
        name = pending.pop()
        if name in found or name not in declarations:
            continue
        found[name] = declarations[name]
        if "static inline" in found[name]:
            # What its body names (types have no declaration of their own here: skipped).
            body = found[name].rsplit("  // ", 1)[0]
            pending.extend(set(re.findall(r"\b(dck_\w+)", body)) - {name})
    return found, set(called) - found.keys()


def inlinable_interface(interfaces):
    """The text the baseline holds: each module's inlinable items, then the C functions they call."""
    sections, called = [], set()
    for interface in interfaces:
        module = os.path.basename(interface)[: -len(".swiftinterface")]
        with open(interface) as file:
            items = inlinable_items(file.read())
        for item in items:
            called.update(re.findall(r"\b(dck_\w+)\s*\(", item))
        sections.append(f"// ===== {module}: {len(items)} declarations\n\n" + "\n\n".join(items))
    found, missing = c_functions(called)
    sections.append(f"// ===== C functions the inlinable code calls: {len(called)}, with what the"
                    f" inline ones reach: {len(found)}\n\n"
                    + "\n".join(found[name] for name in sorted(found))
                    + "".join(f"\n{name}: not declared in CSupport/include"
                              for name in sorted(missing)))
    return "// What client binaries compile in: written by scripts/check-library-evolution.py" \
        " --write-baseline;\n// see Sources/Dependencies/Inlined/README.md.\n\n" \
        + "\n\n".join(sections) + "\n"


def check_baseline(interfaces, write):
    """Compares the inlinable interface with the baseline (or writes it); True when they agree."""
    current = inlinable_interface(interfaces)
    if write:
        os.makedirs(os.path.dirname(BASELINE), exist_ok=True)
        with open(BASELINE, "w") as file:
            file.write(current)
        print(f"    wrote {os.path.relpath(BASELINE, ROOT)}")
        return True
    try:
        with open(BASELINE) as file:
            committed = file.read()
    except FileNotFoundError:
        committed = ""
    if committed == current:
        print(f"    the inlinable interface is the baseline ({os.path.relpath(BASELINE, ROOT)})")
        return True
    diff = list(difflib.unified_diff(
        committed.splitlines(), current.splitlines(), "baseline", "this build", lineterm="", n=4))
    print("library-evolution: FAILED: what clients compile in changed (the inlinable interface,"
          f" or the C functions it calls), against {os.path.relpath(BASELINE, ROOT)}:")
    for line in diff[:400]:
        print(f"  {line}")
    if len(diff) > 400:
        print(f"  … {len(diff) - 400} more lines")
    print("A change of what client binaries compile in is a commit of its own that says why: write"
          " the baseline again with make library-evolution"
          " LIBRARY_EVOLUTION_FLAGS=--write-baseline, review it, and commit it alone.")
    return False


def main():
    write_baseline = "--write-baseline" in sys.argv[1:]
    started = step("building IntegrationTests/LibraryEvolution and the library for library"
                   " evolution (release)")
    # From clean, so that every module compiles and shows its warnings.
    shutil.rmtree(os.path.join(PACKAGE, ".build"), ignore_errors=True)
    os.makedirs(os.path.join(PACKAGE, ".build"))
    log = os.path.join(PACKAGE, ".build", "library-evolution-build.log")
    output = run([SWIFT, "build", "-c", "release", "--build-tests"] + FLAGS, PACKAGE, log)
    done(started)

    problems, allowed = warning_problems(output)
    if problems:
        print("library-evolution: FAILED: warnings in a build for library evolution:")
        for problem in problems:
            print(f"  {problem}")
        return 1
    print(f"    no warnings but {len(allowed)} of toolchain modules not built for library"
          " evolution, each in a file whose public API uses them:")
    for warning in allowed:
        print(f"      {warning}")

    bin_path = run([SWIFT, "build", "-c", "release", "--show-bin-path"] + FLAGS, PACKAGE,
                   os.path.join(PACKAGE, ".build", "library-evolution-bin-path.log")).strip()
    interfaces = check_interfaces(bin_path)

    started = step("compiling the client against the library's interfaces alone")
    with tempfile.TemporaryDirectory(prefix="library-evolution-") as scratch:
        compile_against_interfaces(bin_path, interfaces, scratch)
    done(started)

    started = step("running the client (live context) and its tests (test context)")
    run([os.path.join(bin_path, "EvolutionRunner")], PACKAGE)
    run([SWIFT, "test", "-c", "release", "--skip-build"] + FLAGS, PACKAGE)
    done(started)

    started = step("comparing what clients compile in with the baseline")
    if not check_baseline(interfaces, write_baseline):
        return 1
    done(started)

    print(f"library-evolution: {', '.join(MODULES)} build for library evolution; their"
          " interfaces verify; the client compiled against them reads, scopes and tests correctly;"
          " what clients compile in is the baseline")
    return 0


if __name__ == "__main__":
    sys.exit(main())
