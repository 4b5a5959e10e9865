#!/usr/bin/env bash
# Fails when Swift code references a scope weakly other than through `_WeakScope`
# (Sources/Dependencies/Scope/WeakScope.swift): a weak reference to a scope must mark it first,
# or the thread that ends the scope may use its object again for another scope while the weak
# reference still loads it. Run by `make lint`.
set -euo pipefail
cd "$(dirname "$0")/.."

pattern='weak[[:space:]]+(var|let)[[:space:]]+[A-Za-z_][A-Za-z0-9_]*[[:space:]]*:[[:space:]]*_(Value)?Scope\b'
if found=$(grep -rnE "$pattern" Sources --include='*.swift' | grep -v '^Sources/Dependencies/Scope/WeakScope.swift:'); then
  echo "A scope is referenced weakly without _WeakScope (which keeps it from being used again):" >&2
  echo "$found" >&2
  exit 1
fi
echo "Weak references to scopes: only through _WeakScope"
