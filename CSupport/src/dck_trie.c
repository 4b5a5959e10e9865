/*
 * dck_trie.c — a persistent CHAMP hash trie: the dependency overrides of one scope.
 *
 * Overview
 * --------
 * A hash array mapped trie (HAMT, Bagwell 2000, "Ideal Hash Trees") maps a key to a value by
 * walking the key's hash five bits at a time: each level is a node of up to 32 slots, and the five
 * bits select a slot. Storing a bitmap of the occupied slots and only the occupied slots keeps
 * sparse nodes small; the position of a slot among the occupied ones is the popcount of the bitmap
 * bits below it.
 *
 * CHAMP (Steindorfer & Vinju 2015, "Optimizing Hash-Array Mapped Tries for Fast and Lean Immutable
 * JVM Collections") refines this with two bitmaps per node, one for inline entries ("data") and one
 * for sub-nodes, and stores all entries before all children. That keeps the entries of a node
 * contiguous, drops the per-slot tag, and, together with compaction on removal, gives every map one
 * canonical shape: equal maps have equal trees, whatever the order of the operations that built
 * them.
 *
 * The trie here is persistent: nodes never change once built. An update copies the nodes on the
 * path from the root to the changed slot ("path copying", at most one new node per level) and
 * shares every other subtree with the old root.
 *
 * Adding a new key does not even copy the path: it puts an *overlay* node, holding just that entry,
 * on top of the old root (dck_trie_overlay.c). A lookup checks at most eight overlays of a chain
 * (fifteen of a deeper one) before it walks a trie (the canonical root under the chain, or the
 * index of an overlay deeper than eight, a canonical trie of *borrowing* nodes that hold no
 * reference to their values), and everything that
 * needs the canonical shape (walks, removal, merge) works on the chain folded into a canonical
 * trie. This file's invariants are those of canonical tries, indexes included; dck_trie_overlay.c
 * lists the overlays' own.
 *
 * Node layout (see dck_trie_node.h)
 * ---------------------------------
 *
 *         one malloc block per node
 *   +----------------+  0
 *   | refcount  u32  |  atomic; the immortal empty root ignores it
 *   | datamap   u32  |  bit s: slot s holds an inline entry
 *   | nodemap   u32  |  bit s: slot s holds a child
 *   | kind      u8   |  BITMAP or COLLISION (or OVERLAY, see dck_trie_node.h)
 *   | data_count u8  |  popcount(datamap), cached: where the children start
 *   | overlay_depth  |  u8, 0 here (overlays only)
 *   | borrows   u8   |  1: an index's node, holding no reference to its values
 *   | count  size_t  |  entries in the whole subtree, so dck_trie_count is O(1)
 *   +----------------+  24 (on 64-bit platforms)
 *   | entry 0        |  { key uintptr_t, hash uint64_t, value void * }, for the datamap bits in
 *   | ...            |  ascending slot order (index = popcount(datamap & (bit - 1)))
 *   | entry n-1      |
 *   +----------------+
 *   | child 0        |  dck_trie_t *, for the nodemap bits in ascending slot order
 *   | ...            |  (index = popcount(nodemap & (bit - 1)))
 *   | child m-1      |
 *   +----------------+
 *
 *   Example: slot 3 holds an entry, slot 9 a child, slot 17 an entry:
 *     datamap = (1 << 3) | (1 << 17), nodemap = 1 << 9
 *     entries = [ e3, e17 ], children = [ c9 ]
 *
 * A bitmap node at depth d (the root has depth 0) selects slots with hash bits [5d, 5d + 5). The
 * 64-bit hash is used up after 13 levels (depths 0 ... 12; depth 12 sees only 4 bits). Distinct
 * keys whose full hashes are equal therefore still share a slot at depth 12; they live in a
 * *collision node* at depth 13: kind COLLISION, both bitmaps zero, `count` entries sorted by key,
 * no children. A key's path is thus at most 13 bitmap nodes and one collision node.
 *
 * A key is identified by the pair (key, hash); callers give each key one hash.
 *
 * Invariants (dck_trie_check_invariants in dck_trie_debug.c checks each, reporting the listed code)
 * ----------
 *  1. Every node reachable from a live root has a reference count of at least one (the shared empty
 *     root excepted, which ignores its count).                                    BAD_REFCOUNT
 *  2. A bitmap node's datamap and nodemap are disjoint, and its data_count is the popcount of its
 *     datamap.                                                                    BAD_BITMAP
 *  3. Every entry in the subtree under a slot has hash bits selecting that slot at that depth:
 *     an entry at depth d, slot s, under path prefix p satisfies
 *     hash & (2^(5d) - 1) == p and bits [5d, 5d + 5) of hash == s.               MISPLACED_HASH
 *  4. A node's `count` equals its inline entries plus the counts of its children.  BAD_COUNT
 *  5. Compactness (canonical form): every child holds at least two entries (a subtree of one entry
 *     is inlined into its parent), and the only root with no entries is the shared empty root.
 *                                                                                 NOT_COMPACT
 *  6. Collision nodes sit at depth 13 and nowhere else, and bitmap nodes above it; a collision node
 *     has both bitmaps zero, at least two entries, one full hash for all of them, and keys in
 *     ascending order (so its order too is canonical).                            BAD_COLLISION
 *  7. No (key, hash) is stored twice, and no key appears with two hashes.         DUPLICATE_KEY
 *
 * Invariants 3, 5 and 6 together make the shape a function of the set of entries: a slot holds
 * nothing, one inline entry, or (for two or more entries) a child built the same way one level
 * down; at depth 13 the entries are sorted. So equal maps have equal trees and equal
 * dck_trie_foreach order.
 *
 * Reference ownership
 * -------------------
 *  - A root handed out by the API is +1 and released with dck_trie_release.
 *  - A node owns one reference to each of its children and one reference to each value it stores
 *    (taken with dck_value_retain), unless it is a *borrowing* node (`borrows`), which an index is
 *    built of (dck_trie_overlay.c): it owns its children and no value. A copied node retains every
 *    child it shares with its source, and every value unless it borrows; a freshly built child is
 *    handed to its new parent, which takes over that reference. The functions that build nodes take
 *    `borrows` and pass it to every node they build.
 *  - Internal builders return +1 nodes; "borrowed" pointers into another node are retained exactly
 *    when a new node starts pointing at them.
 *  - When a node's reference count drops to zero it is freed: its children are released
 *    (recursively, at most 14 levels deep) and its values released through the value callback. The
 *    callbacks run last, after the node's memory has been read and freed, because a release
 *    callback may run arbitrary code (a Swift deinit may even release another trie that shares
 *    nodes with this one).
 *  - The empty root is one static, immortal node: retain and release do nothing to it.
 *
 * Memory ordering
 * ---------------
 * A node is written only by the thread that builds it, before anyone else can see it. It reaches
 * other threads in one of two ways: (a) the Swift side passes a root pointer through a task-local
 * (or any other synchronised hand-off: a lock, a thread start, a queue), whose own synchronisation
 * orders the node's initialisation before any read by the receiving thread; (b) a new parent built
 * on another thread retains a child it found through a root it already holds, which needs no
 * ordering of its own. So node contents are never published through this file's atomics, and
 * reading a node needs no atomic at all.
 *
 * Reference counts (dck_atomic.h):
 *  - increment is relaxed: a thread can only take a new reference through one it already holds,
 *    which keeps the node alive and already orders its initialisation before the increment;
 *  - decrement is release, and the decrement that reaches zero is followed by an acquire fence:
 *    every read any thread made of the node (through its reference) happens before the last
 *    releaser frees it. Without the release a reader's load could be reordered after its decrement
 *    and race with the free; without the acquire the free could race with another thread's earlier
 *    reads.
 *
 * Progress
 * --------
 *  dck_trie_get, dck_trie_count, dck_trie_empty, dck_trie_retain: wait-free (get: at most 15 overlay
 *  keys, 13 bitmap levels of the canonical root or an index and one collision scan, no allocation,
 *  no reference-count traffic).
 *  dck_trie_foreach: wait-free apart from the visitor on a canonical root; on an overlay it first
 *  folds the chain (lock-free apart from malloc).
 *  dck_trie_insert, dck_trie_remove, dck_trie_merge: lock-free apart from malloc; they write only
 *  to nodes they have just allocated and increment the counts of shared nodes.
 *  dck_trie_release: lock-free apart from free and the value callbacks; the walk is bounded by the
 *  nodes that become unreachable.
 *
 * Allocation failure is not recoverable here: it prints a message to standard error and aborts.
 *
 * References
 * ----------
 *  Phil Bagwell. Ideal Hash Trees. Technical report, EPFL, 2000.
 *  Michael J. Steindorfer and Jurgen J. Vinju. Optimizing Hash-Array Mapped Tries for Fast and Lean
 *  Immutable JVM Collections. OOPSLA 2015.
 */
