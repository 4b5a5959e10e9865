/*
 * cache_fuzz.c — libFuzzer target for the live-value cache (dck_cache_*), on one thread.
 *
 * The input is a program over a few cache slots (each NULL or one live cache with a model: the
 * value cached for every (key, context) of small pools, NULL = none):
 *
 *   create   slot                    (destroys what the slot held first)
 *   destroy  slot
 *   retire   slot                    (dck_cache_retire; also from inside a computation of the slot)
 *   get      slot, key, context
 *   compute  slot, key, context, how (dck_cache_get_or_compute)
 *   put      slot, key, context, value
 *   replace  slot, key, context, value (dck_cache_replace_computed)
 *   reset    slot                    (dck_cache_reset; also from inside a computation of the slot)
 *   fill     slot, first, n          (get_or_compute of n entries in a row: grows the table)
 *   drop     value                   (the fuzzer gives back its own reference)
 *   attach   value, slot             (the value takes over the slot's cache and destroys it when the
 *                                     value dies: a destroy inside the core's release callback)
 *
 * A compute callback is itself driven by the input: it runs up to three nested actions (get, put,
 * get_or_compute of any key, including its own key, which must report CYCLE, or a key whose
 * computation is further out on the stack, likewise; create and destroy of caches that are not
 * computing), then returns a new value, an existing value retained, or NULL.
 *
 * Checked against the model on every call: the status (FOUND with the cached value and without
 * calling compute; CYCLE for a key being computed; COMPUTED / NOT_COMPUTED after exactly one call
 * of compute; INSERTED / EXISTS for put; RETIRED, without computing, for every get_or_compute and put
 * of a retired cache, while a computation that started before the retirement still returns
 * COMPUTED and its value, which no get finds; REPLACED for a replace of a computed value, EXISTS for
 * one of a put value or a pending entry, as put otherwise), the returned value, and after every step
 * (and every nested action) dck_cache_get of every key and context of every cache (nothing, once
 * retired or reset: the model is emptied; after a replacement, the new value, also on the thread
 * whose memo held the old one), dck_cache_count, the core's live cache and cache-value counters
 * against what the fuzzer's values say (a retired or reset cache still holds its values, and a
 * cache holds the values it replaced). A computation running when its cache is reset still returns
 * COMPUTED and its value, which no get finds, and a computation of its key after the reset is a new
 * one, not a cycle.
 *
 * Operation bytes: the step and nested-action choices take the byte modulo their number of choices,
 * except that bytes 0xF0 to 0xFF choose retire, 0xE0 to 0xE7 replace and 0xE8 to 0xEF reset (added
 * later: the other choices keep their other bytes; committed inputs with bytes 0xE0 to 0xEF in
 * those positions now replace or reset instead).
 *
 * At the end every cache is destroyed and the fuzzer's own value references given back; then
 * dck_debug_live_caches() and dck_debug_live_cache_values() must be 0 and every value must have
 * reached refcount 0 exactly once.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "dck.h"
#include "fuzz_support.h"

#define SLOT_COUNT 3
#define KEY_COUNT 16
#define CONTEXT_COUNT 4
#define MAX_DEPTH 6
#define MAX_NESTED_ACTIONS 3

/* Keys that are 0, all ones, neighbours and multiples of the per-thread memo's size (64). */
static const uintptr_t key_pool[KEY_COUNT] = {
    0,          1,          2,           3,           64,          65,
    128,        4096,       0x7fffffff,  0x80000000,  UINTPTR_MAX, UINTPTR_MAX - 63,
    0x100000000, 0xdeadbeef, 0x123456789, 0xfffffffff,
};
static const uint32_t context_pool[CONTEXT_COUNT] = {0, 1, 2, UINT32_MAX};

/* Values a cache holds that no entry of its table does: replaced, or set aside by a reset. */
#define MAX_SET_ASIDE (KEY_COUNT * CONTEXT_COUNT * 4)

typedef struct slot {
  dck_cache_t *cache; /* NULL: no cache */
  bool retired;
  unsigned generation; /* resets so far: a computation that started before one is not pending now */
  fz_value_t *model[KEY_COUNT][CONTEXT_COUNT]; /* what get must find */
  bool put[KEY_COUNT][CONTEXT_COUNT];          /* the model's value was put, not computed */
  fz_value_t *holds[KEY_COUNT][CONTEXT_COUNT]; /* what the cache holds: the model, and once retired
                                                  the values it still keeps */
  fz_value_t *set_aside[MAX_SET_ASIDE];        /* what it holds besides (replaced, reset) */
  int set_aside_count;
} slot_t;

