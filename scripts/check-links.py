#!/usr/bin/env python3
"""Checks the links of the Markdown documentation.

Usage: scripts/check-links.py [FILE.md ...]

By default it checks README.md, ARCHITECTURE.md (when present) and every article of the DocC
catalogs (Sources/Dependencies/Documentation.docc, Sources/DependenciesMacros/Documentation.docc).
For each file:

  - relative links and images, `[text](path)`, `[text](path#anchor)`, `[text](#anchor)` and
    reference definitions `[id]: path`, must point to an existing file or directory, and an anchor
    must name a heading of the target Markdown file (GitHub's anchor rules); in a DocC catalog a
    bare file name may also name a file anywhere in the catalog (an image in its Resources/). Links
    with a scheme (https:, mailto:, …) are not followed.
  - `<doc:Article>` and `<doc:Article#Heading>` must name an article of the file's DocC catalog (a
    .md file of the catalog that is not a symbol extension page) and, with an anchor, one of its headings
    (DocC's anchor rules: the heading text with spaces as dashes).
  - snippets: a line `<!-- snippet: PATH -->` or `<!-- snippet: PATH#NAME -->` must be followed by a
    fenced code block whose content is exactly the file at PATH (relative to the repository root),
    or its region NAME: the lines between `// snippet: NAME` and `// end snippet: NAME`, dedented.
    This keeps code shown in the README identical to code that CI compiles and tests.

Links inside fenced code blocks and inline code are ignored. Exits 1, listing every broken link,
when any is broken.
"""

import glob
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CATALOG = os.path.join(ROOT, "Sources/Dependencies/Documentation.docc")
# Every DocC catalog of the package; `<doc:…>` links resolve within the catalog of their file
# (README.md's within Dependencies').
CATALOGS = [
    CATALOG,
    os.path.join(ROOT, "Sources/DependenciesMacros/Documentation.docc"),
]

FENCE = re.compile(r"^\s*(```|~~~)")
INLINE_CODE = re.compile(r"(`+)(?:(?!\1).)+?\1")
LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
REFERENCE = re.compile(r"^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+.*)?$")
DOC_LINK = re.compile(r"<doc:([^>#]+)(?:#([^>]+))?>")
SNIPPET = re.compile(r"^\s*<!--\s*snippet:\s*([^#\s]+)(?:#(\S+))?\s*-->\s*$")
HEADING = re.compile(r"^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$")
SCHEME = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:")


def prose_lines(text):
    """(line number, line) for every line outside fenced code blocks, inline code blanked."""
    in_fence = False
    for number, line in enumerate(text.splitlines(), 1):
        if FENCE.match(line):
            in_fence = not in_fence
            continue
        if not in_fence:
            yield number, INLINE_CODE.sub(lambda m: " " * len(m.group(0)), line)


def headings(text):
    return [m.group(2) for _, line in prose_lines(text) if (m := HEADING.match(line))]


def github_anchors(text):
    anchors, seen = set(), {}
    for heading in headings(text):
        plain = re.sub(r"`([^`]*)`", r"\1", heading)
        plain = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", plain)
        slug = re.sub(r"[^\w\- ]", "", plain.strip().lower()).replace(" ", "-")
        count = seen.get(slug, 0)
        seen[slug] = count + 1
        anchors.add(slug if count == 0 else f"{slug}-{count}")
    return anchors


def docc_anchors(text):
    # DocC names a heading's anchor after its text, spaces replaced by dashes (case kept); accept
    # any case.
    return {re.sub(r"\s+", "-", h.strip()).lower() for h in headings(text)}


def catalog_of(path):
    for catalog in CATALOGS:
        if os.path.abspath(path).startswith(catalog + os.sep):
            return catalog
    return CATALOG


def catalog_resource(path, name):
    """Whether `name` (a file name alone) is a resource of the DocC catalog that holds `path`: DocC
    finds an image by its name anywhere in the catalog (its Resources/, say)."""
    catalog = next((c for c in CATALOGS if os.path.abspath(path).startswith(c + os.sep)), None)
    if catalog is None or "/" in name:
        return False
    return bool(glob.glob(os.path.join(catalog, "**", name), recursive=True))


def catalog_articles(catalog):
    articles = {}
    for path in glob.glob(os.path.join(catalog, "**", "*.md"), recursive=True):
        with open(path, encoding="utf-8") as f:
            text = f.read()
        first = next((line for line in text.splitlines() if line.strip()), "")
        if first.startswith("# ``"):
            continue  # the landing page or a symbol extension page, not an article
        articles[os.path.splitext(os.path.basename(path))[0]] = text
    return articles


