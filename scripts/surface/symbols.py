"""Reduces Swift symbol graphs to a list of public names: one `Entry` per public declaration and
per conformance, in a line format that can be checked into the repository and compared.

Input: a directory of `*.symbols.json` files as the compiler writes them with
`-emit-symbol-graph -emit-symbol-graph-dir DIR -include-spi-symbols
-symbol-graph-minimum-access-level private`: at the default level (public) the graph leaves out
public names with a leading underscore (`_XCTIsTesting`) and those marked
`@_documentation(visibility: private)` (deprecated names such as `streamWithContinuation`), which
users still call. Only `public` and `open` symbols are kept.
`Module@Other.symbols.json` files (extensions of other modules' types) count for `Module`. A
module's graph also holds the symbols of the modules it re-exports (`@_exported import`), so the
list says what `import Module` makes reachable, not only what the module declares.

A line of the list:

    Module | kind | Path.name(label:) | signature | attributes

  kind        the symbol kind without `swift.` (struct, init, method, type.property, func.op, …),
              or `conformance` (`Type: Protocol`) and `inheritance` (`Class: Superclass`)
  signature   the declaration's heading as the symbol graph gives it (`func f<T>(T) -> Int`),
              tells overloads apart; for a conformance, its conditions (`where Value: Sendable`)
  attributes  `requirement` (a protocol requirement, as opposed to an extension member),
              `spi(Group)` (reachable only with `@_spi(Group) import Module`), and
              `deprecated(domain: message)` for each deprecation, with its message or renaming

Synthesized members (those a type inherits from protocol extensions) are left out: the
conformance line and the protocol's own members cover them.
"""

import glob
import json
import os
import re
from dataclasses import dataclass, field

PUBLIC = {"public", "open"}
# Constraints every generic parameter carries implicitly; they say nothing about the API.
IMPLICIT_CONSTRAINTS = {"Copyable", "Escapable"}
SPI = re.compile(r"@_spi\((\w+)\)")
DECLARATION_START = re.compile(
    r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|open|package|internal|fileprivate|private|final|"
    r"nonisolated|static|class|mutating|indirect|convenience|required|override|dynamic|lazy|"
    r"weak|unowned)\s+)*(?:extension|struct|class|enum|actor|protocol)\b"
)


@dataclass(frozen=True, order=True)
class Entry:
    module: str
    kind: str
    name: str
    signature: str
    attributes: tuple = field(default=())
    # Per parameter, whether it has a default value (from the full declaration; empty when the
    # entry was read from a list, or is not a function).
    defaults: tuple = field(default=(), compare=False)

    @property
    def key(self):
        """What two lists must share for a name to count as present (overloads aside)."""
        return (self.module, self.kind, self.name, "requirement" in self.attributes)

    @property
    def spi(self):
        return next((a for a in self.attributes if a.startswith("spi(")), None)

    @property
    def deprecations(self):
        return tuple(a for a in self.attributes if a.startswith("deprecated("))

    def line(self):
        return " | ".join(
            [self.module, self.kind, self.name, self.signature, " ".join(self.attributes)]
        ).rstrip(" |")

    @staticmethod
    def parse(line):
        parts = [part.strip() for part in line.split(" | ")]
        if len(parts) < 3:
            raise ValueError(f"not a symbol line (want 'Module | kind | name | …'): {line!r}")
        parts += [""] * (5 - len(parts))
        module, kind, name, signature = parts[:4]
        attributes = " | ".join(parts[4:]).strip()
        return Entry(module, kind, name, signature, tuple(split_attributes(attributes)))


def split_attributes(text):
    """Splits `requirement spi(X) deprecated(*: "a b")` at the spaces outside parentheses."""
    result, depth, current, quoted = [], 0, "", False
    for character in text:
        if character == '"' and (not current or current[-1] != "\\"):
            quoted = not quoted
        if not quoted:
            if character == "(":
                depth += 1
            elif character == ")":
                depth -= 1
            elif character == " " and depth == 0:
                if current:
                    result.append(current)
                current = ""
                continue
        current += character
    if current:
        result.append(current)
    return result