/* A step or nested-action choice: RETIRE_CHOICE for bytes 0xF0 to 0xFF, REPLACE_CHOICE for 0xE0 to
   0xE7, RESET_CHOICE for 0xE8 to 0xEF, the byte modulo `n` otherwise. */
#define RETIRE_CHOICE (-1)
#define REPLACE_CHOICE (-2)
#define RESET_CHOICE (-3)
static int pick_choice(fz_input_t *in, unsigned n) {
  uint8_t byte = fz_byte(in);
  return byte >= 0xF0   ? RETIRE_CHOICE
         : byte >= 0xE8 ? RESET_CHOICE
         : byte >= 0xE0 ? REPLACE_CHOICE
                        : (int)(byte % n);
}

static slot_t slots[SLOT_COUNT];
static int64_t attached_caches; /* caches owned by values (alive until the value dies) */

/* The computations in progress, outermost first. */
typedef struct pending {
  int slot;
  unsigned key, context;
  unsigned generation; /* the slot's, when the computation started */
} pending_t;
static pending_t stack[MAX_DEPTH];
static int depth;

/* Whether (k, c) of slot s is being computed in the slot's current generation (a computation that
   started before a reset has an entry no look-up finds any more). */
static bool is_pending(int s, unsigned k, unsigned c) {
  for (int i = 0; i < depth; i++) {
    if (stack[i].slot == s && stack[i].key == k && stack[i].context == c &&
        stack[i].generation == slots[s].generation) {
      return true;
    }
  }
  return false;
}

/* Notes that slot s holds `value` besides its table (false, changing nothing, when full). */
static bool set_aside(int s, fz_value_t *value) {
  if (value == NULL) {
    return true;
  }
  if (slots[s].set_aside_count == MAX_SET_ASIDE) {
    return false;
  }
  slots[s].set_aside[slots[s].set_aside_count++] = value;
  return true;
}

static bool slot_is_computing(int s) {
  for (int i = 0; i < depth; i++) {
    if (stack[i].slot == s) {
      return true;
    }
  }
  return false;
}

/* ------------------------------------------------------------------------------------------------ */
/* Checks                                                                                           */
/* ------------------------------------------------------------------------------------------------ */

static void check_all(void) {
  int64_t caches = attached_caches;
  for (int s = 0; s < SLOT_COUNT; s++) {
    slot_t *slot = &slots[s];
    if (slot->cache == NULL) {
      continue;
    }
    caches++;
    size_t expected = 0;
    for (unsigned k = 0; k < KEY_COUNT; k++) {
      for (unsigned c = 0; c < CONTEXT_COUNT; c++) {
        void *found = dck_cache_get(slot->cache, key_pool[k], context_pool[c]);
        if (found != slot->model[k][c]) {
          fz_fail("slot %d: get(key %u, context %u) = %p, want %p", s, k, c, found,
                  (void *)slot->model[k][c]);
        }
        expected += slot->model[k][c] != NULL ? 1 : 0;
      }
    }
    if (dck_cache_count(slot->cache) != expected) {
      fz_fail("slot %d: count %zu, model has %zu", s, dck_cache_count(slot->cache), expected);
    }
  }
  if (dck_debug_live_caches() != caches) {
    fz_fail("dck_debug_live_caches() = %lld, want %lld", (long long)dck_debug_live_caches(),
            (long long)caches);
  }
  if (dck_debug_live_cache_values() != fz_values_held_by_core()) {
    fz_fail("dck_debug_live_cache_values() = %lld, but the values count %lld references held by "
            "caches",
            (long long)dck_debug_live_cache_values(), (long long)fz_values_held_by_core());
  }
}

/* ------------------------------------------------------------------------------------------------ */
/* Operations                                                                                       */
/* ------------------------------------------------------------------------------------------------ */

static void destroy_slot(int s) {
  dck_cache_t *cache = slots[s].cache;
  slots[s].cache = NULL;
  slots[s].retired = false;
  slots[s].generation = 0;
  memset(slots[s].model, 0, sizeof(slots[s].model));
  memset(slots[s].put, 0, sizeof(slots[s].put));
  memset(slots[s].holds, 0, sizeof(slots[s].holds));
  slots[s].set_aside_count = 0;
  dck_cache_destroy(cache); /* runs release callbacks, which may destroy attached caches */
}

