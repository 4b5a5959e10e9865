#!/usr/bin/env python3
"""Fails when a public symbol of a module has no documentation comment.

Usage:
  scripts/check-doc-coverage.py SYMBOL_GRAPH_DIR [--module Dependencies] [--landing PAGE.md]

SYMBOL_GRAPH_DIR holds the symbol graphs `swift build -Xswiftc -emit-symbol-graph
-Xswiftc -emit-symbol-graph-dir -Xswiftc DIR` wrote: `<Module>.symbols.json` and the graphs of the
module's extensions of other modules, `<Module>@<Other>.symbols.json`. (`scripts/docs.sh` runs it on
the graphs it builds the documentation from.)

A public symbol counts as documented when it has a doc comment of its own or one inherited from
the requirement it implements (the graph then carries the requirement's comment). It is excused
when:
  - a component of its path starts with `_` (underscored names are not API);
  - it is an extension block (emitted with -emit-extension-block-symbols), whose members are
    checked one by one;
  - it implements a requirement of a protocol its type conforms to and so inherits that
    requirement's documentation in DocC: requirements of the module's own protocols are read from
    the graph, those of standard-library protocols from the table below.

With --landing, also checks that the catalog's landing page curates every top-level symbol: each
top-level name must appear in a ``symbol`` link of the page at least as often as it has overloads
(every overload needs its own, disambiguated, link).

Exit status: 0 when everything is documented (and curated), 1 otherwise, listing what is missing.
"""

import argparse
import glob
import json
import os
import re
import sys

# Requirements of standard-library and Concurrency protocols, by the protocol's precise identifier.
# An undocumented member whose type conforms to one of these protocols and whose name is one of its
# requirements inherits the requirement's documentation. Extend this table when a public type
# adopts another external protocol.
EXTERNAL_REQUIREMENTS = {
    "s:SQ": {"==(_:_:)"},  # Equatable
    "s:SH": {"hash(into:)", "hashValue"},  # Hashable
    "s:SL": {"<(_:_:)"},  # Comparable
    "s:s23CustomStringConvertibleP": {"description"},
    "s:s28CustomDebugStringConvertibleP": {"debugDescription"},
    "s:s15InstantProtocolP": {"advanced(by:)", "duration(to:)", "<(_:_:)", "==(_:_:)"},
    "s:12_Concurrency5ClockP": {
        "now",
        "minimumResolution",
        "sleep(until:tolerance:)",
        "Instant",
        "Duration",
    },
    "s:Sci": {"makeAsyncIterator()", "AsyncIterator", "Element", "Failure"},  # AsyncSequence
    "s:Se": {"init(from:)"},  # Decodable
    "s:SE": {"encode(to:)"},  # Encodable
    "s:s5ErrorP": {"localizedDescription"},
    "s:ScA": {"unownedExecutor"},  # Actor
    "s:s8SendableP": set(),
    # The literal protocols. ExpressibleByStringLiteral refines the other two, whose initializers
    # a conforming type gets from standard-library default implementations.
    "s:s27ExpressibleByBooleanLiteralP": {"init(booleanLiteral:)"},
    "s:s25ExpressibleByFloatLiteralP": {"init(floatLiteral:)"},
    "s:s27ExpressibleByIntegerLiteralP": {"init(integerLiteral:)"},
    "s:s26ExpressibleByStringLiteralP": {"init(stringLiteral:)"},
    "s:s43ExpressibleByExtendedGraphemeClusterLiteralP": {"init(extendedGraphemeClusterLiteral:)"},
    "s:s33ExpressibleByUnicodeScalarLiteralP": {"init(unicodeScalarLiteral:)"},
}


def load_graphs(directory, module):
    paths = [os.path.join(directory, f"{module}.symbols.json")]
    paths += sorted(glob.glob(os.path.join(directory, f"{module}@*.symbols.json")))
    graphs = []
    for path in paths:
        if not os.path.exists(path):
            sys.exit(f"check-doc-coverage: no symbol graph at {path}")
        with open(path, encoding="utf-8") as f:
            graphs.append((os.path.basename(path), json.load(f)))
    return graphs


def is_public(symbol):
    return symbol.get("accessLevel") in ("public", "open")


