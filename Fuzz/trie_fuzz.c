/*
 * trie_fuzz.c — libFuzzer target for the persistent trie (dck_trie_*).
 *
 * The input is a program. Its bytes pick operations on a handful of root slots, each slot holding
 * one +1 root and a model of what that root must contain (an array indexed by key, NULL = absent):
 *
 *   insert  slot, key, value -> slot     (value: new, the one the key already has, or another held;
 *                                         the root embedded in a new owner or allocated; or the new
 *                                         owner itself as the value, an own value, where the root
 *                                         can be built in it)
 *   remove  slot, key -> slot
 *   merge   slot a, slot b -> slot       (b wins)
 *   retain  slot -> slot                 (a second reference to the same root)
 *   release slot                         (the slot becomes the empty root)
 *   drop    value                        (the fuzzer gives back its own reference to a value)
 *   attach  value, slot                  (the value takes a reference to the slot's root and
 *                                         releases it when the value dies: a trie release runs
 *                                         inside the core's value release callback)
 *   fill    slot, first key, n, hash -> slot  (inserts n keys in a row with new values; keys that
 *                                         have no hash yet all get the one given)
 *   stop    slot, n                      (dck_trie_foreach stopped after n entries)
 *
 * Keys come from a small pool; each key gets one hash for the whole input (the trie requires one
 * hash per key), chosen from a pool built to produce full 64-bit collisions (two keys picking the
 * same hash), hashes that share 5, 10, ... 59 low bits, and hashes that differ only in the 4 bits of
 * the last level. The result of every operation goes to a slot chosen by the input, so several
 * roots stay alive and persistence is checked: every step rechecks every slot.
 *
 * An own value reads as its owner in the chain of its overlay and as its stand-in everywhere else
 * (folds, merges, walks): dck_trie_get_shared must give the stand-in for it in every root, and
 * dck_trie_get one of the two.
 *
 * After every step, for every slot: dck_trie_count, dck_trie_get of every key of the pool,
 * dck_trie_foreach (each model entry exactly once, with its hash), dck_trie_check_invariants == OK;
 * slots with equal models visit in the same order (canonical shape); the core's live value counter
 * equals the references the fuzzer's values say the core holds. The documented identities are
 * checked too: inserting the value a key already has, and removing an absent key, return the source
 * root; merge returns `b` when the result equals `b` (in particular when `a` is empty or a == b) and
 * `a` when it equals `a`.
 *
 * At the end every root is released, the fuzzer's own value references given back, and then
 * dck_debug_live_trie_nodes() and dck_debug_live_trie_values() must be 0 and every value must have
 * reached refcount 0 exactly once.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "dck.h"
#include "fuzz_support.h"

#define KEY_COUNT 40
#define SLOT_COUNT 6
#define HASH_POOL_SIZE 32

/* The first keys are chosen values (0, all ones, neighbours); the rest fill the pool so that more
 * than 32 keys can share one full hash (a collision node larger than a bitmap node). */
static const uintptr_t special_keys[] = {
    0,     1,      2,      3,      4,      5,           0x40,         0x41,
    0x1000, 0x1001, 0x7fff, 0x8000, 0x10001, UINTPTR_MAX, UINTPTR_MAX - 1, UINTPTR_MAX / 2 + 1,
};
#define SPECIAL_KEY_COUNT (sizeof(special_keys) / sizeof(special_keys[0]))
static uintptr_t key_pool[KEY_COUNT];

static void init_key_pool(void) {
  for (unsigned k = 0; k < KEY_COUNT; k++) {
    key_pool[k] = k < SPECIAL_KEY_COUNT ? special_keys[k] : 0x20000 + (uintptr_t)k * 0x101;
  }
}

