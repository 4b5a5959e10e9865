/*
 * dck_values.c — the registered value callbacks.
 *
 * The callbacks are set once, before any value is stored, and read on every retain and release. They
 * are published with release ordering and read with acquire ordering, so a thread that stores a value
 * after registration (which it must, to have a value at all) sees the callbacks.
 */
#include "dck_values.h"

#include "dck_atomic.h"
#include "dck_debug.h"

#include <stdio.h>
#include <stdlib.h>

static dck_atomic_ptr_t retain_callback;
static dck_atomic_ptr_t release_callback;
static dck_atomic_ptr_t stand_in_callback;

#ifdef DCK_DEBUG
/* The live counter of each owner's values. */
static dck_atomic_i64_t *const live_values[] = {
    [DCK_VALUE_OWNER_TRIE] = &dck_debug_counter_trie_values,
    [DCK_VALUE_OWNER_CACHE] = &dck_debug_counter_cache_values,
};
#endif

void dck_values_set_callbacks(dck_value_callback_t retain, dck_value_callback_t release) {
  /* Function pointers travel as data pointers: POSIX guarantees the conversion round-trips. */
  dck_ptr_store_release(&retain_callback, (void *)retain);
  dck_ptr_store_release(&release_callback, (void *)release);
}

void dck_values_set_stand_in_callback(dck_value_stand_in_callback_t make_stand_in) {
  dck_ptr_store_release(&stand_in_callback, (void *)make_stand_in);
}

void *dck_value_make_stand_in(void *owner, dck_value_owner_t holder) {
  void *callback = dck_ptr_load_acquire(&stand_in_callback);
  if (callback == NULL) {
    fprintf(stderr, "swift-dependencies: internal error: an own value was stored before "
                    "dck_values_set_stand_in_callback registered how to stand in for it\n");
    abort();
  }
  void *stand_in = ((dck_value_stand_in_callback_t)callback)(owner);
  dck_value_adopt(holder);
  return stand_in;
}

static dck_value_callback_t load_callback(const dck_atomic_ptr_t *slot) {
  void *callback = dck_ptr_load_acquire(slot);
  if (callback == NULL) {
    fprintf(stderr, "swift-dependencies: internal error: a value was stored before "
                    "dck_values_set_callbacks registered how to retain and release it\n");
    abort();
  }
  return (dck_value_callback_t)callback;
}

void dck_value_retain(void *value, dck_value_owner_t owner) {
  load_callback(&retain_callback)(value);
  dck_value_adopt(owner);
}

void dck_value_retain_uncounted(void *object) {
  load_callback(&retain_callback)(object);
}

void dck_value_release_uncounted(void *object) {
  load_callback(&release_callback)(object);
}

void dck_value_adopt(dck_value_owner_t owner) {
  (void)owner;
  DCK_DEBUG_COUNT(*live_values[owner], 1);
}

void dck_value_release(void *value, dck_value_owner_t owner) {
  (void)owner;
  DCK_DEBUG_COUNT(*live_values[owner], -1);
  load_callback(&release_callback)(value);
}
