#!/usr/bin/env bash
# Prints line coverage of the C core (CSupport/) and the Swift sources (Sources/) from a
# `swift test --enable-code-coverage` run. Usage: scripts/coverage-report.sh [SCRATCH_PATH]
set -euo pipefail
cd "$(dirname "$0")/.."
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
for folder in CSupport Sources; do
  echo "== $folder/"
  "$llvm_cov" report "$bin" -instr-profile="$profdata" \
    -ignore-filename-regex='(\.build|Tests|Benchmarks|Fuzz|Examples|IntegrationTests)/' \
    "$PWD/$folder" | tail -n 1
done
