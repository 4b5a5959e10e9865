/*
 * dck_debug.h — the core's live counters, kept in debug builds only (private).
 *
 * Each counter counts the live objects of one kind (trie nodes, the values tries and caches hold,
 * caches, per-thread blocks, kept spare scopes) or the events of one kind (folds that lost a race):
 * the file that makes or frees the object adds to it with DCK_DEBUG_COUNT, and the tests and fuzzers
 * read it through the dck_debug_* functions of dck.h (dck_debug.c), -1 in a release build, where
 * DCK_DEBUG_COUNT compiles to nothing. Relaxed (dck_counter_*): a counter orders nothing but itself.
 */
#ifndef DCK_DEBUG_H
#define DCK_DEBUG_H

#include "dck_atomic.h"

#ifdef DCK_DEBUG
extern dck_atomic_i64_t dck_debug_counter_trie_nodes;   /* dck_trie_canonical.c, dck_trie_overlay.c */
extern dck_atomic_i64_t dck_debug_counter_trie_values;  /* values tries hold (dck_values.c) */
extern dck_atomic_i64_t dck_debug_counter_cache_values; /* values caches hold (dck_values.c) */
extern dck_atomic_i64_t dck_debug_counter_caches;       /* dck_cache.c */
extern dck_atomic_i64_t dck_debug_counter_threads;      /* per-thread blocks (dck_thread.c) */
extern dck_atomic_i64_t dck_debug_counter_fold_races;   /* folds that lost (dck_trie_overlay.c) */
extern dck_atomic_i64_t dck_debug_counter_spare_scopes; /* kept by threads (dck_spare_scopes.c) */
/** Adds `delta` to a debug counter. */
#define DCK_DEBUG_COUNT(counter, delta) dck_counter_add(&(counter), (delta))
#else
#define DCK_DEBUG_COUNT(counter, delta) ((void)0)
#endif

#endif /* DCK_DEBUG_H */
