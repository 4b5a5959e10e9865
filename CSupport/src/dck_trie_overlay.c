/*
 * dck_trie_overlay.c — overlay roots: inserting into a map of any size with one small node.
 *
 * Why
 * ---
 * Entering a `withDependencies` scope inserts one or a few keys into the scope's map. Path copying
 * (dck_trie.c) copies the nodes on the key's path: with many keys in the map, the root and one or
 * two inner nodes of up to 32 slots each, retaining every child and value they share. An overlay
 * node instead adds the one entry on top of the unchanged root, so inserting a new key costs one
 * allocation of 80 bytes and two reference increments whatever the size of the map, and a scope's
 * root points at the root of the scope around it:
 *
 *   [overlay k3 = v3, depth 3] ──▶ [overlay k2 = v2, depth 2] ──▶ [overlay k1 = v1, depth 1]
 *     ──▶ canonical root (a CHAMP trie, possibly the shared empty root)
 *
 * Invariants (checked by dck_trie_check_invariants, code BAD_OVERLAY)
 * ----------
 *  O1. Overlay nodes occur only as a chain at the top of a map: an overlay's parent is an overlay
 *      or a canonical root (a bitmap node at depth 0); no canonical node points at an overlay.
 *  O2. An overlay's overlay_depth is 1 + its parent's (a canonical root's is 0), at most
 *      DCK_TRIE_OVERLAY_MAX_DEPTH.
 *  O3. An overlay's count is its parent's count plus one.
 *  O4. An overlay's key is absent from its parent: no overlay shadows an entry. So inserting the
 *      top overlay's own key replaces that overlay (same parent, same depth), and inserting a key
 *      present further down builds a canonical root instead (dck_trie_insert).
 * As everywhere in the trie, a key is the pair (key, hash).
 *
 * O4 makes a root keep alive exactly what path copying would: the values of its map and none it
 * replaced. Otherwise a value holding a root that replaced it (a model that captured the
 * dependencies of a scope overriding the very key the model is stored under) would close a cycle
 * and leak.
 *
 * Canonical form
 * --------------
 * The overlays give up the canonical shape of dck_trie.c for the maps they end, so everything that
 * relies on it works on the *canonical form* (dck_trie_canonical): dck_trie_foreach visits it (equal
 * maps still visit in one order), dck_trie_remove removes from it, dck_trie_merge merges the forms
 * and so still returns an input whose map equals the result. Folding a chain gathers its entries
 * (the topmost of each key), builds a canonical subtree of them directly (one node per node of the
 * result, no intermediate roots), and merges it into the canonical root with dck_trie.c's merge.
 * An insert into a chain of the maximum depth folds the chain with the new entry, so a chain never
 * grows past DCK_TRIE_OVERLAY_MAX_DEPTH and a lookup compares at most that many keys first.
 *
 * Ownership
 * ---------
 * An overlay holds one reference to its parent, one to its entry's value (none to an own value, see
 * below), once folded one to its canonical root, and once made one to its stand-in;
 * dck_trie_overlay_give_back gives them back when its last reference goes. An
 * *embedded* overlay (dck_trie_insert_into) lives in storage inside an owner object instead, and
 * has no count of its own: dck_trie_retain and dck_trie_release of it retain and release the owner
 * through the value callbacks, and the owner's deinit gives back what the overlay holds
 * (dck_trie_embedded_destroy) before its storage is freed. The façade embeds a scope's new root in
 * the Swift object that owns it, so entering a scope allocates that object and the value's box, and
 * no trie node of its own. Folding returns a new +1 root and releases every temporary it made; the
 * chain it folded is unchanged (but for its canonical and stand-in slots), and it holds values,
 * never owners.
 *
 * Own values
 * ----------
 * An embedded overlay may map its key to its owner itself (dck_trie_insert_owner_into): an object
 * that carries the value, so that a scope entry allocates one object. The overlay counts no
 * reference to such an *own value* (it would be the owner's reference to itself) and gives none back.
 * Every other node must not hold the owner (a root holding its owner never goes), so whatever copies
 * the entry out of the overlay — the fold, and through it every canonical form, merge, walk and
 * removal — takes the overlay's *stand-in* instead: a value that reads the same, made once through
 * the stand-in callback and kept by the overlay (its own +1, given back with the overlay), so that
 * every root holding the entry holds one pointer for it. dck_trie_get_shared looks a key up as those
 * roots hold it, for callers that compare values found in different roots.
 * So a node holds an own value only as the entry of the embedded overlay whose owner it is (which the
 * checker cannot see, as a value is opaque to it; TrieOwnValueTests checks that the owners go).
 *
 * Memory ordering: an overlay's fields are written before the overlay is published, like any node
 * (dck_trie.c). The canonical and stand-in slots are the fields written later: each set once from
 * NULL by a compare-and-swap with release ordering, read with acquire, so a thread that sees the
 * root or stand-in sees it built; the thread that loses the race releases its own.
 *
 * Progress: dck_trie_overlay_insert, dck_trie_canonical and dck_trie_overlay_shared_value are
 * lock-free apart from malloc (and the stand-in callback, which allocates); they write only to nodes
 * they allocate (and the canonical and stand-in slots, once each), and read nodes that are immutable
 * once published.
 */
