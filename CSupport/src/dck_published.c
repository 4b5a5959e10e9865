/*
 * dck_published.c — a pointer set once and then read by any thread.
 *
 * The Swift façade sets some pointers once, on the first read of the process (the identity of its
 * task-local, the address of its root values), and every later read loads them. A slot starts NULL;
 * the first writer to compare-and-swap it wins and later writers change nothing. Readers load it
 * with acquire ordering, pairing with the writer's release, so whatever the published object holds
 * was written before a reader can see it. A reader never writes: many threads reading one slot
 * share its cache line without contention.
 *
 * A slot belongs to the caller (an immortal Swift object holds it, or the façade's two process-wide
 * slots, dck_facade.c); the core only touches it through dck_published_set (lock-free: one CAS, never
 * retried) and the inline dck_published_get in dck_runtime.h (wait-free: one load).
 */
#include "dck_runtime.h"
#include "dck_atomic.h"

bool dck_published_set(void **slot, void *value) {
  return dck_ptr_cas_release((dck_atomic_ptr_t *)slot, NULL, value);
}
