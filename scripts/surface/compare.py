#!/usr/bin/env python3
"""Checks that every public name of the classic library is reachable here (`make surface`).

Usage:
  scripts/surface/compare.py check SYMBOLGRAPH_DIR [--verbose]
  scripts/surface/compare.py list SYMBOLGRAPH_DIR [MODULE ...]

`check` reads this package's symbol graphs (SYMBOLGRAPH_DIR, as `make surface` writes them: see
scripts/surface/symbols.py for the compiler flags), reduces them to public names, and compares
them with docs/surface/classic-symbols.txt, the public names of the classic library and its
satellites (one line per declaration or conformance; the file's header says where it comes
from). Each classic line can fail in four ways:

  missing      no declaration of that module, kind and name (a protocol requirement and an
               extension member with one name count apart)
  signature    the name exists, but not this overload (its declaration heading differs)
  spi          reachable only under another `@_spi` group than classic's (classic's public names
               must be public here; classic's `@_spi(G)` names public or `@_spi(G)`)
  deprecation  deprecated differently (domain or message): classic's deprecations are part of
               what a user sees, and a new one can break a build with warnings as errors

docs/surface/accepted-omissions.txt lists the problems accepted on purpose, each under a reason.
A problem not listed fails the check, and so does a listed one that no longer occurs (the list
must stay true), except under a reason that starts with "pending" (names another change adds),
which is only reported. Exits 0 when nothing fails, 1 otherwise, and prints the counts either way.

`list` prints the names of the symbol graphs in SYMBOLGRAPH_DIR (of the given modules only) in the
checked-in format; it is how classic-symbols.txt was made from classic's symbol graphs.
"""

import fnmatch
import itertools
import os
import re
import sys
from collections import defaultdict

sys.dont_write_bytecode = True  # no __pycache__ beside the scripts
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import symbols  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CLASSIC = os.path.join(ROOT, "docs", "surface", "classic-symbols.txt")
ACCEPTED = os.path.join(ROOT, "docs", "surface", "accepted-omissions.txt")
PROBLEMS = ("missing", "signature", "spi", "deprecation")


class Acceptance:
    """One line of accepted-omissions.txt: `problem | Module | kind | name [| signature]`, each
    field a shell pattern (`*`, `?`), under the `[reason]` line above it."""

    def __init__(self, line, reason, where):
        parts = [part.strip() for part in line.split(" | ")]
        if len(parts) not in (4, 5) or parts[0] not in PROBLEMS:
            raise ValueError(
                f"{where}: want 'problem | Module | kind | name [| signature]' with problem one of"
                f" {', '.join(PROBLEMS)}: {line!r}")
        if not reason:
            raise ValueError(f"{where}: no [reason] line above this one")
        self.problem, self.patterns, self.reason, self.where = parts[0], parts[1:], reason, where
        # A reason that starts with "pending" covers names another change adds: once they are
        # here, the line is reported as no longer needed instead of failing the check.
        self.pending = reason.lower().startswith("pending")
        self.used = False

    def matches(self, problem, entry):
        fields = [entry.module, entry.kind, entry.name, entry.signature]
        return problem == self.problem and all(
            fnmatch.fnmatchcase(value, pattern) for value, pattern in zip(fields, self.patterns))


def read_acceptances(path):
    result, reason = [], None
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            text = line.strip()
            if not text or text.startswith("#"):
                continue
            if text.startswith("[") and text.endswith("]"):
                reason = text[1:-1].strip()
                continue
            result.append(Acceptance(text, reason, f"{os.path.relpath(path, ROOT)}:{number}"))
    return result


def normal_signature(entry):
    """The signature with spellings that name the same declaration made equal: backquotes, the
    `any` of existential types (`Error` and `any Error` are one type), `let` and `var` of a
    property heading, the module prefix `Swift.`, and `Self` of a type's member written as the
    type's name (`static var live: Self` and `static var live: DependencyValues`)."""
    text = entry.signature.replace("`", "")
    text = re.sub(r"\bany ", "", text)
    text = re.sub(r"^let ", "var ", text)
    text = re.sub(r"\bSwift\.", "", text)
    owner = entry.name.split("(")[0].split(".")
    if len(owner) >= 2 and entry.kind != "conformance":
        name = owner[-2]
        text = re.sub(r"\bSelf\b(?!\.)", name, text)
        text = re.sub(rf"\b{re.escape(name)}<[^<>]*(?:<[^<>]*>[^<>]*)*>", name, text)
    return text


def labels_of(name):
    """`Type.f(a:_:b:)` -> ("Type.f", ["a", "_", "b"]), or None without an argument list."""
    match = re.fullmatch(r"(.*?)\(((?:[^():]*:)*)\)", name)
    if not match:
        return None
    return match.group(1), [label for label in match.group(2).split(":")[:-1]]


def call_variants(entry):
    """The entry as calls see it with defaulted parameters left out: one entry per subset of
    them (`f(_:fileID:line:)` with defaulted `fileID` and `line` is also `f(_:line:)`, `f(_:fileID:)`
    and `f(_:)`)."""
    defaulted = [index for index, default in enumerate(entry.defaults) if default]
    parsed = labels_of(entry.name)
    span = symbols.parameter_span(entry.signature)
    if not defaulted or not parsed or not span:
        return []
    base, labels = parsed
    heading_parameters = symbols.split_top_level(entry.signature[span[0]:span[1]])
    if len(labels) != len(entry.defaults) or len(heading_parameters) != len(entry.defaults):
        return []
    variants = []
    for count in range(1, len(defaulted) + 1):
        for dropped in itertools.combinations(defaulted, count):
            kept = [i for i in range(len(labels)) if i not in dropped]
            name = f"{base}({''.join(labels[i] + ':' for i in kept)})"
            signature = (entry.signature[:span[0]]
                         + ", ".join(heading_parameters[i] for i in kept)
                         + entry.signature[span[1]:])
            variants.append(symbols.Entry(entry.module, entry.kind, name, signature,
                                          entry.attributes))
    return variants