#include "dck_trie_node.h"
#include "dck_values.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* At most this many entries are folded at once: a full chain and the entry that overflows it. */
#define FOLD_CAPACITY (DCK_TRIE_OVERLAY_MAX_DEPTH + 1u)

/* ------------------------------------------------------------------------------------------------ */
/* Overlay nodes                                                                                    */
/* ------------------------------------------------------------------------------------------------ */

_Static_assert(sizeof(dck_trie_t) + sizeof(dck_trie_entry_t) + 2 * sizeof(void *) +
                       sizeof(dck_atomic_ptr_t) <=
                   DCK_TRIE_OVERLAY_SIZE,
               "an overlay node must fit the storage dck_trie_insert_into documents");

/* A new overlay adding `entry` (borrowed; its value retained, or its +1 taken over when
 * `value_taken`) to `parent` (retained): built in `storage` for `owner`, or allocated (+1) when
 * `storage` is NULL. */
static dck_trie_t *overlay_new(dck_trie_t *parent, const dck_trie_entry_t *entry, size_t count,
                               unsigned depth, void *storage, void *owner, bool value_taken) {
  dck_trie_t *node = storage;
  if (node == NULL) {
    node = malloc(DCK_TRIE_OVERLAY_SIZE);
    if (node == NULL) {
      fprintf(stderr, "swift-dependencies: out of memory allocating %u bytes for a trie node\n",
              (unsigned)DCK_TRIE_OVERLAY_SIZE);
      abort();
    }
    owner = NULL;
  }
  dck_rc_init(&node->refcount, 1); /* unused when embedded: the owner counts */
  node->datamap = 0;
  node->nodemap = 1; /* its one child: the parent (see dck_trie_node.h) */
  node->kind = DCK_TRIE_KIND_OVERLAY;
  node->data_count = 1;
  node->overlay_depth = (uint8_t)depth;
  node->count = count;
  node->entries[0] = *entry;
  /* An own value (the owner itself) is not counted: the owner's references are the node's. */
  if (!value_taken && entry->value != owner) { /* else the reference the trie took is the node's */
    dck_value_retain(entry->value, DCK_VALUE_OWNER_TRIE);
  }
  if (parent != &dck_trie_empty_node) { /* a scope's first override: nothing to retain */
    dck_trie_retain(parent);
  }
  ((dck_trie_t **)(void *)(node->entries + 1))[0] = parent;
  *dck_trie_overlay_owner_slot(node) = owner;
  dck_ptr_store_release(dck_trie_overlay_canonical_slot(node), NULL); /* before it is published */
  dck_ptr_store_release(dck_trie_overlay_stand_in_slot(node), NULL);
  DCK_DEBUG_COUNT(dck_debug_counter_trie_nodes, +1);
  return node;
}

/* ------------------------------------------------------------------------------------------------ */
/* Folding a chain into a canonical root                                                            */
/* ------------------------------------------------------------------------------------------------ */

/* The slot of `entry` at `depth`, or its key at the collision depth: what entries are grouped by. */
static uint64_t group_of(const dck_trie_entry_t *entry, unsigned depth) {
  return depth == DCK_TRIE_COLLISION_DEPTH ? (uint64_t)entry->key
                                           : dck_trie_slot(entry->hash, depth);
}

