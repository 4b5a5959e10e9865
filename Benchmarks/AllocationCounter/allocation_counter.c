/*
 * allocation_counter.c — see allocation_counter.h. Linux/glibc only: elsewhere nothing is replaced
 * and bench_allocations_supported() returns 0.
 */
#include "allocation_counter.h"

#if defined(__linux__) && defined(__GLIBC__)
#include <errno.h>
#include <stddef.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);

static _Thread_local bench_allocations_t counted;

static inline void count(size_t size) {
  counted.count += 1;
  counted.bytes += size;
}

void *malloc(size_t size) {
  count(size);
  return __libc_malloc(size);
}

void *calloc(size_t n, size_t size) {
  count(n * size);
  return __libc_calloc(n, size);
}

void *realloc(void *pointer, size_t size) {
  count(size);
  return __libc_realloc(pointer, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
  count(size);
  return __libc_memalign(alignment, size);
}

void *memalign(size_t alignment, size_t size) {
  count(size);
  return __libc_memalign(alignment, size);
}

int posix_memalign(void **out, size_t alignment, size_t size) {
  if (alignment < sizeof(void *) || (alignment & (alignment - 1)) != 0) return EINVAL;
  count(size);
  void *pointer = __libc_memalign(alignment, size);
  if (pointer == NULL) return ENOMEM;
  *out = pointer;
  return 0;
}

bench_allocations_t bench_allocations_current(void) { return counted; }
int bench_allocations_supported(void) { return 1; }

#else
bench_allocations_t bench_allocations_current(void) {
  bench_allocations_t none = {0, 0};
  return none;
}
int bench_allocations_supported(void) { return 0; }
#endif
