/*
 * dck_trie_canonical.h — canonical CHAMP tries, the floor of the trie (private to dck_trie*.c).
 *
 * The operations on canonical roots: bitmap and collision nodes in the shape invariants 3, 5 and 6
 * of dck_trie_canonical.c make a function of the map. Nothing here knows of overlays: every root
 * and node these functions take or build is canonical (the shared empty root, a bitmap root and
 * what hangs below it). The layer above (dck_trie_overlay.c) builds its indexes and canonical
 * forms with them; the public entry points (dck_trie.c) use them on canonical roots.
 *
 * Ownership is stated per function: "+1" returns a new reference, "borrowed" takes none. A
 * *borrowing* node (`borrows`) holds its children but no reference to its values: whoever builds
 * one keeps those values alive for as long as the node lives (the overlay layer's indexes).
 */
#ifndef DCK_TRIE_CANONICAL_H
#define DCK_TRIE_CANONICAL_H

#include "dck_trie_node.h"

/** The most entries dck_trie_canonical_build takes. */
#define DCK_TRIE_CANONICAL_BUILD_MAX 8u

/** Takes a reference to canonical root `root` (+1). The empty root ignores it. Relaxed
 * (dck_rc_increment): the caller's own reference keeps the node alive and initialised. */
static inline void dck_trie_canonical_retain(dck_trie_t *root) {
  if (root != &dck_trie_empty_node) {
    dck_rc_increment(&root->refcount);
  }
}

/** Frees canonical node `node`, whose reference count reached zero, then releases its children and
 * (unless it borrows) its values: a release callback may run arbitrary code, so it runs last. */
void dck_trie_canonical_free(dck_trie_t *node);

/** Gives back a reference to canonical root `root` (consumes). The empty root ignores it. */
static inline void dck_trie_canonical_release(dck_trie_t *root) {
  if (root == &dck_trie_empty_node) {
    return;
  }
  /* Release on the decrement orders this thread's reads of the node before it; the acquire taken
   * when the count reaches zero orders every other thread's reads before the free. */
  if (dck_rc_decrement_is_zero(&root->refcount)) {
    dck_trie_canonical_free(root);
  }
}

/** The value of `key` in canonical root `node` (borrowed), as the node holds it, or NULL.
 * Wait-free: at most 13 bitmap levels and one collision scan. Inline: every lookup ends here. */
static inline void *dck_trie_canonical_get(const dck_trie_t *node, uintptr_t key, uint64_t hash) {
  uint64_t bits = hash;
  for (unsigned depth = 0; depth < DCK_TRIE_COLLISION_DEPTH; depth++, bits >>= DCK_TRIE_BITS) {
    uint32_t bit = 1u << (uint32_t)(bits & DCK_TRIE_SLOT_MASK);
    if (node->datamap & bit) {
      const dck_trie_entry_t *entry = &node->entries[dck_trie_bit_index(node->datamap, bit)];
      return entry->key == key && entry->hash == hash ? entry->value : NULL;
    }
    if ((node->nodemap & bit) == 0) {
      return NULL;
    }
    node = dck_trie_node_children(node)[dck_trie_bit_index(node->nodemap, bit)];
  }
  /* Depth 13: a collision node; every entry has this full hash. */
  for (size_t i = 0; i < node->count; i++) {
    if (node->entries[i].key == key) {
      return node->entries[i].value;
    }
  }
  return NULL;
}

/** Canonical root `root` (borrowed) with `entry` (borrowed) added, or replacing the entry of its
 * key, by path copying, +1. The entry must change the map (a new key, or a new value for a key).
 * The nodes built borrow their values when `borrows`, else retain them. */
dck_trie_t *dck_trie_canonical_insert(const dck_trie_t *root, const dck_trie_entry_t *entry,
                                      bool borrows);

/** Canonical root `root` (borrowed) with the `count` entries `entries` (borrowed, distinct keys
 * `root` does not map) added, +1, in borrowing nodes: one new root for all of them (a copy with
 * room for them, edited in place before anyone can see it), the nodes below path-copied where an
 * entry goes. */
dck_trie_t *dck_trie_canonical_insert_batch(const dck_trie_t *root,
                                            const dck_trie_entry_t *entries, size_t count);

/** Canonical root `root` (borrowed), which maps `key`, without it, +1 (the shared empty root when
 * it was the last). */
dck_trie_t *dck_trie_canonical_remove(const dck_trie_t *root, uintptr_t key, uint64_t hash);

/** `a` overlaid with `b` (both borrowed canonical roots; `b` wins on a shared key), +1: `a` or `b`
 * itself when the result equals it. The nodes it builds borrow their values when `borrows` (both
 * inputs then hold, or borrow, what the result maps), else hold them. */
dck_trie_t *dck_trie_canonical_merge(dck_trie_t *a, dck_trie_t *b, bool borrows);

/** The canonical root (+1, holding its values) of exactly the `count` entries `entries` (1 ...
 * DCK_TRIE_CANONICAL_BUILD_MAX, distinct keys; borrowed, and reordered): one node per node of the
 * result, no intermediate roots. */
dck_trie_t *dck_trie_canonical_build(dck_trie_entry_t *entries, size_t count);

/** Calls `visitor` on every entry of canonical root `root` (borrowed), in the canonical order
 * (entries of a node, then its children in slot order), until it returns false; returns false
 * then, else true. */
bool dck_trie_canonical_foreach(const dck_trie_t *root, dck_trie_visitor_t visitor, void *context);

#endif /* DCK_TRIE_CANONICAL_H */
