/*
 * dck_atomic.h — every atomic operation of the C core, in one place.
 *
 * The core uses Concurrency Kit's `ck_pr` operations. They are inline assembly, which ThreadSanitizer
 * cannot see: a TSan build would report false races on every reference count and every published
 * pointer. So when the translation unit is compiled with ThreadSanitizer, the same operations map to
 * C11 <stdatomic.h>, which TSan understands. Nothing else in the core may touch an atomic directly.
 *
 * Types:
 *   dck_atomic_u32_t   a 32-bit counter (node reference counts);
 *   dck_atomic_i64_t   a 64-bit signed counter (debug live counters);
 *   dck_atomic_ptr_t   a pointer published by one thread and read by others;
 *   dck_atomic_u64_t   a 64-bit word written rarely, under a lock, and read by every reader (a
 *                      cache's id).
 *
 * Orderings (the reason for each is at the use site):
 *   dck_counter_*          relaxed: counters and id generators order nothing but themselves.
 *   dck_rc_increment       relaxed: taking a new reference needs an existing one, which already
 *                          orders the increment after the object's initialisation.
 *   dck_rc_decrement_is_zero
 *                          release on the decrement, acquire when it reaches zero: every write made
 *                          through any reference happens before the free done by the last releaser.
 *   dck_ptr_init           no ordering: a slot of an object not yet shared (its publication, by
 *                          other means, orders the write).
 *   dck_ptr_store_release / dck_ptr_load_acquire
 *                          a writer initialises an object, then publishes its pointer; a reader that
 *                          sees the pointer also sees the initialised contents. Both are full
 *                          release/acquire operations on every architecture (with ck_pr: a release
 *                          fence, which orders earlier loads and stores, before a plain store; a plain
 *                          load followed by an acquire fence), never the weaker store-store/load-load
 *                          fences, so the build that ships and the C11 build that ThreadSanitizer
 *                          checks are the same program.
 *   dck_ptr_cas_release    a pointer set once (compare-and-swap from NULL), read with
 *                          dck_ptr_load_acquire: as dck_ptr_store_release, for a slot that only one
 *                          of several racing writers may set.
 *   dck_u32_load_acquire / dck_u32_cas_release
 *                          a 32-bit word set once (compare-and-swap from an initial value) and read
 *                          by others: what was written before the swap is visible to a reader that
 *                          sees the new word.
 *   dck_u64_load_relaxed / dck_u64_store_release
 *                          a word on the hottest read path (the cache's per-thread memo check): the
 *                          load is a plain load, with no fence and no compiler barrier (unlike
 *                          ck_pr's asm loads, which clobber memory), so that making the word atomic
 *                          costs that path nothing. A reader that must see what was written before
 *                          a new word pairs the load with a later full fence (see P6 in
 *                          dck_cache.c).
 *
 * All operations are wait-free.
 */
#ifndef DCK_ATOMIC_H
#define DCK_ATOMIC_H

#include <stdbool.h>
#include <stdint.h>

#include "dck_tsan.h"

#if DCK_TSAN
/* ---------------------------------------------------------------- C11 atomics (ThreadSanitizer) -- */
#include <stdatomic.h>

typedef _Atomic(uint32_t) dck_atomic_u32_t;
typedef _Atomic(int64_t) dck_atomic_i64_t;
typedef _Atomic(void *) dck_atomic_ptr_t;
typedef _Atomic(uint64_t) dck_atomic_u64_t;

static inline void dck_rc_init(dck_atomic_u32_t *rc, uint32_t value) {
  atomic_init(rc, value);
}
static inline uint32_t dck_rc_load(const dck_atomic_u32_t *rc) {
  return atomic_load_explicit((dck_atomic_u32_t *)rc, memory_order_relaxed);
}
static inline void dck_rc_increment(dck_atomic_u32_t *rc) {
  atomic_fetch_add_explicit(rc, 1, memory_order_relaxed);
}
static inline bool dck_rc_decrement_is_zero(dck_atomic_u32_t *rc) {
  if (atomic_fetch_sub_explicit(rc, 1, memory_order_release) == 1) {
    atomic_thread_fence(memory_order_acquire);
    return true;
  }
  return false;
}
static inline void dck_counter_add(dck_atomic_i64_t *counter, int64_t delta) {
  atomic_fetch_add_explicit(counter, delta, memory_order_relaxed);
}
static inline int64_t dck_counter_load(const dck_atomic_i64_t *counter) {
  return atomic_load_explicit((dck_atomic_i64_t *)counter, memory_order_relaxed);
}
static inline int64_t dck_counter_fetch_add(dck_atomic_i64_t *counter, int64_t delta) {
  return atomic_fetch_add_explicit(counter, delta, memory_order_relaxed);
}
static inline void dck_ptr_init(dck_atomic_ptr_t *slot, void *value) {
  atomic_init(slot, value);
}
static inline void dck_ptr_store_release(dck_atomic_ptr_t *slot, void *value) {
  atomic_store_explicit(slot, value, memory_order_release);
}
static inline void *dck_ptr_load_acquire(const dck_atomic_ptr_t *slot) {
  return atomic_load_explicit((dck_atomic_ptr_t *)slot, memory_order_acquire);
}
static inline void *dck_ptr_load_relaxed(const dck_atomic_ptr_t *slot) {
  return atomic_load_explicit((dck_atomic_ptr_t *)slot, memory_order_relaxed);
}
static inline bool dck_ptr_cas_release(dck_atomic_ptr_t *slot, void *expected, void *desired) {
  return atomic_compare_exchange_strong_explicit(slot, &expected, desired, memory_order_release,
                                                 memory_order_relaxed);
}
static inline uint32_t dck_u32_load_acquire(const dck_atomic_u32_t *word) {
  return atomic_load_explicit((dck_atomic_u32_t *)word, memory_order_acquire);
}
static inline bool dck_u32_cas_release(dck_atomic_u32_t *word, uint32_t expected, uint32_t desired) {
  return atomic_compare_exchange_strong_explicit(word, &expected, desired, memory_order_release,
                                                 memory_order_relaxed);
}
static inline void dck_u64_init(dck_atomic_u64_t *word, uint64_t value) {
  atomic_init(word, value);
}
static inline uint64_t dck_u64_load_relaxed(const dck_atomic_u64_t *word) {
  return atomic_load_explicit((dck_atomic_u64_t *)word, memory_order_relaxed);
}
static inline void dck_u64_store_release(dck_atomic_u64_t *word, uint64_t value) {
  atomic_store_explicit(word, value, memory_order_release);
}

