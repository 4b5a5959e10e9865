#!/usr/bin/env bash
# Builds the DocC catalog of each documented module offline (Dependencies, its satellites
# IssueReporting, ConcurrencyExtras and Clocks, and DependenciesMacros), with warnings (broken symbol links, unresolved
# articles) as errors, after checking with the same symbol graphs that every public symbol is
# documented and curated (scripts/check-doc-coverage.py).
# Output: .build-docs/<Module>.doccarchive for each module. To look at one, serve the archive's
# folder with a static file server, e.g.
#   python3 -m http.server --directory .build-docs/Dependencies.doccarchive 8000
# and open http://localhost:8000/documentation/dependencies/ in a browser.
set -euo pipefail
cd "$(dirname "$0")/.."

modules=(IssueReporting ConcurrencyExtras Clocks Dependencies DependenciesMacros)

graphs=$(mktemp -d)
trap 'rm -rf "$graphs"' EXIT
# Building DependenciesMacros builds Dependencies and the satellites it depends on, and emits
# their graphs too.
swift build --scratch-path .build-docs --target DependenciesMacros \
  -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$graphs/all" \
  -Xswiftc -emit-extension-block-symbols

for module in "${modules[@]}"; do
  catalog="Sources/$module/Documentation.docc"
  mkdir -p "$graphs/$module"
  # Only the module's own graph (and its extensions of other modules); other modules' graphs would
  # add their re-exported copies of the same symbols.
  # A module's graphs also list what it re-exports (`@_exported import`): Dependencies' list the
  # satellites' symbols. Keep only the symbols declared in the module's own sources.
  for graph in "$graphs/all/$module.symbols.json" "$graphs/all/$module"@*.symbols.json; do
    [ -e "$graph" ] || continue
    python3 - "$graph" "$graphs/$module/$(basename "$graph")" "$module" <<'PY'
import json, sys
source, target, module = sys.argv[1:]
graph = json.load(open(source, encoding="utf-8"))
def foreign(symbol):
    uri = (symbol.get("location") or {}).get("uri", "")
    return "/Sources/" in uri and f"/Sources/{module}/" not in uri
dropped = {s["pathComponents"][0] for s in graph["symbols"] if foreign(s) and len(s["pathComponents"]) == 1}
graph["symbols"] = [
    s for s in graph["symbols"]
    if not foreign(s) and not (len(s["pathComponents"]) > 1 and s["pathComponents"][0] in dropped
                               and source.endswith(f"/{module}.symbols.json"))
]
kept = {s["identifier"]["precise"] for s in graph["symbols"]}
graph["relationships"] = [r for r in graph["relationships"] if r["source"] in kept]
json.dump(graph, open(target, "w", encoding="utf-8"))
PY
  done
  # Every public symbol has a doc comment, and the landing page curates every top-level symbol.
  scripts/check-doc-coverage.py "$graphs/$module" --module "$module" --landing "$catalog/$module.md"
  docc convert "$catalog" \
    --additional-symbol-graph-dir "$graphs/$module" \
    --fallback-display-name "$module" --fallback-bundle-identifier "$module" \
    --warnings-as-errors \
    --output-path ".build-docs/$module.doccarchive"
  echo "documentation: .build-docs/$module.doccarchive"
done