/* Sorts a few entries by group_of (insertion sort: at most FOLD_CAPACITY of them). */
static void sort_entries(dck_trie_entry_t *entries, size_t count, unsigned depth) {
  for (size_t i = 1; i < count; i++) {
    dck_trie_entry_t moving = entries[i];
    uint64_t group = group_of(&moving, depth);
    size_t j = i;
    while (j > 0 && group_of(&entries[j - 1], depth) > group) {
      entries[j] = entries[j - 1];
      j--;
    }
    entries[j] = moving;
  }
}

/*
 * The canonical subtree (+1) at `depth` holding exactly `entries` (distinct keys that agree on the
 * hash bits of every level above `depth`; `count` >= 1, and >= 2 below the root). Reorders
 * `entries`. One node per node of the result: a slot with one entry holds it inline, a slot with
 * more holds a child built the same way one level down (invariants 3, 5 and 6 of dck_trie.c).
 */
static dck_trie_t *build_canonical(dck_trie_entry_t *entries, size_t count, unsigned depth) {
  sort_entries(entries, count, depth);
  if (depth == DCK_TRIE_COLLISION_DEPTH) { /* one full hash; sorted by key above */
    dck_trie_t *node = dck_trie_node_allocate(DCK_TRIE_KIND_COLLISION, 0, 0, count);
    memcpy(node->entries, entries, count * sizeof(dck_trie_entry_t));
    dck_trie_retain_entry_values(node->entries, count);
    return node;
  }
  dck_trie_entry_t inline_entries[FOLD_CAPACITY];
  dck_trie_t *children[FOLD_CAPACITY];
  uint32_t datamap = 0, nodemap = 0;
  size_t inline_count = 0, child_count = 0;
  for (size_t start = 0; start < count;) {
    uint32_t slot = dck_trie_slot(entries[start].hash, depth);
    size_t end = start + 1;
    while (end < count && dck_trie_slot(entries[end].hash, depth) == slot) {
      end++;
    }
    if (end - start == 1) {
      datamap |= 1u << slot;
      inline_entries[inline_count++] = entries[start];
    } else {
      nodemap |= 1u << slot;
      children[child_count++] = build_canonical(entries + start, end - start, depth + 1);
    }
    start = end;
  }
  dck_trie_t *node = dck_trie_node_allocate(DCK_TRIE_KIND_BITMAP, datamap, nodemap, count);
  memcpy(node->entries, inline_entries, inline_count * sizeof(dck_trie_entry_t));
  dck_trie_retain_entry_values(node->entries, inline_count);
  /* The children are +1 from build_canonical: the node takes those references over. */
  memcpy(node->entries + inline_count, children, child_count * sizeof(dck_trie_t *));
  return node;
}

/* Adds `entry` to `gathered` unless its key is there already (an entry higher up wins). */
static void gather(dck_trie_entry_t *gathered, size_t *count, const dck_trie_entry_t *entry) {
  for (size_t i = 0; i < *count; i++) {
    if (gathered[i].key == entry->key && gathered[i].hash == entry->hash) {
      return;
    }
  }
  gathered[(*count)++] = *entry;
}

/* The canonical root (+1) of the map `root` (borrowed, an overlay) with `extra` (borrowed, or NULL)
 * on top. */
static dck_trie_t *fold(const dck_trie_t *root, const dck_trie_entry_t *extra) {
  dck_trie_entry_t gathered[FOLD_CAPACITY];
  size_t count = 0;
  if (extra != NULL) {
    gathered[count++] = *extra;
  }
  const dck_trie_t *node = root;
  for (; node->kind == DCK_TRIE_KIND_OVERLAY; node = dck_trie_overlay_parent(node)) {
    /* An own value goes into the fold as its stand-in: the fold must not hold the owner. */
    dck_trie_entry_t entry = node->entries[0];
    entry.value = dck_trie_overlay_shared_value(node);
    gather(gathered, &count, &entry);
  }
  dck_trie_t *top = build_canonical(gathered, count, 0);
  dck_trie_t *result = dck_trie_merge_canonical((dck_trie_t *)node, top);
  dck_trie_release(top);
  return result;
}

/* ------------------------------------------------------------------------------------------------ */
/* API shared with dck_trie.c                                                                       */
/* ------------------------------------------------------------------------------------------------ */