static const uint64_t hash_pool[HASH_POOL_SIZE] = {
    /* low bits shared over 0, 1, 2 ... levels */
    UINT64_C(0x0000000000000000), UINT64_C(0x0000000000000001), UINT64_C(0x0000000000000021),
    UINT64_C(0x0000000000000401), UINT64_C(0x0000000000008001), UINT64_C(0x0000000000100001),
    UINT64_C(0x0000000002000001), UINT64_C(0x0000000040000001),
    /* differing only at the deep levels: bits 55..59 (depth 11) and 60..63 (depth 12) */
    UINT64_C(0x0080000000000001), UINT64_C(0x0800000000000001), UINT64_C(0x1000000000000001),
    UINT64_C(0x2000000000000001), UINT64_C(0x8000000000000001), UINT64_C(0xf000000000000001),
    UINT64_C(0x1000000000000000), UINT64_C(0xf000000000000000),
    /* all ones and neighbours */
    UINT64_C(0xffffffffffffffff), UINT64_C(0x7fffffffffffffff), UINT64_C(0xfffffffffffffffe),
    UINT64_C(0xffffffffffffffdf), UINT64_C(0x0fffffffffffffff),
    /* spread-out values, and variants sharing their low levels */
    UINT64_C(0x9e3779b97f4a7c15), UINT64_C(0x9e3779b97f4a7c35), UINT64_C(0x1e3779b97f4a7c15),
    UINT64_C(0x9e3779b97f4a6c15), UINT64_C(0xdeadbeefcafebabe), UINT64_C(0x0123456789abcdef),
    UINT64_C(0x5555555555555555), UINT64_C(0xaaaaaaaaaaaaaaaa), UINT64_C(0x00000000000003ff),
    UINT64_C(0x00000000000007ff), UINT64_C(0x8000000000000000),
};

typedef struct slot {
  dck_trie_t *root;                /* +1 */
  fz_value_t *model[KEY_COUNT];    /* NULL: absent */
} slot_t;

static slot_t slots[SLOT_COUNT];
static uint64_t key_hash[KEY_COUNT];
static bool key_hash_chosen[KEY_COUNT];

/* ------------------------------------------------------------------------------------------------ */
/* Keys                                                                                             */
/* ------------------------------------------------------------------------------------------------ */

/* The key's hash; the first use of a key in an input chooses it from the pool. */
static uint64_t hash_of(fz_input_t *in, unsigned key) {
  if (!key_hash_chosen[key]) {
    key_hash[key] = hash_pool[fz_pick(in, HASH_POOL_SIZE)];
    key_hash_chosen[key] = true;
  }
  return key_hash[key];
}

/* A hash to probe a key that may not have one yet (it is then absent from every root). */
static uint64_t probe_hash(unsigned key) {
  return key_hash_chosen[key] ? key_hash[key] : hash_pool[key % HASH_POOL_SIZE];
}

static int key_index(uintptr_t key) {
  for (int i = 0; i < KEY_COUNT; i++) {
    if (key_pool[i] == key) {
      return i;
    }
  }
  return -1;
}

/* ------------------------------------------------------------------------------------------------ */
/* Checks                                                                                           */
/* ------------------------------------------------------------------------------------------------ */

static size_t model_count(fz_value_t *const model[KEY_COUNT]) {
  size_t count = 0;
  for (int k = 0; k < KEY_COUNT; k++) {
    count += model[k] != NULL ? 1 : 0;
  }
  return count;
}

static bool models_equal(fz_value_t *const a[KEY_COUNT], fz_value_t *const b[KEY_COUNT]) {
  for (int k = 0; k < KEY_COUNT; k++) {
    if (a[k] != b[k]) {
      return false;
    }
  }
  return true;
}

/* What every root but an own value's overlay holds for `value`: the value, or its stand-in (made by
 * then: check_slot asks dck_trie_get_shared first). */
static fz_value_t *shared_value(fz_value_t *value) {
  return value != NULL && value->is_own_value ? value->stand_in : value;
}

typedef struct walk {
  const slot_t *slot;
  int slot_index;
  bool seen[KEY_COUNT];
  int order[KEY_COUNT]; /* key indexes in visiting order */
  size_t visited;
  size_t stop_after; /* return false after this many visits (SIZE_MAX: never) */
} walk_t;