#include "dck_trie_node.h"
#include "dck_values.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------------------------------------ */
/* Nodes                                                                                            */
/* ------------------------------------------------------------------------------------------------ */

/* The one shared, immortal empty root: a bitmap node with no slots. Never written. */
dck_trie_t dck_trie_empty_node = {.refcount = 1, .kind = DCK_TRIE_KIND_BITMAP};

void *dck_trie_allocate_or_abort(size_t size) {
  void *memory = malloc(size);
  if (memory == NULL) {
    fprintf(stderr, "swift-dependencies: out of memory allocating %zu bytes for a trie node\n",
            size);
    abort();
  }
  return memory;
}

/* A new node with reference count 1 and room for its entries (popcount(datamap) in a bitmap node,
 * `count` in a collision node) and popcount(nodemap) children, which the caller fills in (and
 * retains) before handing the node out; it borrows its values when `borrows` (an index's node,
 * dck_trie_overlay.c). */
dck_trie_t *dck_trie_node_allocate(dck_trie_kind_t kind, uint32_t datamap, uint32_t nodemap,
                                   size_t count, bool borrows) {
  size_t entries =
      kind == DCK_TRIE_KIND_COLLISION ? count : (size_t)__builtin_popcount(datamap);
  size_t size = sizeof(dck_trie_t) + entries * sizeof(dck_trie_entry_t) +
                (size_t)__builtin_popcount(nodemap) * sizeof(dck_trie_t *);
  dck_trie_t *node = dck_trie_allocate_or_abort(size);
  /* Not yet shared: the node reaches other threads only through a synchronised hand-off. */
  dck_rc_init(&node->refcount, 1);
  node->datamap = datamap;
  node->nodemap = nodemap;
  node->kind = (uint8_t)kind;
  node->data_count = (uint8_t)__builtin_popcount(datamap);
  node->overlay_depth = 0;
  node->borrows = borrows ? 1 : 0;
  node->count = count;
  DCK_DEBUG_COUNT(dck_debug_counter_trie_nodes, +1);
  return node;
}

