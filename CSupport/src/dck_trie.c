/*
 * dck_trie.c — the persistent hash trie that holds the dependency overrides of one scope: the
 * public entry points of dck.h (dck_trie_*).
 *
 * Layers
 * ------
 * The trie is three layers, each knowing only those below it:
 *
 *   dck_trie.c            this file: each entry point takes a root of either kind and hands it to
 *                         the layer that knows it (a lookup walks the overlays, then the canonical
 *                         trie under them; an update decides between an overlay and a path copy)
 *   dck_trie_overlay.c    overlay roots (one entry over the root below) and their indexes; folding
 *                         a chain of overlays into its canonical form (dck_trie_overlay.h)
 *   dck_trie_canonical.c  canonical CHAMP tries: lookup, insert, remove, merge, walk, build, free;
 *                         knows nothing of overlays (dck_trie_canonical.h)
 *
 * beside dck_trie_debug.c, the invariant checker and dump, which reads all of them, and
 * dck_trie_node.h, the node header every layer shares. The design essay of each layer (diagram,
 * invariants, ownership, memory ordering) opens its file; this one adds no invariant, writes no
 * node it has not just built (an embedded overlay, through dck_trie_overlay_init) and publishes
 * nothing through atomics.
 *
 * Adding a new key does not copy a path: it puts an overlay node, holding just that entry, on top
 * of the old root. A lookup checks at most eight overlays of a chain (fifteen of a deeper one)
 * before it walks a canonical trie (the canonical root under the chain, or the index of an overlay
 * deeper than eight), and everything that needs the canonical shape (walks, removal, merge, an
 * override of a key set further down) works on the chain folded into its canonical form
 * (dck_trie_overlay_fold).
 *
 * Ownership: a root handed out here is +1 and released with dck_trie_release; the functions that
 * take a root borrow it. An embedded root (dck_trie_insert_into, dck_trie_insert_owner_into) is
 * counted by its owner: retaining and releasing it retain and release the owner through the value
 * callbacks, and the owner's deinit calls dck_trie_embedded_destroy.
 *
 * Progress
 * --------
 *  dck_trie_get, dck_trie_get_shared, dck_trie_count, dck_trie_empty, dck_trie_retain: wait-free
 *  (get: at most 15 overlay keys, 13 bitmap levels of the canonical root or an index and one
 *  collision scan, no allocation, no reference-count traffic; get_shared may make a stand-in).
 *  dck_trie_foreach: wait-free apart from the visitor on a canonical root; on an overlay it first
 *  folds the chain (lock-free apart from malloc).
 *  dck_trie_insert, dck_trie_insert_into, dck_trie_insert_owner_into, dck_trie_remove,
 *  dck_trie_merge: lock-free apart from malloc; they write only to nodes they have just allocated
 *  (or the storage they are given) and increment the counts of shared nodes.
 *  dck_trie_release, dck_trie_embedded_destroy: lock-free apart from free and the value callbacks;
 *  the walk is bounded by the nodes that become unreachable.
 *
 * Allocation failure is not recoverable here: it prints a message to standard error and aborts.
 */
#include "dck_trie_overlay.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

/* ------------------------------------------------------------------------------------------------ */
/* References, lookup, count                                                                        */
/* ------------------------------------------------------------------------------------------------ */

void dck_trie_retain(dck_trie_t *root) {
  dck_trie_overlay_retain_root(root);
}

void dck_trie_release(dck_trie_t *root) {
  dck_trie_overlay_release_root(root);
}

/* One overlay of a lookup's walk: returns true, with `*found` set, when the walk ends here (the
 * overlay has the key, or it is indexed and the walk goes on in dck_trie_overlay.c). */
static inline bool overlay_get(const dck_trie_t *node, uintptr_t key, uint64_t hash, void **found) {
  if (node->entries[0].key == key && node->entries[0].hash == hash) {
    *found = node->entries[0].value;
    return true;
  }
  if (node->kind == DCK_TRIE_KIND_OVERLAY_INDEXED) {
    *found = dck_trie_overlay_indexed_get(node, key, hash, false);
    return true;
  }
  return false;
}

