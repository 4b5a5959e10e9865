/*
 * dck_values.h — retaining and releasing the opaque values the core stores (private).
 *
 * Values are Swift objects. The core owns references to them only through these two functions, which
 * call the callbacks registered by dck_values_set_callbacks and, in debug builds, keep the live counter
 * of the structure that holds the reference (dck_debug.h: tries and caches count separately, so a test
 * can check each).
 *
 * dck_value_release may run arbitrary code (a Swift deinit that reads dependencies, even one that
 * releases another trie). Callers must have finished updating their own structure, and must hold no lock.
 */
#ifndef DCK_VALUES_H
#define DCK_VALUES_H

#include "dck.h"

typedef enum dck_value_owner {
  DCK_VALUE_OWNER_TRIE = 0,
  DCK_VALUE_OWNER_CACHE = 1,
} dck_value_owner_t;

/** Takes a reference to `value` on behalf of `owner`. */
void dck_value_retain(void *value, dck_value_owner_t owner);

/** Gives back a reference to `value` held by `owner`. May run arbitrary code. */
void dck_value_release(void *value, dck_value_owner_t owner);

/**
 * Takes or gives back a reference to an object through the same callbacks, without counting it as a
 * stored value: the owner of an embedded overlay, whose references are that root's (the node
 * counter covers them), or a scope object a thread keeps spare (counted as such).
 */
void dck_value_retain_uncounted(void *object);
void dck_value_release_uncounted(void *object);

/** Records that `owner` took over a reference it did not retain itself (a +1 handed in by a caller). */
void dck_value_adopt(dck_value_owner_t owner);

/** A new stand-in (+1, counted for `holder`) for the own value of `owner`, through the callback of
 * dck_values_set_stand_in_callback. May run arbitrary code (it allocates a Swift object). */
void *dck_value_make_stand_in(void *owner, dck_value_owner_t holder);

#endif /* DCK_VALUES_H */