def fragments_text(fragments):
    return "".join(fragment["spelling"] for fragment in fragments or [])


def deprecation_attributes(symbol):
    result = []
    for availability in symbol.get("availability", []):
        if not (availability.get("deprecated") or availability.get("isUnconditionallyDeprecated")):
            continue
        detail = availability.get("message")
        if detail is None and availability.get("renamed"):
            detail = f"renamed {availability['renamed']}"
        text = availability["domain"]
        if detail is not None:
            text += ": " + json.dumps(detail, ensure_ascii=False)
        result.append(f"deprecated({text})")
    return sorted(set(result))


class SourceLines:
    """Reads source files once, to find the `@_spi(Group)` of SPI symbols (the symbol graph only
    says that a symbol is SPI, not in which group)."""

    def __init__(self):
        self.files = {}

    def lines(self, uri):
        path = uri[len("file://"):] if uri.startswith("file://") else uri
        if path not in self.files:
            try:
                with open(path, encoding="utf-8") as f:
                    self.files[path] = f.read().split("\n")
            except OSError:
                self.files[path] = None
        return self.files[path]

    def spi_group(self, location):
        """The group of the `@_spi` attribute on the declaration at `location`, or on the nearest
        enclosing declaration (an `@_spi` extension) that has one; None when the source cannot be
        read or has none."""
        lines = self.lines(location["uri"]) if location else None
        if not lines:
            return None
        index = location["position"]["line"]
        indent = len(lines[index]) - len(lines[index].lstrip())
        # The declaration's own line and the attribute lines above it.
        group = self.group_above(lines, index)
        if group:
            return group
        # Enclosing declarations: lines above with less indentation that open a type or extension.
        for above in range(index - 1, -1, -1):
            text = lines[above]
            if not text.strip():
                continue
            above_indent = len(text) - len(text.lstrip())
            if above_indent < indent and DECLARATION_START.match(text):
                group = self.group_above(lines, above)
                if group:
                    return group
                indent = above_indent
                if indent == 0:
                    break
        return None

    @staticmethod
    def group_above(lines, index):
        if m := SPI.search(lines[index]):
            return m.group(1)
        # Attributes can span lines (`@available(\n *,\n deprecated,\n message: "…"\n )`): go up
        # until the end of the previous declaration, a doc comment or a blank line.
        for above in range(index - 1, max(index - 16, -1), -1):
            text = lines[above].strip()
            if m := SPI.search(text):
                return m.group(1)
            if not text or text.startswith("///") or text.endswith("{") or text.endswith("}"):
                break
        return None


def constraint_text(constraints):
    parts = []
    for constraint in constraints or []:
        if constraint.get("rhs") in IMPLICIT_CONSTRAINTS:
            continue
        operator = {"conformance": ":", "superclass": ":", "sameType": " =="}.get(
            constraint["kind"], " " + constraint["kind"])
        parts.append(f"{constraint['lhs']}{operator} {constraint['rhs']}")
    return ("where " + ", ".join(parts)) if parts else ""


def split_top_level(text, separator=","):
    """Splits at `separator` outside (), [], <> and string literals (`->` is no bracket)."""
    parts, depth, current, index, quoted = [], 0, "", 0, False
    while index < len(text):
        character = text[index]
        if character == '"':
            quoted = not quoted
        elif not quoted:
            if text.startswith("->", index):
                current += "->"
                index += 2
                continue
            if character in "([<":
                depth += 1
            elif character in ")]>":
                depth -= 1
            elif character == separator and depth == 0:
                parts.append(current.strip())
                current = ""
                index += 1
                continue
        current += character
        index += 1
    if current.strip():
        parts.append(current.strip())
    return parts