void *dck_trie_get(const dck_trie_t *root, uintptr_t key, uint64_t hash) {
  /* An overlay chain first: each adds one entry. Plain overlays are the eight lowest of a chain,
   * so this compares at most eight keys before it reaches the canonical root, or an indexed
   * overlay (the root, when it is indexed), where the walk goes on in dck_trie_overlay.c. The
   * root's entry is compared before the loop: a read of the innermost scope's own override, the
   * commonest hit, then runs no loop code (an aligned loop head costs a padding instruction). */
  const dck_trie_t *node = root;
  void *found;
  if (dck_trie_is_overlay(node)) {
    if (overlay_get(node, key, hash, &found)) {
      return found;
    }
    for (node = dck_trie_overlay_parent(node); dck_trie_is_overlay(node);
         node = dck_trie_overlay_parent(node)) {
      if (overlay_get(node, key, hash, &found)) {
        return found;
      }
    }
  }
  return dck_trie_canonical_get(node, key, hash);
}

size_t dck_trie_count(const dck_trie_t *root) {
  return root->count;
}

/* ------------------------------------------------------------------------------------------------ */
/* Insert                                                                                           */
/* ------------------------------------------------------------------------------------------------ */

/* Whether `root` is an overlay whose own entry is `key`: an insert of `key` replaces that overlay. */
static bool replaces_top_overlay(const dck_trie_t *root, uintptr_t key, uint64_t hash) {
  return dck_trie_is_overlay(root) && root->entries[0].key == key && root->entries[0].hash == hash;
}

/* dck_trie_insert (`value` borrowed) and dck_trie_insert_into (`value` taken: `taken`). */
static dck_trie_t *insert(void *storage, void *owner, dck_trie_t *root, uintptr_t key,
                          uint64_t hash, void *value, bool taken) {
  if (value == NULL) {
    fprintf(stderr, "swift-dependencies: internal error: dck_trie_insert with a NULL value\n");
    abort();
  }
  if (taken) {
    dck_value_adopt(DCK_VALUE_OWNER_TRIE); /* the trie holds the caller's +1 from here on */
  }
  if (root == &dck_trie_empty_node) { /* a scope's first override: nothing to look up or replace */
    dck_trie_entry_t entry = {.key = key, .hash = hash, .value = value};
    return dck_trie_overlay_insert(root, &entry, false, storage, owner, taken);
  }
  void *existing = dck_trie_get(root, key, hash);
  if (existing == value) {
    if (taken) {
      dck_value_release(value, DCK_VALUE_OWNER_TRIE); /* not needed: `root` holds it */
    }
    dck_trie_retain(root);
    return root;
  }
  dck_trie_entry_t entry = {.key = key, .hash = hash, .value = value};
  bool replaces_top = replaces_top_overlay(root, key, hash);
  if (existing != NULL && !replaces_top) {
    /* An override of a key below the top: the result is a path copy of the canonical form, so
     * that no node keeps the replaced value reachable (invariant O4 of dck_trie_overlay.c).
     * Building it retains the value where it goes; a reference taken is given back after. */
    dck_trie_t *canonical = dck_trie_overlay_fold(root);
    dck_trie_t *result = dck_trie_canonical_insert(canonical, &entry, false);
    dck_trie_canonical_release(canonical);
    if (taken) {
      dck_value_release(value, DCK_VALUE_OWNER_TRIE);
    }
    return result;
  }
  /* A new key, or the top overlay's: one small node, whatever the size of the map, which keeps
   * a reference taken as its own. */
  return dck_trie_overlay_insert(root, &entry, replaces_top, storage, owner, taken);
}

dck_trie_t *dck_trie_insert(dck_trie_t *root, uintptr_t key, uint64_t hash, void *value) {
  return insert(NULL, NULL, root, key, hash, value, false);
}

dck_trie_t *dck_trie_insert_into(void *storage, void *owner, dck_trie_t *root, uintptr_t key,
                                 uint64_t hash, void *value) {
  return insert(storage, owner, root, key, hash, value, true);
}