static void create_slot(int s) {
  if (slots[s].cache != NULL) {
    destroy_slot(s);
  }
  slots[s].cache = dck_cache_create();
  if (slots[s].cache == NULL) {
    fz_fail("dck_cache_create returned NULL");
  }
}

/* Retires the slot's cache (creating one first when it has none): its model forgets every value. */
static void retire_slot(fz_input_t *in) {
  int s = (int)fz_pick(in, SLOT_COUNT);
  if (slots[s].cache == NULL) {
    create_slot(s);
  }
  bool retired = dck_cache_retire(slots[s].cache);
  if (retired == slots[s].retired) {
    fz_fail("slot %d: dck_cache_retire returned %d, want %d", s, retired, !slots[s].retired);
  }
  slots[s].retired = true;
  memset(slots[s].model, 0, sizeof(slots[s].model));
}

/* Resets the slot's cache (creating one first when it has none): its model forgets every value,
   which the cache still holds, and computations running now no longer count as pending. Skipped
   when the fuzzer could not keep track of what the cache then holds. */
static void reset_slot(fz_input_t *in) {
  int s = (int)fz_pick(in, SLOT_COUNT);
  if (slots[s].cache == NULL) {
    create_slot(s);
  }
  int held = 0;
  for (unsigned k = 0; k < KEY_COUNT; k++) {
    for (unsigned c = 0; c < CONTEXT_COUNT; c++) {
      held += slots[s].holds[k][c] != NULL ? 1 : 0;
    }
  }
  /* Room for what it holds, and for the value of every computation running now (`depth` at most),
     which will be held besides when it returns. */
  if (slots[s].set_aside_count + held + depth > MAX_SET_ASIDE) {
    return;
  }
  bool reset = dck_cache_reset(slots[s].cache);
  if (reset == slots[s].retired) {
    fz_fail("slot %d: dck_cache_reset returned %d, want %d", s, reset, !slots[s].retired);
  }
  if (!reset) {
    return;
  }
  for (unsigned k = 0; k < KEY_COUNT; k++) {
    for (unsigned c = 0; c < CONTEXT_COUNT; c++) {
      (void)set_aside(s, slots[s].holds[k][c]);
    }
  }
  slots[s].generation++;
  memset(slots[s].model, 0, sizeof(slots[s].model));
  memset(slots[s].put, 0, sizeof(slots[s].put));
  memset(slots[s].holds, 0, sizeof(slots[s].holds));
}

/* The slot an operation uses; creates its cache when it has none. */
static int use_slot(fz_input_t *in) {
  int s = (int)fz_pick(in, SLOT_COUNT);
  if (slots[s].cache == NULL) {
    create_slot(s);
  }
  return s;
}

static void op_get(fz_input_t *in) {
  int s = use_slot(in);
  unsigned k = fz_pick(in, KEY_COUNT), c = fz_pick(in, CONTEXT_COUNT);
  void *found = dck_cache_get(slots[s].cache, key_pool[k], context_pool[c]);
  if (found != slots[s].model[k][c]) {
    fz_fail("slot %d: get(key %u, context %u) = %p, want %p", s, k, c, found,
            (void *)slots[s].model[k][c]);
  }
}

static void op_put(fz_input_t *in) {
  int s = use_slot(in);
  unsigned k = fz_pick(in, KEY_COUNT), c = fz_pick(in, CONTEXT_COUNT);
  fz_value_t *value = fz_byte(in) % 2 ? fz_value_pick_held(in) : NULL;
  if (value == NULL) {
    value = fz_value_new(true);
  }
  if (value == NULL) {
    return;
  }
  bool exists = slots[s].model[k][c] != NULL || is_pending(s, k, c);
  dck_cache_status_t status = dck_cache_put(slots[s].cache, key_pool[k], context_pool[c], value);
  dck_cache_status_t want = slots[s].retired ? DCK_CACHE_RETIRED
                            : exists         ? DCK_CACHE_EXISTS
                                             : DCK_CACHE_INSERTED;
  if (status != want) {
    fz_fail("slot %d: put(key %u, context %u) returned %d, want %d", s, k, c, (int)status,
            (int)want);
  }
  if (want == DCK_CACHE_INSERTED) {
    slots[s].model[k][c] = value;
    slots[s].put[k][c] = true;
    slots[s].holds[k][c] = value;
  }
}