static dck_trie_t **node_children_mutable(dck_trie_t *node) {
  return (dck_trie_t **)(void *)(node->entries + node->data_count);
}

void dck_trie_node_retain_values(const dck_trie_t *node, size_t n) {
  if (node->borrows) {
    return; /* an index's node: the chain it indexes holds the values */
  }
  for (size_t i = 0; i < n; i++) {
    dck_value_retain(node->entries[i].value, DCK_VALUE_OWNER_TRIE);
  }
}

/* Takes a reference to a child that a new node shares with an old one. Children are never the
 * empty root. Relaxed (dck_rc_increment): the caller holds a reference to a node that holds this
 * child, so the child is alive and initialised. */
static void retain_child(dck_trie_t *child) {
  dck_rc_increment(&child->refcount);
}

/* Frees a node whose reference count reached zero, then gives back its references. */
static void node_free(dck_trie_t *node) {
  dck_trie_t *children[32];
  void *values_inline[32];
  void **values = values_inline;
  uint32_t child_count = dck_trie_node_child_count(node);
  /* A borrowing node gives back its children only. */
  uint32_t entry_count = node->borrows ? 0u : dck_trie_node_entry_count(node);
  if (entry_count > 32) { /* a collision node with many entries */
    values = dck_trie_allocate_or_abort(entry_count * sizeof(void *));
  }
  memcpy(children, dck_trie_node_children(node), child_count * sizeof(dck_trie_t *));
  for (uint32_t i = 0; i < entry_count; i++) {
    values[i] = node->entries[i].value;
  }
  free(node);
  DCK_DEBUG_COUNT(dck_debug_counter_trie_nodes, -1);

  /* The node is gone; nothing below touches it, so arbitrary code in a callback is harmless. */
  for (uint32_t i = 0; i < child_count; i++) {
    dck_trie_release(children[i]);
  }
  for (uint32_t i = 0; i < entry_count; i++) {
    dck_value_release(values[i], DCK_VALUE_OWNER_TRIE);
  }
  if (values != values_inline) {
    free(values);
  }
}

/* What a slot of a bitmap node holds after an edit. */
typedef enum slot_content {
  SLOT_EMPTY,
  SLOT_ENTRY,
  SLOT_CHILD,
} slot_content_t;

/*
 * A copy of bitmap node `source` in which slot `bit` holds `content`: nothing, `*entry` (borrowed;
 * its value is retained) or `child` (consumed). Every other slot is shared, its value or child
 * retained. `count` is the new subtree count. The new node borrows its values when `borrows` (an
 * index's, whatever `source` is). Every single-slot edit of insert and remove is one call of this.
 */
static dck_trie_t *bitmap_with_slot(const dck_trie_t *source, uint32_t bit, slot_content_t content,
                                    const dck_trie_entry_t *entry, dck_trie_t *child,
                                    size_t count, bool borrows) {
  uint32_t datamap = source->datamap & ~bit;
  uint32_t nodemap = source->nodemap & ~bit;
  if (content == SLOT_ENTRY) {
    datamap |= bit;
  } else if (content == SLOT_CHILD) {
    nodemap |= bit;
  }
  dck_trie_t *node = dck_trie_node_allocate(DCK_TRIE_KIND_BITMAP, datamap, nodemap, count, borrows);

  /* The slots below `bit` keep their indexes; the slot itself is dropped from the source (if it
   * was there) and the new content, if any, put in its place. */
  uint32_t source_entries = source->data_count;
  uint32_t entry_at = dck_trie_bit_index(source->datamap, bit);
  uint32_t entry_after = entry_at + ((source->datamap & bit) ? 1u : 0u);
  dck_trie_entry_t *entries = node->entries;
  memcpy(entries, source->entries, entry_at * sizeof(dck_trie_entry_t));
  entries += entry_at;
  if (content == SLOT_ENTRY) {
    *entries++ = *entry;
  }
  memcpy(entries, source->entries + entry_after,
         (source_entries - entry_after) * sizeof(dck_trie_entry_t));
  dck_trie_node_retain_values(node, node->data_count);

  uint32_t source_children = dck_trie_node_child_count(source);
  uint32_t child_at = dck_trie_bit_index(source->nodemap, bit);
  uint32_t child_after = child_at + ((source->nodemap & bit) ? 1u : 0u);
  dck_trie_t *const *old_children = dck_trie_node_children(source);
  dck_trie_t **children = node_children_mutable(node);
  for (uint32_t i = 0; i < child_at; i++) {
    retain_child(old_children[i]);
    *children++ = old_children[i];
  }
  if (content == SLOT_CHILD) {
    *children++ = child;
  }
  for (uint32_t i = child_after; i < source_children; i++) {
    retain_child(old_children[i]);
    *children++ = old_children[i];
  }
  return node;
}

