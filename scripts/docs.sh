#!/usr/bin/env bash
# Builds the DocC catalog of the Dependencies module offline, with warnings (broken symbol links,
# unresolved articles) as errors, after checking with the same symbol graphs that every public
# symbol is documented and curated (scripts/check-doc-coverage.py).
# Output: .build-docs/Dependencies.doccarchive
set -euo pipefail
cd "$(dirname "$0")/.."

graphs=$(mktemp -d)
trap 'rm -rf "$graphs"' EXIT
swift build --scratch-path .build-docs --target Dependencies \
  -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$graphs/all" \
  -Xswiftc -emit-extension-block-symbols
mkdir -p "$graphs/dependencies"
# Only the module's own graph (and its extensions of other modules); other modules' graphs would add
# their re-exported copies of the same symbols.
cp "$graphs"/all/Dependencies.symbols.json "$graphs"/all/Dependencies@*.symbols.json \
  "$graphs/dependencies/" 2>/dev/null || cp "$graphs"/all/Dependencies.symbols.json "$graphs/dependencies/"
# Every public symbol has a doc comment, and the landing page curates every top-level symbol.
scripts/check-doc-coverage.py "$graphs/dependencies" --module Dependencies \
  --landing Sources/Dependencies/Documentation.docc/Dependencies.md
docc convert Sources/Dependencies/Documentation.docc \
  --additional-symbol-graph-dir "$graphs/dependencies" \
  --fallback-display-name Dependencies --fallback-bundle-identifier Dependencies \
  --warnings-as-errors \
  --output-path .build-docs/Dependencies.doccarchive
echo "documentation: .build-docs/Dependencies.doccarchive"
