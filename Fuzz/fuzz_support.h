/*
 * fuzz_support.h — what both fuzz targets share: reading the input, failing with a message, and
 * the fuzzer's own reference-counted value objects.
 *
 * Values
 * ------
 * The C core stores opaque values and retains and releases them only through the callbacks given to
 * dck_values_set_callbacks. Here a value is a small malloc'd struct with a reference count:
 *
 *   - the fuzzer creates it with one reference of its own (`held`), or hands a fresh +1 value to a
 *     cache compute callback, in which case the cache owns that reference (`held` is false);
 *   - the retain callback adds one, the release callback removes one; each checks the magic and
 *     that the count never goes below zero or is retained from zero (a resurrection);
 *   - reaching zero is counted (`zero_count`) and runs the value's `on_death` hook (a fuzz target
 *     uses it to run arbitrary code inside a release callback: releasing a trie, destroying a cache);
 *   - the struct itself is freed only when the input is finished, so a release after death is
 *     reported with a message instead of being a use-after-free.
 *
 * At the end of an input, fz_values_finish gives back the references the fuzzer still holds and
 * checks that every value reached zero exactly once.
 *
 * Because nothing but the fuzzer and the core touches these values, "references held by the core"
 * is exactly the sum over values of (refcount - held); the targets compare it with the core's debug
 * live-value counters after every step.
 */
#ifndef FUZZ_SUPPORT_H
#define FUZZ_SUPPORT_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "dck.h"

/* ------------------------------------------------------------------------------------------------ */
/* Failing                                                                                          */
/* ------------------------------------------------------------------------------------------------ */

/* The step being run, for failure messages. */
static unsigned long fz_step;

__attribute__((format(printf, 1, 2), noreturn)) static void fz_fail(const char *format, ...) {
  va_list args;
  va_start(args, format);
  fprintf(stderr, "\nFUZZ CHECK FAILED at step %lu: ", fz_step);
  vfprintf(stderr, format, args);
  fprintf(stderr, "\n");
  va_end(args);
  abort();
}

/* ------------------------------------------------------------------------------------------------ */
/* Input                                                                                            */
/* ------------------------------------------------------------------------------------------------ */

typedef struct fz_input {
  const uint8_t *data;
  size_t size;
  size_t position;
} fz_input_t;

static bool fz_more(const fz_input_t *in) { return in->position < in->size; }

/* The next byte, or 0 once the input is used up. */
static uint8_t fz_byte(fz_input_t *in) { return fz_more(in) ? in->data[in->position++] : 0; }

/* A number in [0, n) taken from the next byte. */
static unsigned fz_pick(fz_input_t *in, unsigned n) { return (unsigned)fz_byte(in) % n; }

/* ------------------------------------------------------------------------------------------------ */
/* Values                                                                                           */
/* ------------------------------------------------------------------------------------------------ */

#define FZ_VALUE_MAGIC 0x76616c75u /* "valu" */
#define FZ_MAX_VALUES 512
/* Room for the stand-ins of own values besides: at most one per owner, and owners are values. */
#define FZ_MAX_ALL_VALUES (2 * FZ_MAX_VALUES)

typedef struct fz_value fz_value_t;
struct fz_value {
  uint32_t magic;
  uint32_t id;          /* creation order within the input */
  int64_t refcount;     /* all references: the fuzzer's (held) and the core's */
  int zero_count;       /* how many times refcount reached zero: must end at exactly 1 */
  bool held;            /* the fuzzer owns one of the references */
  bool is_owner;        /* the owner of an embedded trie root, not a stored value: its references
                           are the root's, which the core does not count as value references */
  bool is_own_value;    /* an owner that is also its root's value (dck_trie_insert_owner_into) */
  struct fz_value *stand_in; /* an own value's stand-in, once the core made it (the core holds it) */
  void *attachment;     /* what on_death gives back (a trie root, a cache), or NULL */
  void (*on_death)(fz_value_t *value);
};

static fz_value_t *fz_values[FZ_MAX_ALL_VALUES];
static size_t fz_value_count;

static fz_value_t *fz_value_checked(void *pointer, const char *operation) {
  if (pointer == NULL) {
    fz_fail("%s callback called with NULL", operation);
  }
  fz_value_t *value = pointer;
  if (value->magic != FZ_VALUE_MAGIC) {
    fz_fail("%s callback called with %p, which is not a value (magic %#x)", operation, pointer,
            value->magic);
  }
  return value;
}