void *dck_trie_get_shared(const dck_trie_t *root, uintptr_t key, uint64_t hash) {
  /* The walk of dck_trie_get. */
  const dck_trie_t *node = root;
  while (dck_trie_is_overlay(node)) {
    if (node->entries[0].key == key && node->entries[0].hash == hash) {
      return dck_trie_overlay_shared_value(node);
    }
    if (node->kind == DCK_TRIE_KIND_OVERLAY_INDEXED) {
      return dck_trie_overlay_indexed_get(node, key, hash, true);
    }
    node = dck_trie_overlay_parent(node);
  }
  return dck_trie_canonical_get(node, key, hash); /* canonical: never an own value */
}

/* dck_trie_insert_owner_into on a root other than the empty one. */
static __attribute__((noinline)) dck_trie_t *insert_owner_into_root(void *storage, void *owner,
                                                                     dck_trie_t *root,
                                                                     uintptr_t key, uint64_t hash) {
  dck_trie_entry_t entry = {.key = key, .hash = hash, .value = owner};
  bool replaces_top = replaces_top_overlay(root, key, hash);
  if (!replaces_top && dck_trie_get(root, key, hash) != NULL) {
    return NULL; /* a path copy: not a root in `storage` */
  }
  /* The commonest nestings, built here: a scope in a few others adds one more plain overlay; one
   * that sets the key of the scope around it replaces that scope's plain overlay (invariant O2). */
  if (root->kind == DCK_TRIE_KIND_OVERLAY) {
    if (replaces_top) {
      return dck_trie_overlay_init(storage, dck_trie_overlay_parent(root), &entry, root->count,
                                   root->overlay_depth, NULL, owner, false);
    }
    if (root->overlay_depth < DCK_TRIE_OVERLAY_MAX_DEPTH) {
      return dck_trie_overlay_init(storage, root, &entry, root->count + 1u,
                                   root->overlay_depth + 1u, NULL, owner, false);
    }
  }
  return dck_trie_overlay_insert(root, &entry, replaces_top, storage, owner, false);
}

dck_trie_t *dck_trie_insert_owner_into(void *storage, void *owner, dck_trie_t *root, uintptr_t key,
                                       uint64_t hash) {
  if (root == &dck_trie_empty_node) {
    /* A scope's first override, the commonest entry: a plain overlay with nothing to retain,
     * built here, in the stores it needs (the other cases in a function of their own, so that
     * this one saves no register). */
    dck_trie_entry_t entry = {.key = key, .hash = hash, .value = owner};
    return dck_trie_overlay_init(storage, root, &entry, 1, 1, NULL, owner, false);
  }
  return insert_owner_into_root(storage, owner, root, key, hash);
}

/* ------------------------------------------------------------------------------------------------ */
/* Embedded roots                                                                                   */
/* ------------------------------------------------------------------------------------------------ */

void dck_trie_embedded_destroy(void *storage) {
  /* A scope's first override that carries its value, which no fold, shared lookup or overlay
   * put on it used: nothing to give back (and no register to save). */
  if (dck_trie_embedded_is_bare(storage)) {
    DCK_DEBUG_COUNT(dck_debug_counter_trie_nodes, -1);
    return;
  }
  dck_trie_overlay_give_back(storage); /* leaves the storage to its owner */
}

/* ------------------------------------------------------------------------------------------------ */
/* Remove                                                                                           */
/* ------------------------------------------------------------------------------------------------ */

dck_trie_t *dck_trie_remove(dck_trie_t *root, uintptr_t key, uint64_t hash) {
  if (dck_trie_get(root, key, hash) == NULL) {
    dck_trie_retain(root);
    return root;
  }
  /* The key is there: remove it from the canonical form of the map (an overlay chain folds). */
  dck_trie_t *canonical = dck_trie_overlay_fold(root);
  dck_trie_t *result = dck_trie_canonical_remove(canonical, key, hash);
  dck_trie_canonical_release(canonical);
  return result;
}

/* ------------------------------------------------------------------------------------------------ */
/* Merge                                                                                            */
/* ------------------------------------------------------------------------------------------------ */

