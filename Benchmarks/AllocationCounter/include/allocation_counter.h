/*
 * allocation_counter.h — counts heap allocations made by the calling thread (benchmarks only).
 *
 * The benchmark executable defines malloc, calloc, realloc, aligned_alloc and posix_memalign, which
 * take precedence over the C library's for the whole process (the Swift runtime allocates through
 * them), count the call and its size in thread-local counters, and forward to glibc's __libc_*
 * functions. Thread-local counters keep the counting off every shared cache line, so concurrent
 * benchmarks are not disturbed.
 */
#ifndef ALLOCATION_COUNTER_H
#define ALLOCATION_COUNTER_H

#include <stdint.h>

typedef struct bench_allocations {
  uint64_t count; /* allocations made */
  uint64_t bytes; /* bytes requested by them */
} bench_allocations_t;

/** The calling thread's allocations since it started. */
bench_allocations_t bench_allocations_current(void);

/** 1 when allocations are being counted (glibc), 0 when this platform forwards nothing. */
int bench_allocations_supported(void);

#endif