/* Where `key` is, or would go, among the key-sorted entries of a collision node. */
static size_t collision_lower_bound(const dck_trie_t *node, uintptr_t key) {
  size_t at = 0;
  while (at < node->count && node->entries[at].key < key) {
    at++;
  }
  return at;
}

/* A copy of collision node `source` with `removed` (0 or 1) entries at `at` replaced by `*entry`
 * (borrowed) when it is not NULL. Values retained, unless the copy `borrows`. */
static dck_trie_t *collision_splice(const dck_trie_t *source, size_t at, size_t removed,
                                    const dck_trie_entry_t *entry, bool borrows) {
  size_t count = source->count - removed + (entry != NULL ? 1u : 0u);
  dck_trie_t *node = dck_trie_node_allocate(DCK_TRIE_KIND_COLLISION, 0, 0, count, borrows);
  dck_trie_entry_t *entries = node->entries;
  memcpy(entries, source->entries, at * sizeof(dck_trie_entry_t));
  entries += at;
  if (entry != NULL) {
    *entries++ = *entry;
  }
  memcpy(entries, source->entries + at + removed,
         (source->count - at - removed) * sizeof(dck_trie_entry_t));
  dck_trie_node_retain_values(node, count);
  return node;
}

/* The canonical subtree (+1) at `depth` holding exactly the two distinct entries `a` and `b`
 * (borrowed), which agree on the hash bits of every level above `depth`; of borrowing nodes when
 * `borrows`. */
static dck_trie_t *node_from_two(const dck_trie_entry_t *a, const dck_trie_entry_t *b,
                                 unsigned depth, bool borrows) {
  if (depth == DCK_TRIE_COLLISION_DEPTH) {
    dck_trie_t *node = dck_trie_node_allocate(DCK_TRIE_KIND_COLLISION, 0, 0, 2, borrows);
    node->entries[0] = a->key < b->key ? *a : *b;
    node->entries[1] = a->key < b->key ? *b : *a;
    dck_trie_node_retain_values(node, 2);
    return node;
  }
  uint32_t slot_a = dck_trie_slot(a->hash, depth);
  uint32_t slot_b = dck_trie_slot(b->hash, depth);
  if (slot_a == slot_b) {
    dck_trie_t *child = node_from_two(a, b, depth + 1, borrows);
    dck_trie_t *node = dck_trie_node_allocate(DCK_TRIE_KIND_BITMAP, 0, 1u << slot_a, 2, borrows);
    node_children_mutable(node)[0] = child;
    return node;
  }
  dck_trie_t *node = dck_trie_node_allocate(DCK_TRIE_KIND_BITMAP, (1u << slot_a) | (1u << slot_b),
                                            0, 2, borrows);
  node->entries[0] = slot_a < slot_b ? *a : *b;
  node->entries[1] = slot_a < slot_b ? *b : *a;
  dck_trie_node_retain_values(node, 2);
  return node;
}

/* ------------------------------------------------------------------------------------------------ */
/* Public API: references, lookup, count                                                            */
/* ------------------------------------------------------------------------------------------------ */

void dck_trie_retain(dck_trie_t *root) {
  if (root == &dck_trie_empty_node) {
    return;
  }
  void *owner = dck_trie_embedding_owner(root);
  if (owner != NULL) { /* an embedded overlay: its owner's count is its count */
    dck_object_retain(owner);
    return;
  }
  /* Relaxed: the caller's own reference keeps the node alive and initialised. */
  dck_rc_increment(&root->refcount);
}

void dck_trie_release(dck_trie_t *root) {
  if (root == &dck_trie_empty_node) {
    return;
  }
  void *owner = dck_trie_embedding_owner(root);
  if (owner != NULL) { /* the owner's deinit calls dck_trie_embedded_destroy */
    dck_object_release(owner);
    return;
  }
  /* Release on the decrement orders this thread's reads of the node before it; the acquire taken
   * when the count reaches zero orders every other thread's reads before the free below. */
  if (dck_rc_decrement_is_zero(&root->refcount)) {
    if (dck_trie_is_overlay(root)) {
      dck_trie_overlay_give_back(root); /* frees it (an allocated overlay) */
    } else {
      node_free(root);
    }
  }
}