/* dck_cache_replace_computed: as put, except that a computed value is replaced (and still held). */
static void op_replace(fz_input_t *in) {
  int s = use_slot(in);
  unsigned k = fz_pick(in, KEY_COUNT), c = fz_pick(in, CONTEXT_COUNT);
  fz_value_t *value = fz_byte(in) % 2 ? fz_value_pick_held(in) : NULL;
  if (value == NULL) {
    value = fz_value_new(true);
  }
  if (value == NULL || slots[s].set_aside_count + 1 + depth > MAX_SET_ASIDE) {
    return; /* no room for the replaced value and the computations running now (see reset_slot) */
  }
  fz_value_t *old = slots[s].model[k][c];
  dck_cache_status_t want = slots[s].retired                       ? DCK_CACHE_RETIRED
                            : is_pending(s, k, c)                  ? DCK_CACHE_EXISTS
                            : old == NULL                          ? DCK_CACHE_INSERTED
                            : slots[s].put[k][c]                   ? DCK_CACHE_EXISTS
                                                                   : DCK_CACHE_REPLACED;
  dck_cache_status_t status =
      dck_cache_replace_computed(slots[s].cache, key_pool[k], context_pool[c], value);
  if (status != want) {
    fz_fail("slot %d: replace(key %u, context %u) returned %d, want %d", s, k, c, (int)status,
            (int)want);
  }
  if (want == DCK_CACHE_INSERTED || want == DCK_CACHE_REPLACED) {
    if (want == DCK_CACHE_REPLACED) {
      (void)set_aside(s, old);
    }
    slots[s].model[k][c] = value;
    slots[s].put[k][c] = true;
    slots[s].holds[k][c] = value;
  }
}

static void op_get_or_compute(fz_input_t *in);

/* What one compute callback was asked for and did. */
typedef struct computation {
  fz_input_t *in;
  int slot;
  unsigned key, context;
  int calls;
  fz_value_t *returned;
} computation_t;

static void nested_action(fz_input_t *in) {
  switch (pick_choice(in, 5)) {
  case RETIRE_CHOICE: retire_slot(in); break;
  case REPLACE_CHOICE: op_replace(in); break;
  case RESET_CHOICE: reset_slot(in); break;
  case 0: op_get(in); break;
  case 1: op_put(in); break;
  case 2: {
    int s = (int)fz_pick(in, SLOT_COUNT);
    if (!slot_is_computing(s)) {
      create_slot(s);
    }
    break;
  }
  case 3: {
    int s = (int)fz_pick(in, SLOT_COUNT);
    if (!slot_is_computing(s)) {
      destroy_slot(s);
    }
    break;
  }
  default: op_get_or_compute(in); break;
  }
  check_all();
}

static void *compute(uintptr_t key, uint32_t context, void *info) {
  computation_t *computation = info;
  computation->calls++;
  if (computation->calls != 1) {
    fz_fail("compute called %d times for one get_or_compute", computation->calls);
  }
  if (key != key_pool[computation->key] || context != context_pool[computation->context]) {
    fz_fail("compute called for (%#zx, %u), want (%#zx, %u)", (size_t)key, context,
            (size_t)key_pool[computation->key], context_pool[computation->context]);
  }
  fz_input_t *in = computation->in;
  if (depth == MAX_DEPTH) {
    fz_fail("computations nested deeper than the fuzzer allows");
  }
  stack[depth++] = (pending_t){computation->slot, computation->key, computation->context,
                               slots[computation->slot].generation};

  unsigned actions = fz_pick(in, MAX_NESTED_ACTIONS + 1);
  for (unsigned i = 0; i < actions && fz_more(in); i++) {
    nested_action(in);
  }
  /* The pending entry still reads as absent, on this thread too (after a reset, the key reads as
     what was cached for it since). */
  void *visible = dck_cache_get(slots[computation->slot].cache, key, context);
  if (visible != slots[computation->slot].model[computation->key][computation->context]) {
    fz_fail("get(%#zx, %u) = %p while it is being computed, want %p", (size_t)key, context, visible,
            (void *)slots[computation->slot].model[computation->key][computation->context]);
  }
  depth--;

  fz_value_t *value = NULL;
  switch (fz_pick(in, 3)) {
  case 0: value = fz_value_new(false); break; /* +1 that the cache takes over */
  case 1:
    value = fz_value_pick_held(in);
    if (value != NULL) {
      fz_value_retain(value); /* +1 on an existing value */
    }
    break;
  default: break; /* NULL: nothing cached */
  }
  computation->returned = value;
  return value;
}