static void fz_value_retain(void *pointer) {
  fz_value_t *value = fz_value_checked(pointer, "retain");
  if (value->refcount <= 0) {
    fz_fail("value %u retained with refcount %lld (resurrected after its last release)", value->id,
            (long long)value->refcount);
  }
  value->refcount++;
}

static void fz_value_release(void *pointer) {
  fz_value_t *value = fz_value_checked(pointer, "release");
  if (value->refcount <= 0) {
    fz_fail("value %u released with refcount %lld (released more often than retained)", value->id,
            (long long)value->refcount);
  }
  if (--value->refcount == 0) {
    value->zero_count++;
    if (value->zero_count != 1) {
      fz_fail("value %u reached refcount 0 for the %d. time", value->id, value->zero_count);
    }
    if (value->on_death != NULL && value->attachment != NULL) {
      value->on_death(value); /* arbitrary code inside the core's release callback */
    }
  }
}

/* A new value with one reference, held by the fuzzer when `held`; NULL when the input made too many
 * (stand-ins use the room beyond FZ_MAX_VALUES, see fz_make_stand_in). */
static fz_value_t *fz_value_new_within(bool held, size_t limit) {
  if (fz_value_count >= limit) {
    return NULL;
  }
  fz_value_t *value = calloc(1, sizeof(fz_value_t));
  if (value == NULL) {
    fz_fail("out of memory");
  }
  value->magic = FZ_VALUE_MAGIC;
  value->id = (uint32_t)fz_value_count;
  value->refcount = 1;
  value->held = held;
  fz_values[fz_value_count++] = value;
  return value;
}

static fz_value_t *fz_value_new(bool held) {
  return fz_value_new_within(held, FZ_MAX_VALUES);
}

/* The stand-in callback: a new value (+1, the core's) for the own value `owner`, recorded in it. */
static void *fz_make_stand_in(void *pointer) {
  fz_value_t *owner = fz_value_checked(pointer, "stand-in");
  if (!owner->is_own_value) {
    fz_fail("a stand-in asked for value %u, which is not an own value", owner->id);
  }
  fz_value_t *stand_in = fz_value_new_within(false, FZ_MAX_ALL_VALUES);
  if (stand_in == NULL) {
    fz_fail("no room for a stand-in (more than one per own value?)");
  }
  owner->stand_in = stand_in;
  return stand_in;
}

/* Gives back the fuzzer's own reference. */
static void fz_value_drop(fz_value_t *value) {
  if (!value->held) {
    fz_fail("value %u dropped but not held", value->id);
  }
  value->held = false;
  fz_value_release(value);
}

/* A value the fuzzer still holds, picked by the next byte; NULL when there is none. */
static fz_value_t *fz_value_pick_held(fz_input_t *in) {
  uint8_t choice = fz_byte(in);
  size_t held = 0;
  for (size_t i = 0; i < fz_value_count; i++) {
    held += fz_values[i]->held ? 1 : 0;
  }
  if (held == 0) {
    return NULL;
  }
  size_t wanted = choice % held;
  for (size_t i = 0; i < fz_value_count; i++) {
    if (fz_values[i]->held && wanted-- == 0) {
      return fz_values[i];
    }
  }
  return NULL;
}

/* References to values that are not the fuzzer's own: those the core holds. */
static int64_t fz_values_held_by_core(void) {
  int64_t total = 0;
  for (size_t i = 0; i < fz_value_count; i++) {
    if (!fz_values[i]->is_owner) {
      total += fz_values[i]->refcount - (fz_values[i]->held ? 1 : 0);
    }
  }
  return total;
}

/* Call once the core holds nothing: gives back the fuzzer's references, checks that every value
 * reached zero exactly once, and frees them. */
static void fz_values_finish(void) {
  for (size_t i = 0; i < fz_value_count; i++) {
    if (fz_values[i]->held) {
      fz_value_drop(fz_values[i]);
    }
  }
  for (size_t i = 0; i < fz_value_count; i++) {
    fz_value_t *value = fz_values[i];
    if (value->refcount != 0 || value->zero_count != 1) {
      fz_fail("value %u ends with refcount %lld, reached zero %d times (want 0 and exactly 1)",
              value->id, (long long)value->refcount, value->zero_count);
    }
  }
  for (size_t i = 0; i < fz_value_count; i++) {
    fz_values[i]->magic = 0;
    free(fz_values[i]);
    fz_values[i] = NULL;
  }
  fz_value_count = 0;
}

static void fz_values_register(void) {
  dck_values_set_callbacks(fz_value_retain, fz_value_release);
  dck_values_set_stand_in_callback(fz_make_stand_in);
}

#endif /* FUZZ_SUPPORT_H */