/* The canonical part of a lookup: `node` is a canonical root (or an index's). */
static inline void *canonical_get(const dck_trie_t *node, uintptr_t key, uint64_t hash) {
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

void *dck_trie_canonical_get(const dck_trie_t *node, uintptr_t key, uint64_t hash) {
  return canonical_get(node, key, hash);
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
  return canonical_get(node, key, hash);
}

size_t dck_trie_count(const dck_trie_t *root) {
  return root->count;
}

dck_trie_t *dck_trie_overlay_base(const dck_trie_t *root) {
  return dck_trie_is_overlay(root) ? dck_trie_overlay_parent(root) : NULL;
}

/* ------------------------------------------------------------------------------------------------ */
/* Insert                                                                                           */
/* ------------------------------------------------------------------------------------------------ */

/*
 * `node` (borrowed, at `depth`) with `entry` (borrowed) added, as a new +1 node; or NULL when the
 * result would equal `node`: the key is present and either `replace` is false or it already maps
 * to entry->value. The nodes it builds borrow their values when `borrows` (an index's).
 */
static dck_trie_t *insert_at(const dck_trie_t *node, unsigned depth, const dck_trie_entry_t *entry,
                             bool replace, bool borrows) {
  if (depth == DCK_TRIE_COLLISION_DEPTH) {
    size_t at = collision_lower_bound(node, entry->key);
    if (at < node->count && node->entries[at].key == entry->key) {
      if (!replace || node->entries[at].value == entry->value) {
        return NULL;
      }
      return collision_splice(node, at, 1, entry, borrows);
    }
    return collision_splice(node, at, 0, entry, borrows);
  }

  uint32_t bit = 1u << dck_trie_slot(entry->hash, depth);
  if (node->datamap & bit) {
    const dck_trie_entry_t *old = &node->entries[dck_trie_bit_index(node->datamap, bit)];
    if (old->key == entry->key && old->hash == entry->hash) {
      if (!replace || old->value == entry->value) {
        return NULL;
      }
      return bitmap_with_slot(node, bit, SLOT_ENTRY, entry, NULL, node->count, borrows);
    }
    /* Two entries for one slot: they move down into a new subtree. */
    dck_trie_t *child = node_from_two(old, entry, depth + 1, borrows);
    return bitmap_with_slot(node, bit, SLOT_CHILD, NULL, child, node->count + 1, borrows);
  }
  if (node->nodemap & bit) {
    dck_trie_t *old = dck_trie_node_children(node)[dck_trie_bit_index(node->nodemap, bit)];
    dck_trie_t *child = insert_at(old, depth + 1, entry, replace, borrows);
    if (child == NULL) {
      return NULL;
    }
    return bitmap_with_slot(node, bit, SLOT_CHILD, NULL, child,
                            node->count - old->count + child->count, borrows);
  }
  return bitmap_with_slot(node, bit, SLOT_ENTRY, entry, NULL, node->count + 1, borrows);
}

dck_trie_t *dck_trie_canonical_insert_new(const dck_trie_t *root, const dck_trie_entry_t *entry,
                                          bool borrows) {
  return insert_at(root, 0, entry, false, borrows); /* not NULL: the key is new */
}

/* Adds `entry` (a new key) to `root`, a borrowing bitmap root this thread just made with room for
 * it and shares with no one: edited in place, the nodes below it path-copied into borrowing ones.
 * (Nothing here retains or releases a value: a borrowing node holds none.) */
static void root_add_in_place(dck_trie_t *root, const dck_trie_entry_t *entry) {
  uint32_t bit = 1u << dck_trie_slot(entry->hash, 0);
  dck_trie_entry_t *entries = root->entries;
  dck_trie_t **children = node_children_mutable(root);
  uint32_t child_count = dck_trie_node_child_count(root);
  if (root->nodemap & bit) { /* into the child there: a path copy replaces it */
    dck_trie_t **slot = &children[dck_trie_bit_index(root->nodemap, bit)];
    dck_trie_t *old = *slot;
    *slot = insert_at(old, 1, entry, false, true); /* not NULL: the key is new */
    dck_trie_release(old); /* the root's reference; whoever else shares the child keeps theirs */
  } else if (root->datamap & bit) { /* the entry there and this one move down into a child */
    uint32_t at = dck_trie_bit_index(root->datamap, bit);
    dck_trie_t *child = node_from_two(&entries[at], entry, 1, true);
    uint32_t child_at = dck_trie_bit_index(root->nodemap, bit);
    /* Entries after `at` and the children before `child_at` move down by one entry. */
    memmove(&entries[at], &entries[at + 1],
            (root->data_count - at - 1u) * sizeof(dck_trie_entry_t));
    dck_trie_t **moved = (dck_trie_t **)(void *)(entries + root->data_count - 1u);
    memmove(moved, children, child_at * sizeof(dck_trie_t *));
    memmove(moved + child_at + 1, children + child_at,
            (child_count - child_at) * sizeof(dck_trie_t *));
    moved[child_at] = child;
    root->datamap &= ~bit;
    root->nodemap |= bit;
    root->data_count -= 1u;
  } else { /* a free slot: the entry goes inline, the children move up by one entry */
    uint32_t at = dck_trie_bit_index(root->datamap, bit);
    memmove(children + 3, children, child_count * sizeof(dck_trie_t *)); /* an entry: 3 words */
    memmove(&entries[at + 1], &entries[at], (root->data_count - at) * sizeof(dck_trie_entry_t));
    entries[at] = *entry;
    root->datamap |= bit;
    root->data_count += 1u;
  }
  root->count += 1u;
}

dck_trie_t *dck_trie_index_insert_batch(const dck_trie_t *root, const dck_trie_entry_t *entries,
                                        size_t count) {
  /* A copy of `root` with room for `count` more inline entries, which then takes them in place:
   * one new root for the batch, not one per entry. */
  size_t used = sizeof(dck_trie_t) + root->data_count * sizeof(dck_trie_entry_t) +
                dck_trie_node_child_count(root) * sizeof(dck_trie_t *);
  dck_trie_t *copy = dck_trie_allocate_or_abort(used + count * sizeof(dck_trie_entry_t));
  memcpy(copy, root, used);
  dck_rc_init(&copy->refcount, 1);
  copy->borrows = 1;
  DCK_DEBUG_COUNT(dck_debug_counter_trie_nodes, +1);
  uint32_t child_count = dck_trie_node_child_count(copy);
  dck_trie_t **children = node_children_mutable(copy);
  for (uint32_t i = 0; i < child_count; i++) {
    retain_child(children[i]);
  }
  for (size_t i = 0; i < count; i++) {
    root_add_in_place(copy, &entries[i]);
  }
  return copy;
}

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
    dck_trie_t *canonical = dck_trie_canonical(root);
    dck_trie_t *result = insert_at(canonical, 0, &entry, true, false); /* not NULL: it differs */
    dck_trie_release(canonical);
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
  return canonical_get(node, key, hash); /* canonical: never an own value */
}