dck_trie_t *dck_trie_overlay_insert(dck_trie_t *root, const dck_trie_entry_t *entry,
                                    bool replaces_top, void *storage, void *owner,
                                    bool value_taken) {
  if (replaces_top) { /* the top key again: replace the top overlay (invariant O4) */
    return overlay_new(dck_trie_overlay_parent(root), entry, root->count, root->overlay_depth,
                       storage, owner, value_taken);
  }
  unsigned depth = root->kind == DCK_TRIE_KIND_OVERLAY ? root->overlay_depth : 0u;
  if (depth < DCK_TRIE_OVERLAY_MAX_DEPTH) {
    return overlay_new(root, entry, root->count + 1u, depth + 1u, storage, owner, value_taken);
  }
  dck_trie_t *folded = fold(root, entry);
  if (value_taken) {
    dck_value_release(entry->value, DCK_VALUE_OWNER_TRIE); /* the fold retained what it keeps */
  }
  return folded;
}

void *dck_trie_overlay_shared_value(const dck_trie_t *node) {
  if (!dck_trie_overlay_holds_own_value(node)) {
    return node->entries[0].value;
  }
  dck_atomic_ptr_t *slot = dck_trie_overlay_stand_in_slot(node);
  void *stand_in = dck_ptr_load_acquire(slot);
  if (stand_in == NULL) {
    void *made = dck_value_make_stand_in(node->entries[0].value, DCK_VALUE_OWNER_TRIE); /* +1 */
    if (dck_ptr_cas_release(slot, NULL, made)) {
      stand_in = made;
    } else { /* another thread made one first: use it */
      dck_value_release(made, DCK_VALUE_OWNER_TRIE);
      stand_in = dck_ptr_load_acquire(slot);
    }
  }
  return stand_in;
}

void dck_trie_overlay_give_back(dck_trie_t *node) {
  dck_trie_t *parent = dck_trie_overlay_parent(node);
  /* An own value is its owner, whose last reference is what is going: nothing to give back. */
  void *value = dck_trie_overlay_holds_own_value(node) ? NULL : node->entries[0].value;
  /* The last reference is gone: no thread can still set the slots. */
  dck_trie_t *canonical = dck_ptr_load_acquire(dck_trie_overlay_canonical_slot(node));
  void *stand_in = dck_ptr_load_acquire(dck_trie_overlay_stand_in_slot(node));
  if (dck_trie_embedding_owner(node) == NULL) {
    free(node); /* an embedded overlay's storage is its owner's */
  }
  DCK_DEBUG_COUNT(dck_debug_counter_trie_nodes, -1);
  if (canonical != NULL) {
    dck_trie_release(canonical);
  }
  if (parent != &dck_trie_empty_node) {
    dck_trie_release(parent);
  }
  if (value != NULL) {
    dck_value_release(value, DCK_VALUE_OWNER_TRIE);
  }
  if (stand_in != NULL) {
    dck_value_release(stand_in, DCK_VALUE_OWNER_TRIE);
  }
}

void dck_trie_embedded_destroy(void *storage) {
  dck_trie_overlay_give_back(storage); /* leaves the storage to its owner */
}

dck_trie_t *dck_trie_overlay_fold(const dck_trie_t *root, const dck_trie_entry_t *entry) {
  return fold(root, entry);
}

dck_trie_t *dck_trie_canonical(dck_trie_t *root) {
  if (root->kind != DCK_TRIE_KIND_OVERLAY) {
    dck_trie_retain(root);
    return root;
  }
  /* Folded once per overlay: repeated walks and merges of one scope's root (a model merged by
   * every withDependencies(from:)) reuse the first fold. */
  dck_atomic_ptr_t *slot = dck_trie_overlay_canonical_slot(root);
  dck_trie_t *canonical = dck_ptr_load_acquire(slot);
  if (canonical == NULL) {
    dck_trie_t *folded = fold(root, NULL); /* +1, which the overlay keeps if it wins */
    if (dck_ptr_cas_release(slot, NULL, folded)) {
      canonical = folded;
    } else { /* another thread folded first: use its root */
      DCK_DEBUG_COUNT(dck_debug_counter_fold_races, 1);
      dck_trie_release(folded);
      canonical = dck_ptr_load_acquire(slot);
    }
  }
  dck_trie_retain(canonical);
  return canonical;
}