def parameter_span(text):
    """(start, end) of the parameter clause of a `func`, `init` or `subscript` heading or
    declaration (inside the parentheses), or None."""
    match = re.search(r"\b(?:func|init|subscript)\b\s*[^(<\s]*\s*", text)
    if not match:
        return None
    index = match.end()
    if index < len(text) and text[index] == "<":  # generic parameter clause
        depth = 0
        while index < len(text):
            if text.startswith("->", index):
                index += 2
                continue
            depth += {"<": 1, ">": -1}.get(text[index], 0)
            index += 1
            if depth == 0:
                break
    if index >= len(text) or text[index] != "(":
        return None
    start, depth = index + 1, 0
    while index < len(text):
        if text.startswith("->", index):
            index += 2
            continue
        depth += {"(": 1, ")": -1}.get(text[index], 0)
        if depth == 0:
            return start, index
        index += 1
    return None


def parameter_list(text):
    span = parameter_span(text)
    return split_top_level(text[span[0]:span[1]]) if span else []


def has_default(parameter):
    """Whether a parameter of a declaration (`line: UInt = #line`) has a default value."""
    return len(split_top_level(parameter, "=")) > 1


def graph_files(directory):
    files = sorted(glob.glob(os.path.join(directory, "*.symbols.json")))
    if not files:
        raise FileNotFoundError(f"no *.symbols.json files in {directory}")
    return files


def module_of(path):
    return os.path.basename(path)[: -len(".symbols.json")].split("@", 1)[0]


def entries(directory, modules=None):
    """Every public name in the symbol graphs of `directory` (of `modules` only, when given)."""
    sources = SourceLines()
    result = set()
    for path in graph_files(directory):
        module = module_of(path)
        if modules is not None and module not in modules:
            continue
        with open(path, encoding="utf-8") as f:
            graph = json.load(f)
        symbols = {s["identifier"]["precise"]: s for s in graph["symbols"]}
        requirements = {r["source"] for r in graph["relationships"] if r["kind"] == "requirementOf"}
        parents = {r["source"]: r["target"] for r in graph["relationships"] if r["kind"] == "memberOf"}

        def visible(usr):
            # A `public` member of a non-public type is not reachable: every enclosing type in the
            # graph must be public too (an extended type of another module is not in the graph).
            while usr in symbols:
                if symbols[usr]["accessLevel"] not in PUBLIC:
                    return False
                usr = parents.get(usr)
            return True

        for usr, symbol in symbols.items():
            if "::SYNTHESIZED::" in usr or not visible(usr):
                continue
            attributes = []
            if usr in requirements:
                attributes.append("requirement")
            if symbol.get("spi"):
                group = sources.spi_group(symbol.get("location"))
                attributes.append(f"spi({group or '?'})")
            attributes += deprecation_attributes(symbol)
            declaration = fragments_text(symbol.get("declarationFragments"))
            parameters = parameter_list(declaration)
            result.add(Entry(
                module,
                symbol["kind"]["identifier"].removeprefix("swift."),
                ".".join(symbol["pathComponents"]),
                fragments_text(symbol["names"].get("subHeading")),
                tuple(attributes),
                tuple(has_default(p) for p in parameters) if parameters else (),
            ))
        for relationship in graph["relationships"]:
            kind = {"conformsTo": "conformance", "inheritsFrom": "inheritance"}.get(
                relationship["kind"])
            source = symbols.get(relationship["source"])
            if kind is None or source is None or not visible(relationship["source"]):
                continue
            target = symbols.get(relationship["target"])
            if target is not None:
                if not visible(relationship["target"]):
                    continue
                target_name = ".".join(target["pathComponents"])
            else:
                target_name = relationship.get("targetFallback", relationship["target"])
                # `Swift.Sendable` and `Sendable` are one name, whichever graph declares it.
                target_name = target_name.split(".", 1)[1] if "." in target_name else target_name
            if target_name.startswith("_") or target_name in IMPLICIT_CONSTRAINTS:
                continue
            result.add(Entry(
                module, kind, f"{'.'.join(source['pathComponents'])}: {target_name}",
                constraint_text(relationship.get("swiftConstraints")),
            ))
    return result


def read_list(path):
    """The entries of a checked-in list (blank lines and `#` comments skipped)."""
    result = set()
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            text = line.strip()
            if not text or text.startswith("#"):
                continue
            try:
                result.add(Entry.parse(text))
            except ValueError as error:
                raise ValueError(f"{path}:{number}: {error}") from None
    return result
