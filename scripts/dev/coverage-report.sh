#!/usr/bin/env bash
# Prints line, function and region coverage of the C core (CSupport/) and the Swift sources (Sources/) from a
# `swift test --enable-code-coverage` run. Usage: scripts/dev/coverage-report.sh [SCRATCH_PATH]
set -euo pipefail
cd "$(dirname "$0")/../.."
scratch="${1:-.build}"
bin=$(find "$scratch" -path '*debug/*PackageTests.xctest' -type f | head -n 1)
profdata=$(find "$scratch" -path '*debug/codecov/default.profdata' | head -n 1)
if [ -z "$bin" ] || [ -z "$profdata" ]; then
  echo "no coverage data under $scratch: run 'swift test --enable-code-coverage' first" >&2
  exit 1
fi
# The toolchain's llvm-cov matches the profile format its compiler writes.
llvm_cov="$(dirname "$(readlink -f "$(command -v swift)")")/llvm-cov"
[ -x "$llvm_cov" ] || llvm_cov=llvm-cov
# Totals per folder, summed over the files under it from llvm-cov's JSON summary. A folder with no
# file in the profile fails: C targets are instrumented only when built with
# -fprofile-instr-generate -fcoverage-mapping, which `make coverage` passes.
"$llvm_cov" export "$bin" -instr-profile="$profdata" -summary-only |
  python3 -c '
import json, sys
root = sys.argv[1]
files = json.load(sys.stdin)["data"][0]["files"]
for folder in ("CSupport", "Sources"):
    prefix = f"{root}/{folder}/"
    mine = [f["summary"] for f in files if f["filename"].startswith(prefix)]
    if not mine:
        sys.exit(f"no coverage data for {folder}/: was it built with coverage instrumentation?")
    def percent(kind):
        covered = sum(s[kind]["covered"] for s in mine)
        count = sum(s[kind]["count"] for s in mine)
        return f"{100 * covered / count:.2f} % of {count}" if count else "-"
    lines, functions, regions = (percent(kind) for kind in ("lines", "functions", "regions"))
    print(f"== {folder}/ ({len(mine)} files): lines {lines}, functions {functions}, "
          f"regions {regions}")
' "$PWD"
