/*
 * callgrind_samples.c — see callgrind_samples.h. Uses valgrind's client requests (a special
 * instruction sequence that valgrind recognises and a CPU runs as a no-op) when the header
 * <valgrind/callgrind.h> exists at build time (Debian: package valgrind).
 */
#include "callgrind_samples.h"

#if defined(__has_include)
#if __has_include(<valgrind/callgrind.h>)
#include <stdio.h>
#include <valgrind/callgrind.h>
#define BENCH_HAVE_CALLGRIND 1
#endif
#endif

#ifdef BENCH_HAVE_CALLGRIND

void bench_callgrind_sample_begin(void) { CALLGRIND_TOGGLE_COLLECT; }

void bench_callgrind_sample_end(long number) {
  CALLGRIND_TOGGLE_COLLECT;
  char name[32];
  snprintf(name, sizeof name, "sample %ld", number);
  CALLGRIND_DUMP_STATS_AT(name);
}

int bench_callgrind_samples_supported(void) { return 1; }

#else

void bench_callgrind_sample_begin(void) {}

void bench_callgrind_sample_end(long number) { (void)number; }

int bench_callgrind_samples_supported(void) { return 0; }

#endif
