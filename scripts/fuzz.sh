#!/usr/bin/env bash
# Builds the libFuzzer targets of the C core (Fuzz/*_fuzz.c) and runs each for SECONDS (default 60).
#
#   scripts/fuzz.sh [--update-corpus] [SECONDS]
#
# Each target is compiled straight from CSupport/src/*.c (except dck_object.c, dck_spare_scopes.c
# and dck_task.c, which call the Swift runtime) with DCK_DEBUG (live counters, invariant
# checker) and AddressSanitizer + UndefinedBehaviorSanitizer (any UB aborts), into .build-fuzz/.
# It starts from the committed seeds in Fuzz/corpus/<target>/ (read-only) and a working corpus in
# .build-fuzz/corpus/<target>/ that persists between runs. A crash, a failed model check, a leak,
# a timeout or an out-of-memory stops the run, leaves the input in fuzz-artifacts/, and makes this
# script exit nonzero.
#
# --update-corpus: after fuzzing, minimises (libFuzzer's set-cover merge) the seeds plus everything
# found into a fresh Fuzz/corpus/<target>/, ready to commit; the hand-written seed-* files stay.
#
# Needs clang with libFuzzer (the Swift toolchain's clang has it; otherwise install Debian's
# libclang-rt-<version>-dev) and Concurrency Kit (installed by scripts/ensure-libck.sh).
set -euo pipefail
cd "$(dirname "$0")/.."

update_corpus=false
if [ "${1:-}" = "--update-corpus" ]; then
  update_corpus=true
  shift
fi
seconds="${1:-60}"
case "$seconds" in
  '' | *[!0-9]*) echo "usage: scripts/fuzz.sh [--update-corpus] [SECONDS]" >&2; exit 2 ;;
esac

scripts/ensure-libck.sh

CLANG="${CLANG:-clang}"
build=.build-fuzz
artifacts=fuzz-artifacts
mkdir -p "$build" "$artifacts"

linker=()
if command -v ld.lld >/dev/null; then
  linker=(-fuse-ld=lld) # GNU gold prints pages of warnings about ASan's local symbols
fi
sanitizers=(-fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined)

# libFuzzer's runtime ships with clang's compiler-rt; say clearly when it is missing.
probe="$build/probe.c"
printf 'int LLVMFuzzerTestOneInput(const unsigned char *d, unsigned long n) { (void)d; (void)n; return 0; }\n' >"$probe"
if ! "$CLANG" "${sanitizers[@]}" "${linker[@]}" "$probe" -o "$build/probe" 2>"$build/probe.log"; then
  cat "$build/probe.log" >&2
  echo "fuzz: $CLANG cannot link -fsanitize=fuzzer,address,undefined: libFuzzer's runtime is" \
    "missing (on Debian/Ubuntu: apt-get install libclang-rt-<clang major version>-dev)." >&2
  exit 1
fi

export ASAN_OPTIONS="${ASAN_OPTIONS:-abort_on_error=1:detect_leaks=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"

# The core's sources, but dck_object.c, dck_spare_scopes.c and dck_task.c: they call the Swift
# runtime, which the targets do not link (and nothing else in the core calls them).
core_sources=()
for f in CSupport/src/*.c; do
  case $f in
    */dck_object.c | */dck_spare_scopes.c | */dck_task.c) ;;
    *) core_sources+=("$f") ;;
  esac
done

status=0
for target in trie cache; do
  binary="$build/${target}_fuzz"
  echo "=== fuzz: building $binary"
  "$CLANG" -g -O1 -DDCK_DEBUG -std=c11 -Wall -Wextra -Werror -ICSupport/include "${sanitizers[@]}" \
    -fsanitize-coverage-ignorelist=Fuzz/coverage-ignorelist.txt "${linker[@]}" \
    "Fuzz/${target}_fuzz.c" "${core_sources[@]}" -lck -lpthread -o "$binary"

  seeds="Fuzz/corpus/$target"
  working="$build/corpus/$target"
  mkdir -p "$seeds" "$working"
  log="$build/${target}_fuzz.log"
  echo "=== fuzz: running $target for ${seconds}s (seeds: $(find "$seeds" -type f | wc -l) files)"
  start=$(date +%s)
  set +e
  "$binary" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=4096 \
    -print_final_stats=1 -artifact_prefix="$artifacts/${target}-" "$working" "$seeds" >"$log" 2>&1
  code=$?
  set -e
  executions=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
  echo "fuzz: $target: ${executions:-?} executions in $(($(date +%s) - start))s" \
    "(${rate:-?}/s), working corpus $(find "$working" -type f | wc -l) files, exit code $code"
  if [ "$code" -ne 0 ]; then
    echo "fuzz: $target FAILED; the end of its log ($log):" >&2
    tail -60 "$log" >&2
    ls -1 "$artifacts/${target}-"* 2>/dev/null | sed 's/^/fuzz: reproducer: /' >&2 || true
    status=1
    continue
  fi

  if $update_corpus; then
    # A set-cover merge keeps every feature with the fewest files (plain -merge=1 keeps two to three
    # times as many). The hand-written seeds (seed-*) stay, under their names.
    merged="$build/merged/$target"
    rm -rf "$merged"
    mkdir -p "$merged"
    "$binary" -set_cover_merge=1 -max_len=4096 "$merged" "$seeds" "$working" \
      >"$build/${target}_merge.log" 2>&1
    for seed in "$seeds"/seed-*; do
      [ -f "$seed" ] || continue
      rm -f "$merged/$(sha1sum "$seed" | cut -d' ' -f1)"
      cp "$seed" "$merged/"
    done
    rm -rf "$seeds"
    mv "$merged" "$seeds"
    echo "fuzz: $target: corpus minimised into $seeds ($(find "$seeds" -type f | wc -l) files)"
  fi
done

rm -f "$probe" "$build/probe" "$build/probe.log"
exit "$status"
