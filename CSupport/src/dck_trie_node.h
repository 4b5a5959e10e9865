/*
 * dck_trie_node.h — the node layout of the persistent hash trie (private to dck_trie*.c).
 *
 * The design essay (diagram, invariants, ownership, memory ordering) opens dck_trie.c; this header
 * holds only what the trie and its debug file (dck_trie_debug.c) both need to read a node.
 *
 *   struct dck_trie (one malloc block)
 *   +----------+---------+---------+------+------------+--------+-----------------+--------------+
 *   | refcount | datamap | nodemap | kind | data_count | count  | entries[n]      | children[m]  |
 *   | atomic   | u32     | u32     | u8   | u8         | size_t | {key, hash,     | dck_trie_t * |
 *   | u32      |         |         |      | n          |        |  value}         |              |
 *   +----------+---------+---------+------+------------+--------+-----------------+--------------+
 *   n = popcount(datamap), m = popcount(nodemap)
 *
 * A collision node has kind DCK_TRIE_KIND_COLLISION, both bitmaps zero, `count` entries (sorted by
 * key, all with one full hash) and no children.
 *
 * An overlay node (kind DCK_TRIE_KIND_OVERLAY, see dck_trie_overlay.c) is a root that adds one entry
 * to the root below it, its *parent*. It uses the same header: datamap 0, data_count 1 (its entry),
 * nodemap 1 (its one "child", stored where a bitmap node's children are, is the parent),
 * overlay_depth the length of the chain of overlays it ends, and `count` the entries of the whole
 * map. After the parent comes the overlay's *owner*: NULL when the trie allocated the node (its
 * refcount counts its references), or the object whose storage holds the node (an embedded
 * overlay: the owner's reference count is the node's, and refcount is unused). Then comes the
 * *canonical* slot: NULL, or the map folded into a canonical root (+1, held by the overlay), set
 * once by the first dck_trie_canonical of the overlay (compare-and-swap, release; read acquire).
 * Last comes the *stand-in* slot, used only when the entry's value is the owner itself (an *own
 * value*, dck_trie_insert_owner_into): NULL, or the value every other node holds in its place
 * (+1, held by the overlay), made once by the stand-in callback and set like the canonical slot.
 *
 *   +--------+---+---+---------+---+-------------+-------+-------+--------+-------+---------+--------+
 *   |refcount| 0 | 1 | OVERLAY | 1 |overlay_depth| count | entry | parent | owner |canonical|stand-in|
 *   +--------+---+---+---------+---+-------------+-------+-------+--------+-------+---------+--------+
 *                                                 24      48      56       64      72        80 bytes
 */
#ifndef DCK_TRIE_NODE_H
#define DCK_TRIE_NODE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dck.h"
#include "dck_atomic.h"

/** Hash bits consumed per level, and so the fan-out (32) of a bitmap node. */
#define DCK_TRIE_BITS 5u
#define DCK_TRIE_SLOT_MASK 31u

/**
 * The depth of collision nodes: bitmap nodes live at depths 0 ... 12 and consume hash bits 0 ... 63
 * (the last level sees only 4 bits); at depth 13 every hash bit is used up, so entries that still
 * share a slot have equal full hashes.
 */
#define DCK_TRIE_COLLISION_DEPTH 13u

typedef enum dck_trie_kind {
  DCK_TRIE_KIND_BITMAP = 0,
  DCK_TRIE_KIND_COLLISION = 1,
  DCK_TRIE_KIND_OVERLAY = 2,
} dck_trie_kind_t;

/**
 * The longest chain of overlay nodes above a canonical root. Inserting into a root that ends a
 * chain this long folds the chain and the new entry into a canonical root instead. A lookup
 * compares at most this many overlay keys before it walks the canonical trie.
 */
#define DCK_TRIE_OVERLAY_MAX_DEPTH 8u

typedef struct dck_trie_entry {
  uintptr_t key;
  uint64_t hash;
  void *value; /* never NULL; the node holds one reference to it */
} dck_trie_entry_t;

struct dck_trie {
  dck_atomic_u32_t refcount; /* ignored for the shared empty root */
  uint32_t datamap;          /* bit s set: slot s holds an inline entry */
  uint32_t nodemap;          /* bit s set: slot s holds a child node */
  uint8_t kind;              /* a dck_trie_kind_t */
  uint8_t data_count;        /* popcount(datamap), cached: the children start after this many
                                entries, and a lookup should not pay a popcount to find them
                                (1 in an overlay node) */
  uint8_t overlay_depth;     /* overlay nodes: 1 + the overlay depth of the parent; else 0 */
  size_t count;              /* entries in this whole subtree */
  dck_trie_entry_t entries[]; /* then the child pointers, see dck_trie_node_children */
};

/** How many inline entries `node` holds. */
static inline uint32_t dck_trie_node_entry_count(const dck_trie_t *node) {
  return node->kind == DCK_TRIE_KIND_COLLISION ? (uint32_t)node->count : node->data_count;
}

/** How many children `node` holds (zero for collision nodes, whose nodemap is zero). */
static inline uint32_t dck_trie_node_child_count(const dck_trie_t *node) {
  return (uint32_t)__builtin_popcount(node->nodemap);
}

