/*
 * dck_debug.c — the debug live counters (dck_debug.h), and the functions of dck.h that read them.
 */
#include "dck_debug.h"

#include "dck.h"

#ifdef DCK_DEBUG
dck_atomic_i64_t dck_debug_counter_trie_nodes;
dck_atomic_i64_t dck_debug_counter_trie_values;
dck_atomic_i64_t dck_debug_counter_cache_values;
dck_atomic_i64_t dck_debug_counter_caches;
dck_atomic_i64_t dck_debug_counter_threads;
dck_atomic_i64_t dck_debug_counter_fold_races;
dck_atomic_i64_t dck_debug_counter_spare_scopes;
#define DCK_DEBUG_READ(counter) return dck_counter_load(&(counter))
#else
#define DCK_DEBUG_READ(counter) return -1
#endif

int64_t dck_debug_live_trie_nodes(void) {
  DCK_DEBUG_READ(dck_debug_counter_trie_nodes);
}

int64_t dck_debug_live_trie_values(void) {
  DCK_DEBUG_READ(dck_debug_counter_trie_values);
}

int64_t dck_debug_live_caches(void) {
  DCK_DEBUG_READ(dck_debug_counter_caches);
}

int64_t dck_debug_live_cache_values(void) {
  DCK_DEBUG_READ(dck_debug_counter_cache_values);
}

int64_t dck_debug_live_spare_scopes(void) {
  DCK_DEBUG_READ(dck_debug_counter_spare_scopes);
}

int64_t dck_debug_live_thread_blocks(void) {
  DCK_DEBUG_READ(dck_debug_counter_threads);
}

int64_t dck_debug_fold_races(void) {
  DCK_DEBUG_READ(dck_debug_counter_fold_races);
}