/* ------------------------------------------------------------------------------------------------ */
/* Remove                                                                                           */
/* ------------------------------------------------------------------------------------------------ */

typedef enum removal_kind {
  REMOVAL_ABSENT, /* the key was not there; nothing allocated */
  REMOVAL_NODE,   /* `node` (+1) replaces the subtree */
  REMOVAL_SINGLE, /* the subtree shrank to the one entry `single` (value borrowed from the old
                     subtree), which the parent inlines: compactness, invariant 5 */
} removal_kind_t;

typedef struct removal {
  removal_kind_t kind;
  dck_trie_t *node;
  dck_trie_entry_t single;
} removal_t;

static removal_t remove_at(const dck_trie_t *node, unsigned depth, uintptr_t key, uint64_t hash) {
  removal_t result = {.kind = REMOVAL_ABSENT};
  if (depth == DCK_TRIE_COLLISION_DEPTH) {
    size_t at = collision_lower_bound(node, key);
    if (at == node->count || node->entries[at].key != key) {
      return result;
    }
    if (node->count == 2) { /* a collision node keeps at least two entries (invariant 6) */
      result.kind = REMOVAL_SINGLE;
      result.single = node->entries[1 - at];
    } else {
      result.kind = REMOVAL_NODE;
      result.node = collision_splice(node, at, 1, NULL, false);
    }
    return result;
  }

  uint32_t bit = 1u << dck_trie_slot(hash, depth);
  if (node->datamap & bit) {
    uint32_t at = dck_trie_bit_index(node->datamap, bit);
    if (node->entries[at].key != key || node->entries[at].hash != hash) {
      return result;
    }
    if (depth > 0 && node->count == 2) {
      /* A non-root node of two entries, one of them inline: a child would hold two more, so both
       * are inline, and the other one moves up into the parent. */
      result.kind = REMOVAL_SINGLE;
      result.single = node->entries[1 - at];
    } else if (node->count == 1) { /* the root's last entry */
      result.kind = REMOVAL_NODE;
      result.node = &dck_trie_empty_node;
    } else {
      result.kind = REMOVAL_NODE;
      result.node = bitmap_with_slot(node, bit, SLOT_EMPTY, NULL, NULL, node->count - 1, false);
    }
    return result;
  }
  if (node->nodemap & bit) {
    dck_trie_t *old = dck_trie_node_children(node)[dck_trie_bit_index(node->nodemap, bit)];
    removal_t below = remove_at(old, depth + 1, key, hash);
    switch (below.kind) {
    case REMOVAL_ABSENT:
      return below;
    case REMOVAL_NODE:
      result.kind = REMOVAL_NODE;
      result.node =
          bitmap_with_slot(node, bit, SLOT_CHILD, NULL, below.node, node->count - 1, false);
      return result;
    case REMOVAL_SINGLE:
      if (depth > 0 && node->count == 2) {
        return below; /* this node held only that child: it collapses as well */
      }
      result.kind = REMOVAL_NODE;
      result.node =
          bitmap_with_slot(node, bit, SLOT_ENTRY, &below.single, NULL, node->count - 1, false);
      return result;
    }
  }
  return result;
}

dck_trie_t *dck_trie_remove(dck_trie_t *root, uintptr_t key, uint64_t hash) {
  if (dck_trie_get(root, key, hash) == NULL) {
    dck_trie_retain(root);
    return root;
  }
  /* The key is there: remove it from the canonical form of the map (an overlay chain folds). */
  dck_trie_t *canonical = dck_trie_canonical(root);
  removal_t removal = remove_at(canonical, 0, key, hash);
  dck_trie_release(canonical);
  return removal.node; /* present, so not ABSENT; the root never collapses to REMOVAL_SINGLE */
}