static bool visit(uintptr_t key, uint64_t hash, void *value, void *context) {
  walk_t *walk = context;
  int k = key_index(key);
  if (k < 0) {
    fz_fail("slot %d: foreach visited key %#zx, which was never inserted", walk->slot_index,
            (size_t)key);
  }
  if (walk->seen[k]) {
    fz_fail("slot %d: foreach visited key %d twice", walk->slot_index, k);
  }
  if (walk->visited >= KEY_COUNT) {
    fz_fail("slot %d: foreach visited more entries than keys exist", walk->slot_index);
  }
  walk->seen[k] = true;
  walk->order[walk->visited++] = k;
  if (walk->slot->model[k] == NULL) {
    fz_fail("slot %d: foreach visited key %d, which the model does not have", walk->slot_index, k);
  }
  if (hash != key_hash[k]) {
    fz_fail("slot %d: foreach gave key %d hash %#llx, want %#llx", walk->slot_index, k,
            (unsigned long long)hash, (unsigned long long)key_hash[k]);
  }
  if (value != shared_value(walk->slot->model[k])) { /* a walk visits the canonical form */
    fz_fail("slot %d: foreach gave key %d value %p, want %p", walk->slot_index, k, value,
            (void *)shared_value(walk->slot->model[k]));
  }
  return walk->visited < walk->stop_after;
}

static void check_slot(int s, walk_t *walk) {
  const slot_t *slot = &slots[s];
  size_t expected = model_count(slot->model);
  if (dck_trie_count(slot->root) != expected) {
    fz_fail("slot %d: count %zu, model has %zu", s, dck_trie_count(slot->root), expected);
  }
  dck_trie_check_t check = dck_trie_check_invariants(slot->root);
  if (check != DCK_TRIE_CHECK_OK) {
    dck_trie_dump(slot->root);
    fz_fail("slot %d: dck_trie_check_invariants returned %d", s, (int)check);
  }
  for (unsigned k = 0; k < KEY_COUNT; k++) {
    fz_value_t *want = slot->model[k];
    void *shared = dck_trie_get_shared(slot->root, key_pool[k], probe_hash(k));
    if (shared != shared_value(want)) {
      fz_fail("slot %d: get_shared(key %u) = %p, want %p", s, k, shared, (void *)shared_value(want));
    }
    void *found = dck_trie_get(slot->root, key_pool[k], probe_hash(k));
    if (found != want && found != shared) {
      fz_fail("slot %d: get(key %u) = %p, want %p", s, k, found, (void *)want);
    }
  }
  *walk = (walk_t){.slot = slot, .slot_index = s, .stop_after = SIZE_MAX};
  if (!dck_trie_foreach(slot->root, visit, walk)) {
    fz_fail("slot %d: foreach reported a stop, but the visitor never stopped", s);
  }
  if (walk->visited != expected) {
    fz_fail("slot %d: foreach visited %zu entries, model has %zu", s, walk->visited, expected);
  }
}

static void check_all(void) {
  walk_t walks[SLOT_COUNT];
  for (int s = 0; s < SLOT_COUNT; s++) {
    check_slot(s, &walks[s]);
  }
  /* Canonical shape: equal maps visit in equal order, however they were built. */
  for (int a = 0; a < SLOT_COUNT; a++) {
    for (int b = a + 1; b < SLOT_COUNT; b++) {
      if (models_equal(slots[a].model, slots[b].model) &&
          memcmp(walks[a].order, walks[b].order, walks[a].visited * sizeof(int)) != 0) {
        fz_fail("slots %d and %d hold equal maps but visit in different orders", a, b);
      }
    }
  }
  int64_t live_values = dck_debug_live_trie_values();
  if (live_values != fz_values_held_by_core()) {
    fz_fail("dck_debug_live_trie_values() = %lld, but the values count %lld references held by "
            "tries",
            (long long)live_values, (long long)fz_values_held_by_core());
  }
}

/* ------------------------------------------------------------------------------------------------ */
/* Operations                                                                                       */
/* ------------------------------------------------------------------------------------------------ */