def snippet_text(path, name):
    with open(path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    if name is None:
        return "\n".join(lines).strip("\n")
    begin = [i for i, line in enumerate(lines) if line.strip() == f"// snippet: {name}"]
    end = [i for i, line in enumerate(lines) if line.strip() == f"// end snippet: {name}"]
    if len(begin) != 1 or len(end) != 1 or end[0] <= begin[0]:
        return None
    region = lines[begin[0] + 1 : end[0]]
    indent = min((len(l) - len(l.lstrip()) for l in region if l.strip()), default=0)
    return "\n".join(l[indent:] for l in region).strip("\n")


def check_snippets(path, text, problems):
    lines = text.splitlines()
    for index, line in enumerate(lines):
        match = SNIPPET.match(line)
        if not match:
            continue
        source, name = match.group(1), match.group(2)
        where = f"{os.path.relpath(path, ROOT)}:{index + 1}"
        target = os.path.join(ROOT, source)
        if not os.path.isfile(target):
            problems.append(f"{where}: snippet source {source} does not exist")
            continue
        expected = snippet_text(target, name)
        if expected is None:
            problems.append(f"{where}: {source} has no single region '{name}'")
            continue
        following = index + 1
        while following < len(lines) and not lines[following].strip():
            following += 1
        if following >= len(lines) or not FENCE.match(lines[following]):
            problems.append(f"{where}: a snippet marker must be followed by a code block")
            continue
        body = []
        for line_after in lines[following + 1 :]:
            if FENCE.match(line_after):
                break
            body.append(line_after)
        if "\n".join(body).strip("\n") != expected:
            label = source + (f"#{name}" if name else "")
            problems.append(
                f"{where}: the code block differs from {label}; copy it again from the source"
            )


def check_file(path, articles, problems):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    base = os.path.dirname(path)
    own_anchors = github_anchors(text)
    for number, line in prose_lines(text):
        where = f"{os.path.relpath(path, ROOT)}:{number}"
        targets = [m.group(1) for m in LINK.finditer(line)]
        if (reference := REFERENCE.match(line)) and not SNIPPET.match(line):
            targets.append(reference.group(1))
        for target in targets:
            if SCHEME.match(target) and not target.startswith("doc:"):
                continue
            if target.startswith("doc:"):
                continue  # checked below as <doc:…>
            file_part, _, anchor = target.partition("#")
            if not file_part:
                if anchor and anchor.lower() not in own_anchors:
                    problems.append(f"{where}: no heading for anchor #{anchor}")
                continue
            resolved = os.path.normpath(os.path.join(base, file_part))
            if not os.path.exists(resolved) and catalog_resource(path, file_part):
                continue
            if not os.path.exists(resolved):
                problems.append(f"{where}: {target} does not exist")
                continue
            if anchor and resolved.endswith(".md"):
                with open(resolved, encoding="utf-8") as f:
                    if anchor.lower() not in github_anchors(f.read()):
                        problems.append(f"{where}: {file_part} has no heading for #{anchor}")
        for match in DOC_LINK.finditer(line):
            name, anchor = match.group(1).strip(), match.group(2)
            name = name.split("/")[-1]
            if name not in articles:
                problems.append(f"{where}: <doc:{match.group(1)}> names no article of the catalog")
            elif anchor and anchor.lower() not in docc_anchors(articles[name]):
                problems.append(f"{where}: <doc:{name}> has no heading for #{anchor}")
    check_snippets(path, text, problems)


def main():
    if len(sys.argv) > 1:
        files = [os.path.abspath(p) for p in sys.argv[1:]]
    else:
        files = [os.path.join(ROOT, "README.md")]
        if os.path.exists(os.path.join(ROOT, "ARCHITECTURE.md")):
            files.append(os.path.join(ROOT, "ARCHITECTURE.md"))
        for catalog in CATALOGS:
            files += sorted(glob.glob(os.path.join(catalog, "**", "*.md"), recursive=True))
    articles = {catalog: catalog_articles(catalog) for catalog in CATALOGS}
    problems = []
    for path in files:
        check_file(path, articles[catalog_of(path)], problems)
    if problems:
        print(f"Broken links in the documentation ({len(problems)}):")
        for problem in problems:
            print(f"  {problem}")
        return 1
    print(f"links: {len(files)} Markdown files checked, no broken links")
    return 0


if __name__ == "__main__":
    sys.exit(main())