#else
/* ---------------------------------------------------------------------- Concurrency Kit ck_pr -- */
#include <ck_pr.h>

typedef uint32_t dck_atomic_u32_t;
typedef int64_t dck_atomic_i64_t;
typedef void *dck_atomic_ptr_t;
typedef uint64_t dck_atomic_u64_t;

static inline void dck_rc_init(dck_atomic_u32_t *rc, uint32_t value) {
  *rc = value; /* not yet shared: the pointer is published later, with release ordering */
}
static inline uint32_t dck_rc_load(const dck_atomic_u32_t *rc) {
  return ck_pr_load_32(rc);
}
static inline void dck_rc_increment(dck_atomic_u32_t *rc) {
  ck_pr_inc_32(rc);
}
static inline bool dck_rc_decrement_is_zero(dck_atomic_u32_t *rc) {
  bool zero;
  /* Orders every earlier access through this reference before the decrement ... */
  ck_pr_fence_release();
  ck_pr_dec_32_zero(rc, &zero);
  if (zero) {
    /* ... and the freeing thread's accesses after every other thread's decrement. */
    ck_pr_fence_acquire();
  }
  return zero;
}
static inline void dck_counter_add(dck_atomic_i64_t *counter, int64_t delta) {
  ck_pr_add_64((uint64_t *)counter, (uint64_t)delta);
}
static inline int64_t dck_counter_load(const dck_atomic_i64_t *counter) {
  return (int64_t)ck_pr_load_64((const uint64_t *)counter);
}
static inline int64_t dck_counter_fetch_add(dck_atomic_i64_t *counter, int64_t delta) {
  return (int64_t)ck_pr_faa_64((uint64_t *)counter, (uint64_t)delta);
}
static inline void dck_ptr_init(dck_atomic_ptr_t *slot, void *value) {
  *slot = value; /* not yet shared: the pointer is published later, by other means */
}
static inline void dck_ptr_store_release(dck_atomic_ptr_t *slot, void *value) {
  /* Orders every earlier load and store (the initialisation of *value among them) before the store
     that makes it reachable: a release store. ck_pr_fence_store would order earlier stores only. */
  ck_pr_fence_release();
  ck_pr_store_ptr(slot, value);
}
static inline void *dck_ptr_load_acquire(const dck_atomic_ptr_t *slot) {
  void *value = ck_pr_load_ptr(slot);
  /* Orders the load of the pointer before every later load and store (those through it among
     them): an acquire load, pairing with dck_ptr_store_release. */
  ck_pr_fence_acquire();
  return value;
}
static inline void *dck_ptr_load_relaxed(const dck_atomic_ptr_t *slot) {
  return ck_pr_load_ptr(slot);
}
static inline bool dck_ptr_cas_release(dck_atomic_ptr_t *slot, void *expected, void *desired) {
  ck_pr_fence_release(); /* orders what was written before the swap before the swap itself */
  return ck_pr_cas_ptr(slot, expected, desired);
}
static inline uint32_t dck_u32_load_acquire(const dck_atomic_u32_t *word) {
  uint32_t value = ck_pr_load_32(word);
  ck_pr_fence_acquire(); /* pairs with the release fence of dck_u32_cas_release */
  return value;
}
static inline bool dck_u32_cas_release(dck_atomic_u32_t *word, uint32_t expected, uint32_t desired) {
  ck_pr_fence_release(); /* orders what was written before the swap before the swap itself */
  return ck_pr_cas_32(word, expected, desired);
}
static inline void dck_u64_init(dck_atomic_u64_t *word, uint64_t value) {
  *word = value; /* not yet shared */
}
static inline uint64_t dck_u64_load_relaxed(const dck_atomic_u64_t *word) {
  /* The compiler's relaxed atomic load: one plain, untorn load on every 64-bit target, which the
     compiler may schedule freely around the surrounding plain loads (ck_pr_load_64 is asm with a
     memory clobber, a compiler barrier). */
  return __atomic_load_n(word, __ATOMIC_RELAXED);
}
static inline void dck_u64_store_release(dck_atomic_u64_t *word, uint64_t value) {
  ck_pr_fence_release(); /* orders every earlier load and store before the store: a release store */
  ck_pr_store_64(word, value);
}
#endif

#endif /* DCK_ATOMIC_H */