/* Stores `root` (+1, consumed) and its model in slot `s`, releasing what the slot held. */
static void store(int s, dck_trie_t *root, fz_value_t *const model[KEY_COUNT]) {
  dck_trie_t *old = slots[s].root;
  slots[s].root = root;
  memmove(slots[s].model, model, sizeof(slots[s].model));
  dck_trie_release(old); /* may run value release callbacks, and through them other releases */
}

/* An owner dies: its embedded root gives back what it holds, then its storage goes. */
static void destroy_embedded_root(fz_value_t *owner) {
  void *storage = owner->attachment;
  owner->attachment = NULL;
  dck_trie_embedded_destroy(storage);
  free(storage);
}

/* A new owner (a value whose references are those of the root embedded in it) and, in `storage`,
 * the room it embeds a root in; NULL when no value can be made. */
static fz_value_t *owner_new(void **storage) {
  fz_value_t *owner = fz_value_new(false);
  if (owner == NULL) {
    return NULL;
  }
  owner->is_owner = true;
  *storage = malloc(DCK_TRIE_OVERLAY_SIZE);
  if (*storage == NULL) {
    fz_fail("out of memory");
  }
  return owner;
}

/* The owner keeps `root` when the trie built it in its storage, and gives it back when it dies;
 * otherwise the owner is not needed and dies now. Returns whether it kept the root. */
static bool owner_settle(fz_value_t *owner, void *storage, const dck_trie_t *root) {
  if ((const void *)root == storage) {
    owner->attachment = storage;
    owner->on_death = destroy_embedded_root;
    return true;
  }
  free(storage);
  fz_value_release(owner); /* no root in it: it dies now */
  return false;
}

/* dck_trie_insert_into with a new owner and a new reference to `value` (taken by the call): the
 * result is the owner's embedded root, whose one reference the caller then holds, or a +1 root as
 * dck_trie_insert returns (the owner is not needed and goes). NULL when no value can be made. */
static dck_trie_t *insert_embedded(int source, unsigned k, uint64_t hash, fz_value_t *value) {
  void *storage;
  fz_value_t *owner = owner_new(&storage);
  if (owner == NULL) {
    return NULL;
  }
  fz_value_retain(value); /* dck_trie_insert_into takes a reference to the value */
  dck_trie_t *root =
      dck_trie_insert_into(storage, owner, slots[source].root, key_pool[k], hash, value);
  owner_settle(owner, storage, root);
  return root;
}

/* dck_trie_insert_owner_into with a new owner that is the value: the owner's embedded root, or
 * NULL when the trie would not build it there (or no value can be made). */
static dck_trie_t *insert_own_value(int source, unsigned k, uint64_t hash, fz_value_t **value) {
  void *storage;
  fz_value_t *owner = owner_new(&storage);
  if (owner == NULL) {
    return NULL;
  }
  owner->is_own_value = true;
  dck_trie_t *root =
      dck_trie_insert_owner_into(storage, owner, slots[source].root, key_pool[k], hash);
  if (root != NULL && (void *)root != storage) {
    fz_fail("dck_trie_insert_owner_into returned %p, not the storage %p", (void *)root, storage);
  }
  if (!owner_settle(owner, storage, root)) {
    return NULL;
  }
  *value = owner;
  return root;
}

