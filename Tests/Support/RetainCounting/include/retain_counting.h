#ifndef RETAIN_COUNTING_H
#define RETAIN_COUNTING_H

#include <stdint.h>

/**
 * Runs `body(context)` and returns how many Swift objects it retained on the calling thread
 * (swift_retain and swift_retain_n of a real object). For the test that a dependency read writes
 * no shared reference count. Test-only: see retain_counting.c.
 */
int64_t retain_counting_run(void (*body)(void *context), void *context);

#endif