static void op_get_or_compute(fz_input_t *in) {
  int s = use_slot(in);
  unsigned k = fz_pick(in, KEY_COUNT), c = fz_pick(in, CONTEXT_COUNT);
  if (depth == MAX_DEPTH && slots[s].model[k][c] == NULL && !is_pending(s, k, c)) {
    return; /* would compute one level too deep */
  }
  fz_value_t *cached = slots[s].model[k][c];
  bool pending = is_pending(s, k, c);
  bool retired = slots[s].retired;
  unsigned generation = slots[s].generation;
  computation_t computation = {.in = in, .slot = s, .key = k, .context = c};
  void *out = &computation; /* anything but NULL, to see that it is written */
  dck_cache_status_t status = dck_cache_get_or_compute(
      slots[s].cache, key_pool[k], context_pool[c], compute, &computation, &out);

  if (retired) {
    if (status != DCK_CACHE_RETIRED || out != NULL || computation.calls != 0) {
      fz_fail("slot %d: get_or_compute(key %u, context %u) of a retired cache: status %d, value "
              "%p, compute called %d times (want RETIRED, NULL, 0)",
              s, k, c, (int)status, out, computation.calls);
    }
  } else if (cached != NULL) {
    if (status != DCK_CACHE_FOUND || out != cached || computation.calls != 0) {
      fz_fail("slot %d: get_or_compute(key %u, context %u) of a cached value: status %d, value %p "
              "(want FOUND, %p), compute called %d times",
              s, k, c, (int)status, out, (void *)cached, computation.calls);
    }
  } else if (pending) {
    if (status != DCK_CACHE_CYCLE || out != NULL || computation.calls != 0) {
      fz_fail("slot %d: get_or_compute(key %u, context %u) while computing it: status %d, value "
              "%p, compute called %d times (want CYCLE, NULL, 0)",
              s, k, c, (int)status, out, computation.calls);
    }
  } else if (computation.calls != 1) {
    fz_fail("slot %d: get_or_compute(key %u, context %u) of a missing value called compute %d "
            "times, status %d",
            s, k, c, computation.calls, (int)status);
  } else if (computation.returned != NULL) {
    if (status != DCK_CACHE_COMPUTED || out != computation.returned) {
      fz_fail("slot %d: get_or_compute(key %u, context %u): status %d, value %p (want COMPUTED, "
              "%p)",
              s, k, c, (int)status, out, (void *)computation.returned);
    }
    if (slots[s].generation != generation) {
      /* Reset during the computation: held, but found by no one. (Room was kept for it: resets and
         replacements leave room for every computation running when they happen.) */
      if (!set_aside(s, computation.returned)) {
        fz_fail("slot %d: no room to track a value computed across a reset", s);
      }
    } else {
      if (!slots[s].retired) { /* retired during the computation: held, but found by no one */
        slots[s].model[k][c] = computation.returned;
        slots[s].put[k][c] = false;
      }
      slots[s].holds[k][c] = computation.returned;
    }
  } else if (status != DCK_CACHE_NOT_COMPUTED || out != NULL) {
    fz_fail("slot %d: get_or_compute(key %u, context %u) with compute returning NULL: status %d, "
            "value %p (want NOT_COMPUTED, NULL)",
            s, k, c, (int)status, out);
  }
}

/* The compute callback of op_fill: a new value, no nesting. */
static void *compute_plain(uintptr_t key, uint32_t context, void *info) {
  (void)key, (void)context;
  int *calls = info;
  (*calls)++;
  return fz_value_new(false);
}

/* Computes a run of entries with plain new values: a few bytes grow the table (and so retire slot
 * arrays through the epoch allocator). */