static void op_insert(fz_input_t *in) {
  int source = (int)fz_pick(in, SLOT_COUNT);
  unsigned k = fz_pick(in, KEY_COUNT);
  uint64_t hash = hash_of(in, k);
  uint8_t how = fz_byte(in);
  int target = (int)fz_pick(in, SLOT_COUNT);

  fz_value_t *value = NULL;
  dck_trie_t *root = NULL;
  if (how % 4 == 0 && (how & 0x20) != 0) {
    root = insert_own_value(source, k, hash, &value);
    if (root == NULL) {
      return; /* not an overlay in the owner, or too many values in this input */
    }
  } else {
    if (how % 4 == 1) {
      value = slots[source].model[k]; /* the value the key already has: borrowed from the root */
    } else if (how % 4 >= 2) {
      value = fz_value_pick_held(in);
    }
    if (value != NULL && value->is_own_value) {
      value = NULL; /* an own value is only ever its own overlay's */
    }
    if (value == NULL) {
      value = fz_value_new(true);
    }
    if (value == NULL) {
      return; /* too many values in this input */
    }
    root = (how & 0x10) != 0 ? insert_embedded(source, k, hash, value)
                             : dck_trie_insert(slots[source].root, key_pool[k], hash, value);
    if (root == NULL) {
      return; /* too many values in this input */
    }
  }
  if (slots[source].model[k] == value && root != slots[source].root) {
    fz_fail("insert of the value key %u already has returned a new root", k);
  }
  fz_value_t *model[KEY_COUNT];
  memcpy(model, slots[source].model, sizeof(model));
  model[k] = value;
  store(target, root, model);
}

static void op_remove(fz_input_t *in) {
  int source = (int)fz_pick(in, SLOT_COUNT);
  unsigned k = fz_pick(in, KEY_COUNT);
  uint64_t hash = hash_of(in, k);
  int target = (int)fz_pick(in, SLOT_COUNT);

  dck_trie_t *root = dck_trie_remove(slots[source].root, key_pool[k], hash);
  if (slots[source].model[k] == NULL && root != slots[source].root) {
    fz_fail("remove of absent key %u returned a new root", k);
  }
  fz_value_t *model[KEY_COUNT];
  memcpy(model, slots[source].model, sizeof(model));
  model[k] = NULL;
  store(target, root, model);
}

static void op_merge(fz_input_t *in) {
  int a = (int)fz_pick(in, SLOT_COUNT);
  int b = (int)fz_pick(in, SLOT_COUNT);
  int target = (int)fz_pick(in, SLOT_COUNT);

  dck_trie_t *root = dck_trie_merge(slots[a].root, slots[b].root);
  fz_value_t *model[KEY_COUNT];
  for (int k = 0; k < KEY_COUNT; k++) {
    model[k] = slots[b].model[k] != NULL ? slots[b].model[k] : slots[a].model[k];
  }
  if (models_equal(model, slots[b].model)) {
    if (root != slots[b].root) {
      fz_fail("merge of slots %d and %d equals %d but returned a new root", a, b, b);
    }
  } else if (models_equal(model, slots[a].model) && root != slots[a].root) {
    fz_fail("merge of slots %d and %d equals %d but returned a new root", a, b, a);
  }
  store(target, root, model);
}

/* Inserts a run of keys with new values; keys that have no hash yet all get the same one, so a
 * few bytes build wide nodes and large collision nodes. */
static void op_fill(fz_input_t *in) {
  int source = (int)fz_pick(in, SLOT_COUNT);
  unsigned first = fz_pick(in, KEY_COUNT);
  unsigned n = 1 + fz_pick(in, KEY_COUNT);
  uint64_t shared_hash = hash_pool[fz_pick(in, HASH_POOL_SIZE)];
  int target = (int)fz_pick(in, SLOT_COUNT);

  dck_trie_t *root = slots[source].root;
  dck_trie_retain(root);
  fz_value_t *model[KEY_COUNT];
  memcpy(model, slots[source].model, sizeof(model));
  for (unsigned i = 0; i < n; i++) {
    unsigned k = (first + i) % KEY_COUNT;
    if (!key_hash_chosen[k]) {
      key_hash[k] = shared_hash;
      key_hash_chosen[k] = true;
    }
    fz_value_t *value = fz_value_new(true);
    if (value == NULL) {
      break;
    }
    dck_trie_t *next = dck_trie_insert(root, key_pool[k], key_hash[k], value);
    dck_trie_release(root);
    root = next;
    model[k] = value;
  }
  store(target, root, model);
}

static void op_retain(fz_input_t *in) {
  int source = (int)fz_pick(in, SLOT_COUNT);
  int target = (int)fz_pick(in, SLOT_COUNT);
  dck_trie_retain(slots[source].root);
  store(target, slots[source].root, slots[source].model);
}