def has_doc_comment(symbol):
    lines = (symbol.get("docComment") or {}).get("lines") or []
    return any(line.get("text", "").strip() for line in lines)


def display_path(symbol):
    return "/".join(symbol["pathComponents"])


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("graphs", help="directory of symbol graphs")
    parser.add_argument("--module", default="Dependencies")
    parser.add_argument("--landing", help="the catalog's landing page, to check its Topics")
    args = parser.parse_args()

    graphs = load_graphs(args.graphs, args.module)

    symbols = {}
    relationships = []
    for _, graph in graphs:
        for symbol in graph["symbols"]:
            symbols[symbol["identifier"]["precise"]] = symbol
        relationships += graph["relationships"]

    # Which protocols each type conforms to, which members each type has, and the requirements of
    # the module's own protocols.
    conformances = {}
    parent_of = {}
    requirements = {}
    for relation in relationships:
        kind, source, target = relation["kind"], relation["source"], relation["target"]
        if kind == "conformsTo":
            conformances.setdefault(source, set()).add(target)
        elif kind == "memberOf":
            parent_of[source] = target
        elif kind == "requirementOf" and source in symbols:
            requirements.setdefault(target, set()).add(symbols[source]["names"]["title"])

    def protocol_requirements(protocol):
        names = set(requirements.get(protocol, set()))
        names |= EXTERNAL_REQUIREMENTS.get(protocol, set())
        # A protocol's requirements include those of the protocols it refines.
        for refined in conformances.get(protocol, set()):
            if refined != protocol:
                names |= requirements.get(refined, set())
                names |= EXTERNAL_REQUIREMENTS.get(refined, set())
        return names

    def implements_requirement(identifier, symbol):
        parent = parent_of.get(identifier)
        if parent is None:
            return False
        name = symbol["names"]["title"]
        return any(name in protocol_requirements(p) for p in conformances.get(parent, set()))

    undocumented = []
    for identifier, symbol in symbols.items():
        if not is_public(symbol):
            continue
        if any(component.startswith("_") for component in symbol["pathComponents"]):
            continue
        if symbol["kind"]["identifier"] == "swift.extension":
            continue  # an extension block (-emit-extension-block-symbols); its members count
        if has_doc_comment(symbol):
            continue
        if implements_requirement(identifier, symbol):
            continue
        undocumented.append(symbol)

    failed = False
    if undocumented:
        failed = True
        print(f"Public symbols of {args.module} without documentation ({len(undocumented)}):")
        for symbol in sorted(undocumented, key=display_path):
            location = (symbol.get("location") or {}).get("uri", "").replace("file://", "")
            line = (symbol.get("location") or {}).get("position", {}).get("line")
            where = f"  ({os.path.relpath(location)}:{line + 1})" if location and line is not None else ""
            print(f"  {display_path(symbol)} [{symbol['kind']['displayName']}]{where}")

    if args.landing:
        with open(args.landing, encoding="utf-8") as f:
            page = f.read()
        # ``name``, ``name-disambiguation``, ``Type/member`` → the first path component.
        linked = {}
        for link in re.findall(r"``([^`]+)``", page):
            head = link.lstrip("/").split("/")[0]
            if head == args.module and "/" in link.lstrip("/"):
                head = link.lstrip("/").split("/")[1]
            head = re.sub(r"-[^)]*$", "", head) if not head.endswith(")") else head
            head = re.sub(r"\)-.*$", ")", head)
            linked[head] = linked.get(head, 0) + 1
        overloads = {}
        for _, graph in graphs[:1]:
            for symbol in graph["symbols"]:
                components = symbol["pathComponents"]
                if len(components) == 1 and is_public(symbol) and not components[0].startswith("_"):
                    overloads[components[0]] = overloads.get(components[0], 0) + 1
        missing = [
            (name, count, linked.get(name, 0))
            for name, count in sorted(overloads.items())
            if linked.get(name, 0) < count
        ]
        if missing:
            failed = True
            print(f"Top-level symbols missing from the Topics of {args.landing}:")
            for name, count, found in missing:
                detail = f" ({found} of {count} overloads linked)" if count > 1 else ""
                print(f"  ``{name}``{detail}")

    if failed:
        return 1
    print(f"documentation coverage: every public symbol of {args.module} is documented"
          + (" and curated" if args.landing else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