/** The child pointers of a bitmap node, stored right after its inline entries. */
static inline dck_trie_t *const *dck_trie_node_children(const dck_trie_t *node) {
  return (dck_trie_t *const *)(const void *)(node->entries + node->data_count);
}

/** The index, among the set bits of `map`, of the single bit `bit` (which may be unset). */
static inline uint32_t dck_trie_bit_index(uint32_t map, uint32_t bit) {
  return (uint32_t)__builtin_popcount(map & (bit - 1u));
}

/** The slot (0 ... 31) that `hash` selects in a bitmap node at `depth` (< collision depth). */
static inline uint32_t dck_trie_slot(uint64_t hash, unsigned depth) {
  return (uint32_t)(hash >> (depth * DCK_TRIE_BITS)) & DCK_TRIE_SLOT_MASK;
}

/** Releases what an overlay holds besides its node: its parent, its value, its canonical root.
 * Called once, when its last reference goes (defined in dck_trie_overlay.c). */
void dck_trie_overlay_give_back(dck_trie_t *node);

/** The root an overlay node adds its entry to (borrowed from the overlay, which holds it). */
static inline dck_trie_t *dck_trie_overlay_parent(const dck_trie_t *node) {
  return dck_trie_node_children(node)[0];
}

/** Where an overlay node keeps its owner (see the layout above). */
static inline void **dck_trie_overlay_owner_slot(const dck_trie_t *node) {
  return (void **)(uintptr_t)(dck_trie_node_children(node) + 1);
}

/** Where an overlay node keeps its folded canonical root, once made (see the layout above). */
static inline dck_atomic_ptr_t *dck_trie_overlay_canonical_slot(const dck_trie_t *node) {
  return (dck_atomic_ptr_t *)(uintptr_t)(dck_trie_node_children(node) + 2);
}

/** An embedded overlay's owner, or NULL for any node the trie allocated. */
static inline void *dck_trie_embedding_owner(const dck_trie_t *node) {
  return node->kind == DCK_TRIE_KIND_OVERLAY ? *dck_trie_overlay_owner_slot(node) : NULL;
}

/** Where an overlay node keeps the stand-in for its own value, once made (see the layout above). */
static inline dck_atomic_ptr_t *dck_trie_overlay_stand_in_slot(const dck_trie_t *node) {
  return (dck_atomic_ptr_t *)(uintptr_t)(dck_trie_node_children(node) + 3);
}

/** Whether `node` is an embedded overlay whose entry's value is its owner (an own value, which
 * the node does not count: its owner's references are the node's). */
static inline bool dck_trie_overlay_holds_own_value(const dck_trie_t *node) {
  void *owner = dck_trie_embedding_owner(node);
  return owner != NULL && node->entries[0].value == owner;
}

/** The value that nodes other than `node` (an overlay) hold for its entry: the entry's value, or
 * for an own value its stand-in, made on first use (borrowed from `node`, which keeps it). */
void *dck_trie_overlay_shared_value(const dck_trie_t *node);

/* Shared by dck_trie.c and dck_trie_overlay.c (defined in dck_trie.c). */

/* The shared empty root, dck_trie_empty_node (declared in dck.h): immortal, so retaining and
 * releasing it do nothing, and a caller on a hot path may skip the call. */

/** A new node (+1) with room for its entries and children, which the caller fills in. */
dck_trie_t *dck_trie_node_allocate(dck_trie_kind_t kind, uint32_t datamap, uint32_t nodemap,
                                   size_t count);

/** Takes the references a new node holds on its `n` entries' values. */
void dck_trie_retain_entry_values(const dck_trie_entry_t *entries, size_t n);

/** `a` overlaid with `b` (both borrowed, canonical: no overlay node), +1. */
dck_trie_t *dck_trie_merge_canonical(dck_trie_t *a, dck_trie_t *b);

/* Defined in dck_trie_overlay.c. */

/**
 * `root` (borrowed) with `entry` (borrowed) added as an overlay: a new top overlay for a key absent
 * from `root`, or, when `replaces_top` (`root` is an overlay and `entry` has its key), a
 * replacement of the top overlay. The overlay is built in `storage` for `owner` (see
 * dck_trie_insert_into), or allocated (+1) when `storage` is NULL. When `root` already ends a chain
 * of DCK_TRIE_OVERLAY_MAX_DEPTH overlays, the canonical root (+1) of the chain plus the entry
 * instead. The result retains the entry's value; when `value_taken`, the caller's +1 reference to
 * it is that reference (the overlay keeps it, or it is released once a fold has retained the value).
 */
dck_trie_t *dck_trie_overlay_insert(dck_trie_t *root, const dck_trie_entry_t *entry,
                                    bool replaces_top, void *storage, void *owner,
                                    bool value_taken);

/** The canonical root (+1) of `root` (borrowed, an overlay) with `entry` (borrowed, or NULL) set
 * on top, folded afresh (the overlay's kept fold is neither used nor set). */
dck_trie_t *dck_trie_overlay_fold(const dck_trie_t *root, const dck_trie_entry_t *entry);

/** The canonical root (+1) of the map `root` (borrowed): `root` itself, retained, unless it is an
 * overlay, whose chain is folded into a canonical root once and kept in the overlay. */
dck_trie_t *dck_trie_canonical(dck_trie_t *root);

#endif /* DCK_TRIE_NODE_H */