static void op_release(fz_input_t *in) {
  int s = (int)fz_pick(in, SLOT_COUNT);
  fz_value_t *none[KEY_COUNT] = {0};
  store(s, dck_trie_empty(), none);
}

static void op_drop(fz_input_t *in) {
  fz_value_t *value = fz_value_pick_held(in);
  if (value != NULL) {
    fz_value_drop(value);
  }
}

static void release_attached_root(fz_value_t *value) {
  dck_trie_t *root = value->attachment;
  value->attachment = NULL;
  dck_trie_release(root);
}

/*
 * The value takes a reference to a root. To keep references acyclic (a value kept alive by a root
 * it holds itself would never be released), the root must not hold the value, nor any value that
 * has an attachment. Then every chain value -> root -> value ... strictly follows the order in
 * which attachments were made, so it cannot close.
 */
static void op_attach(fz_input_t *in) {
  fz_value_t *value = fz_value_pick_held(in);
  int s = (int)fz_pick(in, SLOT_COUNT);
  if (value == NULL || value->attachment != NULL) {
    return;
  }
  for (int k = 0; k < KEY_COUNT; k++) {
    fz_value_t *held = slots[s].model[k];
    if (held != NULL && (held == value || held->attachment != NULL)) {
      return;
    }
  }
  dck_trie_retain(slots[s].root);
  value->attachment = slots[s].root;
  value->on_death = release_attached_root;
}

static void op_stop(fz_input_t *in) {
  int s = (int)fz_pick(in, SLOT_COUNT);
  size_t count = dck_trie_count(slots[s].root);
  if (count == 0) {
    return;
  }
  /* 1 ... count + 1: the last never stops the walk. */
  walk_t walk = {
      .slot = &slots[s], .slot_index = s, .stop_after = 1 + fz_pick(in, (unsigned)count + 1)};
  bool completed = dck_trie_foreach(slots[s].root, visit, &walk);
  size_t expected = walk.stop_after <= count ? walk.stop_after : count;
  if (walk.visited != expected || completed != (walk.stop_after > count)) {
    fz_fail("slot %d: foreach stopped after %zu of %zu entries (asked %zu), returned %d", s,
            walk.visited, count, walk.stop_after, completed);
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fz_input_t in = {.data = data, .size = size};
  fz_values_register();
  init_key_pool();
  if (dck_debug_live_trie_nodes() != 0 || dck_debug_live_trie_values() != 0) {
    fz_fail("the previous input left %lld nodes and %lld values",
            (long long)dck_debug_live_trie_nodes(), (long long)dck_debug_live_trie_values());
  }
  memset(key_hash_chosen, 0, sizeof(key_hash_chosen));
  for (int s = 0; s < SLOT_COUNT; s++) {
    slots[s].root = dck_trie_empty();
    memset(slots[s].model, 0, sizeof(slots[s].model));
  }

  for (fz_step = 0; fz_more(&in); fz_step++) {
    switch (fz_pick(&in, 10)) {
    case 0: case 1: op_insert(&in); break;
    case 2: op_remove(&in); break;
    case 3: op_merge(&in); break;
    case 4: op_retain(&in); break;
    case 5: op_release(&in); break;
    case 6: op_drop(&in); break;
    case 7: op_attach(&in); break;
    case 8: op_fill(&in); break;
    default: op_stop(&in); break;
    }
    check_all();
  }

  fz_value_t *none[KEY_COUNT] = {0};
  for (int s = 0; s < SLOT_COUNT; s++) {
    store(s, dck_trie_empty(), none);
  }
  fz_values_finish();
  if (dck_debug_live_trie_nodes() != 0) {
    fz_fail("%lld trie nodes still allocated after releasing every root",
            (long long)dck_debug_live_trie_nodes());
  }
  if (dck_debug_live_trie_values() != 0) {
    fz_fail("tries still hold %lld value references after releasing every root",
            (long long)dck_debug_live_trie_values());
  }
  return 0;
}