/* `a` overlaid with `b`, where `b` is a chain of plain overlays over the empty root, as
 * dck_trie_merge returns it: the canonical form of `a` with each of `b`'s entries inserted, from
 * the lowest (a new key adds one overlay, a key of `a` with another value path-copies), each entry
 * as every root holds it (an own value as its stand-in). The result equals `b` exactly when it has
 * as many entries (it holds all of `b`'s), and `a` exactly when nothing was inserted. */
static dck_trie_t *merge_overlays(dck_trie_t *a, dck_trie_t *b) {
  const dck_trie_t *chain[DCK_TRIE_OVERLAY_MAX_DEPTH];
  size_t count = 0;
  for (const dck_trie_t *node = b; dck_trie_is_overlay(node); node = dck_trie_overlay_parent(node)) {
    chain[count++] = node;
  }
  dck_trie_t *base = dck_trie_overlay_fold(a);
  dck_trie_t *result = base;
  dck_trie_retain(result);
  while (count > 0) {
    const dck_trie_t *node = chain[--count];
    dck_trie_t *next = dck_trie_insert(result, node->entries[0].key, node->entries[0].hash,
                                       dck_trie_overlay_shared_value(node));
    dck_trie_release(result);
    result = next;
  }
  dck_trie_t *same = result->count == b->count ? b : (result == base ? a : NULL);
  if (same != NULL) {
    dck_trie_retain(same);
    dck_trie_release(result);
    result = same;
  }
  dck_trie_release(base);
  return result;
}

dck_trie_t *dck_trie_merge(dck_trie_t *a, dck_trie_t *b) {
  if (a->count == 0 || a == b) {
    dck_trie_retain(b);
    return b;
  }
  if (b->count == 0) {
    dck_trie_retain(a);
    return a;
  }
  /* `b` built from `a` by overlays (a scope's values merged with the scope they came from): `b`
   * holds every key of `a` and wins on all of them, so the result is `b`. */
  for (const dck_trie_t *node = b; dck_trie_is_overlay(node);) {
    node = dck_trie_overlay_parent(node);
    if (node == a) {
      dck_trie_retain(b);
      return b;
    }
  }
  if (!dck_trie_is_overlay(a) && !dck_trie_is_overlay(b)) {
    return dck_trie_canonical_merge(a, b, false);
  }
  /* `b` a few overlays over the empty root (the scope a `withDependencies(from:)` runs in, laid
   * over a model's): `b`'s entries inserted into the canonical form of `a`, one small node each. */
  const dck_trie_t *bottom = b;
  while (bottom->kind == DCK_TRIE_KIND_OVERLAY && dck_trie_overlay_parent(bottom)->count > 0) {
    bottom = dck_trie_overlay_parent(bottom);
  }
  if (bottom->kind == DCK_TRIE_KIND_OVERLAY) {
    return merge_overlays(a, b);
  }
  /* Merge the canonical forms, whose shapes tell whether the result equals an input; if it does,
   * hand back that input rather than its folded copy. */
  dck_trie_t *canonical_a = dck_trie_overlay_fold(a);
  dck_trie_t *canonical_b = dck_trie_overlay_fold(b);
  dck_trie_t *merged = dck_trie_canonical_merge(canonical_a, canonical_b, false);
  dck_trie_t *result = merged == canonical_b ? b : (merged == canonical_a ? a : merged);
  if (result != merged) {
    dck_trie_retain(result);
    dck_trie_release(merged);
  }
  dck_trie_release(canonical_a);
  dck_trie_release(canonical_b);
  return result;
}

/* ------------------------------------------------------------------------------------------------ */
/* Walk                                                                                             */
/* ------------------------------------------------------------------------------------------------ */

bool dck_trie_foreach(const dck_trie_t *root, dck_trie_visitor_t visitor, void *context) {
  if (!dck_trie_is_overlay(root)) {
    return dck_trie_canonical_foreach(root, visitor, context);
  }
  /* The canonical form, so that equal maps visit in one order whatever their history. */
  dck_trie_t *canonical = dck_trie_overlay_fold((dck_trie_t *)root);
  bool finished = dck_trie_canonical_foreach(canonical, visitor, context);
  dck_trie_canonical_release(canonical);
  return finished;
}