static void op_fill(fz_input_t *in) {
  int s = use_slot(in);
  unsigned first = fz_pick(in, KEY_COUNT * CONTEXT_COUNT);
  unsigned n = 1 + fz_pick(in, KEY_COUNT * CONTEXT_COUNT);
  for (unsigned i = 0; i < n; i++) {
    unsigned index = (first + i) % (KEY_COUNT * CONTEXT_COUNT);
    unsigned k = index / CONTEXT_COUNT, c = index % CONTEXT_COUNT;
    fz_value_t *cached = slots[s].model[k][c];
    int calls = 0;
    void *out = NULL;
    dck_cache_status_t status = dck_cache_get_or_compute(
        slots[s].cache, key_pool[k], context_pool[c], compute_plain, &calls, &out);
    if (slots[s].retired) {
      if (status != DCK_CACHE_RETIRED || out != NULL || calls != 0) {
        fz_fail("slot %d: fill of a retired cache: status %d, value %p, compute called %d times",
                s, (int)status, out, calls);
      }
      continue;
    }
    if (cached != NULL ? (status != DCK_CACHE_FOUND || out != cached || calls != 0)
                       : (calls != 1 || (out == NULL) != (status == DCK_CACHE_NOT_COMPUTED) ||
                          (out != NULL && status != DCK_CACHE_COMPUTED))) {
      fz_fail("slot %d: fill get_or_compute(key %u, context %u): status %d, value %p, compute "
              "called %d times, cached %p",
              s, k, c, (int)status, out, calls, (void *)cached);
    }
    if (cached == NULL) { /* computed now (a value found keeps what the model knows of it) */
      slots[s].model[k][c] = out;
      slots[s].put[k][c] = false;
      slots[s].holds[k][c] = out;
    }
  }
}

static void op_drop(fz_input_t *in) {
  fz_value_t *value = fz_value_pick_held(in);
  if (value != NULL) {
    fz_value_drop(value);
  }
}

static void destroy_attached_cache(fz_value_t *value) {
  dck_cache_t *cache = value->attachment;
  value->attachment = NULL;
  attached_caches--;
  dck_cache_destroy(cache);
}

/* The value takes over a cache. As in trie_fuzz.c, the cache must not hold the value nor any value
 * that owns something (retired values included), so ownership chains follow the order of attachment
 * and never close. */
static void op_attach(fz_input_t *in) {
  fz_value_t *value = fz_value_pick_held(in);
  int s = (int)fz_pick(in, SLOT_COUNT);
  if (value == NULL || value->attachment != NULL || slots[s].cache == NULL) {
    return;
  }
  for (unsigned k = 0; k < KEY_COUNT; k++) {
    for (unsigned c = 0; c < CONTEXT_COUNT; c++) {
      fz_value_t *held = slots[s].holds[k][c];
      if (held != NULL && (held == value || held->attachment != NULL)) {
        return;
      }
    }
  }
  for (int i = 0; i < slots[s].set_aside_count; i++) {
    fz_value_t *held = slots[s].set_aside[i];
    if (held == value || held->attachment != NULL) {
      return;
    }
  }
  value->attachment = slots[s].cache;
  value->on_death = destroy_attached_cache;
  attached_caches++;
  slots[s].cache = NULL;
  slots[s].retired = false;
  slots[s].generation = 0;
  memset(slots[s].model, 0, sizeof(slots[s].model));
  memset(slots[s].put, 0, sizeof(slots[s].put));
  memset(slots[s].holds, 0, sizeof(slots[s].holds));
  slots[s].set_aside_count = 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fz_input_t in = {.data = data, .size = size};
  fz_values_register();
  if (dck_debug_live_caches() != 0 || dck_debug_live_cache_values() != 0) {
    fz_fail("the previous input left %lld caches and %lld values",
            (long long)dck_debug_live_caches(), (long long)dck_debug_live_cache_values());
  }
  depth = 0;
  attached_caches = 0;

  for (fz_step = 0; fz_more(&in); fz_step++) {
    switch (pick_choice(&in, 9)) {
    case RETIRE_CHOICE: retire_slot(&in); break;
    case REPLACE_CHOICE: op_replace(&in); break;
    case RESET_CHOICE: reset_slot(&in); break;
    case 0: create_slot((int)fz_pick(&in, SLOT_COUNT)); break;
    case 1: destroy_slot((int)fz_pick(&in, SLOT_COUNT)); break;
    case 2: op_get(&in); break;
    case 3: op_put(&in); break;
    case 4: op_drop(&in); break;
    case 5: op_attach(&in); break;
    case 6: op_fill(&in); break;
    default: op_get_or_compute(&in); break;
    }
    check_all();
  }

  for (int s = 0; s < SLOT_COUNT; s++) {
    destroy_slot(s);
  }
  fz_values_finish();
  if (dck_debug_live_caches() != 0) {
    fz_fail("%lld caches still alive after destroying every cache",
            (long long)dck_debug_live_caches());
  }
  if (dck_debug_live_cache_values() != 0) {
    fz_fail("caches still hold %lld value references after every cache was destroyed",
            (long long)dck_debug_live_cache_values());
  }
  return 0;
}