/* ------------------------------------------------------------------------------------------------ */
/* Merge                                                                                            */
/* ------------------------------------------------------------------------------------------------ */

/*
 * Merging two subtrees at one position keeps track of whether the result equals either input
 * (`same_as_a`, `same_as_b`); if so that input is returned instead of a copy. Because the shape is
 * canonical, this happens exactly when the merged map equals that input, so merging a map into one
 * that already holds it allocates nothing. The flags are reported to the parent: a subtree equal to
 * both inputs comes back as one pointer, yet its parent may still equal either of its own inputs.
 */

/* Sorted merge of two collision nodes' entries, `b` winning; writes to `out` when it is not NULL.
 * Returns the number of entries. */
static size_t collision_merge_entries(const dck_trie_t *a, const dck_trie_t *b,
                                      dck_trie_entry_t *out, bool *same_as_a, bool *same_as_b) {
  size_t i = 0, j = 0, n = 0;
  while (i < a->count || j < b->count) {
    const dck_trie_entry_t *next;
    if (j == b->count || (i < a->count && a->entries[i].key < b->entries[j].key)) {
      next = &a->entries[i++];
      *same_as_b = false;
    } else if (i == a->count || b->entries[j].key < a->entries[i].key) {
      next = &b->entries[j++];
      *same_as_a = false;
    } else {
      if (a->entries[i].value != b->entries[j].value) {
        *same_as_a = false;
      }
      next = &b->entries[j++];
      i++;
    }
    if (out != NULL) {
      out[n] = *next;
    }
    n++;
  }
  return n;
}

static dck_trie_t *merge_collisions(dck_trie_t *a, dck_trie_t *b, bool *same_as_a,
                                    bool *same_as_b, bool borrows) {
  size_t count = collision_merge_entries(a, b, NULL, same_as_a, same_as_b);
  if (*same_as_b || *same_as_a) {
    dck_trie_t *same = *same_as_b ? b : a;
    retain_child(same);
    return same;
  }
  dck_trie_t *node = dck_trie_node_allocate(DCK_TRIE_KIND_COLLISION, 0, 0, count, borrows);
  collision_merge_entries(a, b, node->entries, same_as_a, same_as_b);
  dck_trie_node_retain_values(node, count);
  return node;
}

static dck_trie_t *merge_at(dck_trie_t *a, dck_trie_t *b, unsigned depth, bool *same_as_a,
                            bool *same_as_b, bool borrows);

static dck_trie_t *merge_bitmaps(dck_trie_t *a, dck_trie_t *b, unsigned depth, bool *same_as_a,
                                 bool *same_as_b, bool borrows) {
  dck_trie_entry_t entries[32];
  dck_trie_t *children[32];
  uint32_t owned = 0; /* bit i: children[i] is a +1 reference this call made */
  uint32_t datamap = 0, nodemap = 0, entry_count = 0, child_count = 0;
  size_t count = 0;
  dck_trie_t *const *a_children = dck_trie_node_children(a);
  dck_trie_t *const *b_children = dck_trie_node_children(b);

  /* The slots are visited in ascending order, so each side's next entry and next child are the
   * ones after those already taken: running indexes, not a popcount per slot. */
  const dck_trie_entry_t *a_next_entry = a->entries, *b_next_entry = b->entries;
  dck_trie_t *const *a_next_child = a_children, *const *b_next_child = b_children;
  uint32_t slots = a->datamap | a->nodemap | b->datamap | b->nodemap;
  while (slots != 0) {
    uint32_t bit = slots & (~slots + 1u); /* the lowest slot left */
    slots &= slots - 1u;
    const dck_trie_entry_t *a_entry = (a->datamap & bit) ? a_next_entry++ : NULL;
    const dck_trie_entry_t *b_entry = (b->datamap & bit) ? b_next_entry++ : NULL;
    dck_trie_t *a_child = (a->nodemap & bit) ? *a_next_child++ : NULL;
    dck_trie_t *b_child = (b->nodemap & bit) ? *b_next_child++ : NULL;

    const dck_trie_entry_t *entry = NULL; /* the slot's result: an entry (borrowed) ... */
    dck_trie_t *child = NULL;             /* ... or a child, */
    bool child_owned = false;             /* +1 when this call built it */

    if (a_entry == NULL && a_child == NULL) { /* only in b */
      *same_as_a = false;
      entry = b_entry;
      child = b_child;
    } else if (b_entry == NULL && b_child == NULL) { /* only in a */
      *same_as_b = false;
      entry = a_entry;
      child = a_child;
    } else if (a_entry != NULL && b_entry != NULL) {
      if (a_entry->key == b_entry->key && a_entry->hash == b_entry->hash) {
        *same_as_a = *same_as_a && a_entry->value == b_entry->value;
        entry = b_entry;
      } else {
        *same_as_a = *same_as_b = false;
        child = node_from_two(a_entry, b_entry, depth + 1, borrows);
        child_owned = true;
      }
    } else if (a_entry != NULL) { /* a's entry joins b's subtree unless b has the key */
      *same_as_a = false;
      child = insert_at(b_child, depth + 1, a_entry, false, borrows);
      if (child != NULL) {
        *same_as_b = false;
        child_owned = true;
      } else {
        child = b_child;
      }
    } else if (b_entry != NULL) { /* b's entry overrides or joins a's subtree */
      *same_as_b = false;
      child = insert_at(a_child, depth + 1, b_entry, true, borrows);
      if (child != NULL) {
        *same_as_a = false;
        child_owned = true;
      } else {
        child = a_child;
      }
    } else if (a_child == b_child) { /* a shared subtree: reuse it as is */
      child = a_child;
    } else {
      bool child_same_as_a = true, child_same_as_b = true;
      child = merge_at(a_child, b_child, depth + 1, &child_same_as_a, &child_same_as_b, borrows);
      child_owned = true;
      *same_as_a = *same_as_a && child_same_as_a;
      *same_as_b = *same_as_b && child_same_as_b;
    }

    if (entry != NULL) {
      datamap |= bit;
      entries[entry_count++] = *entry;
      count += 1;
    } else {
      nodemap |= bit;
      if (child_owned) {
        owned |= 1u << child_count;
      }
      children[child_count++] = child;
      count += child->count;
    }
  }

  if (*same_as_b || *same_as_a) {
    for (uint32_t i = 0; i < child_count; i++) {
      if (owned & (1u << i)) {
        dck_trie_release(children[i]); /* only a reference to a's or b's own child: never frees */
      }
    }
    dck_trie_t *same = *same_as_b ? b : a;
    dck_trie_retain(same);
    return same;
  }

  dck_trie_t *node = dck_trie_node_allocate(DCK_TRIE_KIND_BITMAP, datamap, nodemap, count, borrows);
  memcpy(node->entries, entries, entry_count * sizeof(dck_trie_entry_t));
  dck_trie_node_retain_values(node, entry_count);
  dck_trie_t **node_children = node_children_mutable(node);
  for (uint32_t i = 0; i < child_count; i++) {
    if ((owned & (1u << i)) == 0) {
      retain_child(children[i]);
    }
    node_children[i] = children[i];
  }
  return node;
}

