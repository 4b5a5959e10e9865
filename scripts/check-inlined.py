#!/usr/bin/env python3
"""Checks that what clients compile into their binaries lives in one folder per module.

Usage: scripts/check-inlined.py      (run by `make lint`)

In every module of Sources/, a declaration marked `@usableFromInline` or `@inlinable` must live in
the module's `Inlined/` folder (Sources/Dependencies/Inlined/README.md says what that folder
promises to client binaries), with two exceptions, both outside it by necessity:

1. Public API that is `@inlinable` (`withDependencies`, `Dependency.init(_:)`, `wrappedValue`, the
   key subscript of `DependencyValues`): its declaration is the API and stays with its
   documentation; its body only calls into `Inlined/`.
2. The `@usableFromInline` stored fields of the public types, which Swift accepts only in the
   type's own declaration: exactly the ones listed in PUBLIC_TYPE_FIELDS below. A new one is a
   change of what clients inline, made here on purpose.

And the other way round: a file in `Inlined/` declares at least one of them (a file with none
belongs to the folder of its concept).

Exits 1 naming every declaration out of place.
"""

import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
SOURCES = ROOT / "Sources"

# file (relative to Sources/) -> the @usableFromInline stored fields its public type declares.
PUBLIC_TYPE_FIELDS = {
    "Dependencies/Dependency.swift": {
        "accessor", "capturedScope", "capturedContext", "fileID", "filePath", "line", "column",
    },
    "Dependencies/DependencyValues.swift": {"_overrides", "_context", "_defaults", "_modes"},
}

ATTRIBUTE = re.compile(r"@(usableFromInline|inlinable)\b")
STORED = re.compile(r"@usableFromInline\s+(?:let|var)\s+(\w+)\s*[:=]")
# What can come between an attribute and the declaration's access level.
OTHER_ATTRIBUTE = re.compile(r"^\s*@\w+(\([^)]*\))?\s*")


def code_lines(path):
    """(number, text) of each line outside a `//` comment (the part before the comment)."""
    for number, line in enumerate(path.read_text().splitlines(), 1):
        code = line.split("//", 1)[0]
        if code.strip():
            yield number, code


def declaration_after(lines, index):
    """The declaration that the attribute on lines[index] belongs to: the text from the attribute
    on, with the attributes before it and on the following lines taken off."""
    text = lines[index][1][ATTRIBUTE.search(lines[index][1]).start():]
    while True:
        stripped = OTHER_ATTRIBUTE.sub("", text, count=1)
        if stripped == text:
            break
        text = stripped
        if not text.strip() and index + 1 < len(lines):
            index += 1
            text = lines[index][1]
    return text.strip()


def main():
    problems = []
    counts = {}
    for path in sorted(SOURCES.rglob("*.swift")):
        relative = path.relative_to(SOURCES)
        module = relative.parts[0]
        inside = len(relative.parts) > 2 and relative.parts[1] == "Inlined"
        lines = list(code_lines(path))
        found = 0
        for index, (number, code) in enumerate(lines):
            if not ATTRIBUTE.search(code):
                continue
            found += 1
            if inside:
                continue
            declaration = declaration_after(lines, index)
            if re.match(r"(public|open)\b", declaration) and "@inlinable" in code:
                continue
            stored = STORED.search(code)
            if stored and stored.group(1) in PUBLIC_TYPE_FIELDS.get(str(relative), set()):
                continue
            problems.append(
                f"Sources/{relative}:{number}: {code.strip()} — outside Sources/{module}/Inlined/")
        counts[module] = counts.get(module, 0) + found
        if inside and not found:
            problems.append(
                f"Sources/{relative}: in Inlined/ but declares nothing @usableFromInline or "
                "@inlinable: it belongs to the folder of its concept")
    if problems:
        print("What clients inline must live in the module's Inlined/ folder "
              "(Sources/Dependencies/Inlined/README.md):", file=sys.stderr)
        for problem in problems:
            print("  " + problem, file=sys.stderr)
        sys.exit(1)
    summary = ", ".join(f"{module} {count}" for module, count in sorted(counts.items()) if count)
    print(f"@usableFromInline/@inlinable only in Inlined/ (and public API): {summary}")


if __name__ == "__main__":
    main()
