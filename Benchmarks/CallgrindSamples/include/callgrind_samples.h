/*
 * callgrind_samples.h — marks the benchmark's timed samples for callgrind (benchmarks only).
 *
 * Under `valgrind --tool=callgrind --collect-atstart=no`, the instructions between
 * bench_callgrind_sample_begin() and bench_callgrind_sample_end(n) are counted, on the calling
 * thread only, and written out as a dump named "sample n" (callgrind.out.<pid>.<k>, in order).
 * Outside valgrind both are a few instructions that do nothing; where valgrind's header is missing
 * at build time they are empty and bench_callgrind_samples_supported() returns 0.
 */
#ifndef CALLGRIND_SAMPLES_H
#define CALLGRIND_SAMPLES_H

/** Starts counting the calling thread's instructions (with collection off at start). */
void bench_callgrind_sample_begin(void);

/** Stops counting and dumps what was counted since the last dump, named "sample <number>". */
void bench_callgrind_sample_end(long number);

/** 1 when built with valgrind's callgrind.h, 0 when the markers are empty. */
int bench_callgrind_samples_supported(void);

#endif