/* `a` overlaid with `b`, both borrowed, non-empty and at the same position; +1, its new nodes
 * borrowing their values when `borrows`. Sets the flags (which start true) to whether the result
 * equals `a`, `b`. */
static dck_trie_t *merge_at(dck_trie_t *a, dck_trie_t *b, unsigned depth, bool *same_as_a,
                            bool *same_as_b, bool borrows) {
  if (a == b) { /* a shared subtree (or the same root): nothing to merge */
    dck_trie_retain(b);
    return b;
  }
  return depth == DCK_TRIE_COLLISION_DEPTH
             ? merge_collisions(a, b, same_as_a, same_as_b, borrows)
             : merge_bitmaps(a, b, depth, same_as_a, same_as_b, borrows);
}

dck_trie_t *dck_trie_merge_canonical(dck_trie_t *a, dck_trie_t *b, bool borrows) {
  /* Only the shared empty root has no entries (invariant 5); merge_at returns `b` when a == b. */
  if (a->count == 0) {
    dck_trie_retain(b);
    return b;
  }
  if (b->count == 0) {
    dck_trie_retain(a);
    return a;
  }
  bool same_as_a = true, same_as_b = true;
  return merge_at(a, b, 0, &same_as_a, &same_as_b, borrows);
}

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
  dck_trie_t *base = dck_trie_canonical(a);
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
    return dck_trie_merge_canonical(a, b, false);
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
  dck_trie_t *canonical_a = dck_trie_canonical(a);
  dck_trie_t *canonical_b = dck_trie_canonical(b);
  dck_trie_t *merged = dck_trie_merge_canonical(canonical_a, canonical_b, false);
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

/* Entries of a node first, then its children in slot order: deterministic, and canonical because
 * the shape is (invariants 3, 5 and 6). */
static bool foreach_at(const dck_trie_t *node, dck_trie_visitor_t visitor, void *context) {
  uint32_t entry_count = dck_trie_node_entry_count(node);
  for (uint32_t i = 0; i < entry_count; i++) {
    const dck_trie_entry_t *entry = &node->entries[i];
    if (!visitor(entry->key, entry->hash, entry->value, context)) {
      return false;
    }
  }
  uint32_t child_count = dck_trie_node_child_count(node);
  dck_trie_t *const *children = dck_trie_node_children(node);
  for (uint32_t i = 0; i < child_count; i++) {
    if (!foreach_at(children[i], visitor, context)) {
      return false;
    }
  }
  return true;
}

bool dck_trie_foreach(const dck_trie_t *root, dck_trie_visitor_t visitor, void *context) {
  if (!dck_trie_is_overlay(root)) {
    return foreach_at(root, visitor, context);
  }
  /* The canonical form, so that equal maps visit in one order whatever their history. */
  dck_trie_t *canonical = dck_trie_canonical((dck_trie_t *)root);
  bool finished = foreach_at(canonical, visitor, context);
  dck_trie_release(canonical);
  return finished;
}