def spi_reaches(classic, ours):
    """Whether `ours` is reachable by code that reaches `classic` (same imports)."""
    return ours.spi is None or ours.spi == classic.spi


def problems(classic_entries, our_entries):
    """(problem, classic entry, detail) for every classic entry not matched here, and the classic
    entries matched only by leaving out defaulted parameters of ours (calls compile the same)."""
    by_key, by_call = defaultdict(list), defaultdict(list)
    for entry in our_entries:
        by_key[entry.key].append(entry)
        for variant in call_variants(entry):
            by_call[variant.key].append(variant)
    found, through_defaults = [], []
    for entry in sorted(classic_entries):
        candidates = by_key.get(entry.key, [])
        signature = normal_signature(entry)
        if not any(normal_signature(c) == signature for c in candidates):
            calls = [c for c in by_call.get(entry.key, []) if normal_signature(c) == signature]
            if calls:
                candidates = calls
                through_defaults.append(entry)
        if not candidates:
            found.append(("missing", entry, ""))
            continue
        same = [c for c in candidates if normal_signature(c) == signature]
        if not same:
            found.append(("signature", entry, "here: " + " ; ".join(
                sorted({c.signature for c in candidates}))))
            continue
        reachable = [c for c in same if spi_reaches(entry, c)]
        if not reachable:
            found.append(("spi", entry, "here: " + ", ".join(sorted({c.spi for c in same}))))
            continue
        if not any(c.deprecations == entry.deprecations for c in reachable):
            found.append(("deprecation", entry, "here: " + (" ; ".join(
                " ".join(c.deprecations) or "not deprecated" for c in reachable))))
    return found, through_defaults


def check(directory, verbose=False):
    classic = symbols.read_list(CLASSIC)
    modules = {entry.module for entry in classic}
    graphs = {symbols.module_of(path) for path in symbols.graph_files(directory)}
    if modules - graphs:
        print(f"no symbol graph in {directory} for: {', '.join(sorted(modules - graphs))}"
              " (each must be a module of this package; `make surface` builds them)")
        return 1
    ours = symbols.entries(directory, modules)
    acceptances = read_acceptances(ACCEPTED)
    unaccepted, accepted = [], defaultdict(list)
    found, through_defaults = problems(classic, ours)
    for problem, entry, detail in found:
        acceptance = next((a for a in acceptances if a.matches(problem, entry)), None)
        if acceptance is None:
            unaccepted.append((problem, entry, detail))
        else:
            acceptance.used = True
            accepted[acceptance.reason].append((problem, entry))
    stale = [a for a in acceptances if not a.used and not a.pending]
    resolved = [a for a in acceptances if not a.used and a.pending]

    print(f"classic public names (docs/surface/classic-symbols.txt): {len(classic)}")
    for module in sorted(modules):
        total = sum(1 for e in classic if e.module == module)
        failing = sum(1 for _, e, _ in unaccepted if e.module == module)
        accepted_here = sum(1 for items in accepted.values() for _, e in items if e.module == module)
        print(f"  {module:<30} {total:>4}   accepted omissions {accepted_here:>3}"
              f"   not matched {failing:>3}")
    accepted_count = sum(len(items) for items in accepted.values())
    print(f"matched here: {len(classic) - accepted_count - len(unaccepted)} (of which"
          f" {len(through_defaults)} through parameters with default values that classic's"
          f" declaration lacks: the same calls compile); accepted omissions: {accepted_count}"
          f" (docs/surface/accepted-omissions.txt); not matched: {len(unaccepted)}")
    if verbose:
        for entry in through_defaults:
            print(f"  through defaults: {entry.line()}")
    for reason, items in sorted(accepted.items()):
        print(f"  accepted, {len(items)}: {reason}")
    if unaccepted:
        print("\nnot matched here (add the name, or accept it with a reason in"
              " docs/surface/accepted-omissions.txt):")
        for problem, entry, detail in unaccepted:
            print(f"  {problem:<11} {entry.line()}")
            if detail:
                print(f"  {'':<11}   {detail}")
    if stale:
        print("\naccepted omissions that no longer occur (remove them):")
        for acceptance in stale:
            print(f"  {acceptance.where}: {acceptance.problem} | {' | '.join(acceptance.patterns)}")
    if resolved:
        print("\naccepted while another change is pending, and no longer needed (remove them):")
        for acceptance in resolved:
            print(f"  {acceptance.where}: {acceptance.problem} | {' | '.join(acceptance.patterns)}")
    if unaccepted or stale:
        print("\nsurface: FAILED")
        return 1
    print("\nsurface: every classic public name is reachable here, except the accepted omissions")
    return 0


def main(arguments):
    if len(arguments) in (2, 3) and arguments[0] == "check":
        verbose = "--verbose" in arguments[2:]
        return check(arguments[1], verbose)
    if len(arguments) >= 2 and arguments[0] == "list":
        modules = set(arguments[2:]) or None
        for entry in sorted(symbols.entries(arguments[1], modules)):
            print(entry.line())
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
