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
 * An overlay node (kind DCK_TRIE_KIND_OVERLAY or DCK_TRIE_KIND_OVERLAY_INDEXED, see
 * dck_trie_overlay.c) is a root that adds one entry to the root below it, its *parent*. It uses the
 * same header: datamap 0, data_count 1 (its entry), nodemap 1 (its one "child", stored where a
 * bitmap node's children are, is the parent), overlay_depth its depth in the chain (1 above the
 * canonical root) in a plain overlay and its lag (see below) in an indexed one, and `count` the
 * entries of the whole map. After the parent comes the overlay's *owner*: NULL when the trie
 * allocated the node (its refcount counts its references), or the object whose storage holds the
 * node (an embedded overlay: the owner's reference count is the node's, and refcount is unused).
 * Then comes the *canonical* slot: NULL, or the map folded into a canonical root (+1, held by the
 * overlay), set once by the first dck_trie_canonical of the overlay (compare-and-swap, release;
 * read acquire). Then the *stand-in* slot, used only when the entry's value is the owner itself
 * (an *own value*, dck_trie_insert_owner_into): NULL, or the value every other node holds in its
 * place (+1, held by the overlay), made once by the stand-in callback and set like the canonical
 * slot. Then the *index*: NULL in a plain overlay; in an indexed one (deeper than
 * DCK_TRIE_OVERLAY_MAX_DEPTH), a canonical root that maps every key of the map `lag` levels down
 * (borrowed from the overlay below, which keeps it, and set before the node is published), built
 * of *borrowing* nodes (`borrows` set: they hold no reference to their values, which the chain
 * below keeps alive) and of subtrees it shares with older indexes and the canonical root under the
 * chain. An index entry whose value is an own value holds its overlay node, tagged
 * (DCK_TRIE_INDEX_OVERLAY_TAG), instead of the owner. Last comes the *next index* slot, used by an
 * overlay whose overlays start a new index (a plain one of depth 8, an indexed one of lag 15):
 * NULL, or that index (+1, held by this overlay, which every overlay put on it borrows), made by
 * the first of them and set like the canonical slot.
 *
 *   +-------+--+--+-------+--+---------+-----+-----+------+-----+---------+--------+-----+----------+
 *   |rc     |0 |1 |OVERLAY|1 |depth/lag|count|entry|parent|owner|canonical|stand-in|index|next index|
 *   +-------+--+--+-------+--+---------+-----+-----+------+-----+---------+--------+-----+----------+
 *                                       24    48    56     64    72        80       88    96 bytes
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
  DCK_TRIE_KIND_OVERLAY = 2,         /* a plain overlay (dck_trie_overlay.c) */
  DCK_TRIE_KIND_OVERLAY_INDEXED = 3, /* an overlay with an index (deeper than eight) */
} dck_trie_kind_t;

/** Whether `node` is an overlay, plain or indexed (the two largest kinds). */
static inline bool dck_trie_is_overlay(const dck_trie_t *node);

/**
 * The depth of the deepest plain overlay of a chain, and the least lag of an indexed one: a lookup
 * compares at most this many overlay keys in a chain of plain overlays, and at most twice this
 * many, less one, in a deeper one, before it walks a canonical trie (dck_trie_overlay.c).
 */
#define DCK_TRIE_OVERLAY_MAX_DEPTH 8u

/** The low bit of an index entry's value that says it is an overlay node holding an own value
 * (node addresses are 8-aligned, so the bit is free). */
#define DCK_TRIE_INDEX_OVERLAY_TAG ((uintptr_t)1)

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
  uint8_t overlay_depth;     /* a plain overlay's depth (1 ... 8), an indexed one's lag (8 ... 15);
                                else 0 */
  uint8_t borrows;           /* 1: the node holds no reference to its values (an index's) */
  size_t count;              /* entries in this whole subtree */
  dck_trie_entry_t entries[]; /* then the child pointers, see dck_trie_node_children */
};

static inline bool dck_trie_is_overlay(const dck_trie_t *node) {
  return node->kind >= DCK_TRIE_KIND_OVERLAY;
}

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

/** The words of an overlay node after its one entry (see the layout above): at fixed offsets, as an
 * overlay always has one entry. */
static inline void **dck_trie_overlay_words(const dck_trie_t *node) {
  return (void **)(uintptr_t)(const void *)(node->entries + 1);
}

/** The root an overlay node adds its entry to (borrowed from the overlay, which holds it): its one
 * "child". */
static inline dck_trie_t *dck_trie_overlay_parent(const dck_trie_t *node) {
  return (dck_trie_t *)dck_trie_overlay_words(node)[0];
}

/** Where an overlay node keeps its owner (see the layout above). */
static inline void **dck_trie_overlay_owner_slot(const dck_trie_t *node) {
  return dck_trie_overlay_words(node) + 1;
}

/** Where an overlay node keeps its folded canonical root, once made (see the layout above). */
static inline dck_atomic_ptr_t *dck_trie_overlay_canonical_slot(const dck_trie_t *node) {
  return (dck_atomic_ptr_t *)(uintptr_t)(dck_trie_overlay_words(node) + 2);
}

/** An embedded overlay's owner, or NULL for any node the trie allocated. */
static inline void *dck_trie_embedding_owner(const dck_trie_t *node) {
  return dck_trie_is_overlay(node) ? *dck_trie_overlay_owner_slot(node) : NULL;
}

/** Where an overlay node keeps the stand-in for its own value, once made (see the layout above). */
static inline dck_atomic_ptr_t *dck_trie_overlay_stand_in_slot(const dck_trie_t *node) {
  return (dck_atomic_ptr_t *)(uintptr_t)(dck_trie_overlay_words(node) + 3);
}

/** Where an overlay node keeps its index (NULL unless it is indexed; see the layout above). */
static inline dck_trie_t **dck_trie_overlay_index_slot(const dck_trie_t *node) {
  return (dck_trie_t **)(dck_trie_overlay_words(node) + 4);
}

/** Where an overlay node keeps the index of the overlays put on it, once made (see the layout
 * above). */
static inline dck_atomic_ptr_t *dck_trie_overlay_next_index_slot(const dck_trie_t *node) {
  return (dck_atomic_ptr_t *)(uintptr_t)(dck_trie_overlay_words(node) + 5);
}

/** Whether `node` is an embedded overlay whose entry's value is its owner (an own value, which
 * the node does not count: its owner's references are the node's). */
static inline bool dck_trie_overlay_holds_own_value(const dck_trie_t *node) {
  void *owner = dck_trie_embedding_owner(node);
  return owner != NULL && node->entries[0].value == owner;
}

/** Whether the embedded overlay `node` is a scope's first override carrying its value that nothing
 * used: its parent is the empty root, its value its owner, and no canonical root, stand-in or next
 * index was made from it. Such a node holds no reference: giving it back is nothing. Asked only
 * once no other reference to its owner is left, so no thread can still set the slots: relaxed
 * loads. */
static inline bool dck_trie_embedded_is_bare(const dck_trie_t *node) {
  void **words = dck_trie_overlay_words(node);
  return words[0] == (void *)&dck_trie_empty_node && node->entries[0].value == words[1] &&
         dck_ptr_load_relaxed(dck_trie_overlay_canonical_slot(node)) == NULL &&
         dck_ptr_load_relaxed(dck_trie_overlay_stand_in_slot(node)) == NULL &&
         dck_ptr_load_relaxed(dck_trie_overlay_next_index_slot(node)) == NULL;
}

/** The value that nodes other than `node` (an overlay) hold for its entry: the entry's value, or
 * for an own value its stand-in, made on first use (borrowed from `node`, which keeps it). */
void *dck_trie_overlay_shared_value(const dck_trie_t *node);

/* Shared by dck_trie.c and dck_trie_overlay.c (defined in dck_trie.c). */

/* The shared empty root, dck_trie_empty_node (declared in dck.h): immortal, so retaining and
 * releasing it do nothing, and a caller on a hot path may skip the call. */

/** `malloc(size)`, or a message on standard error and abort when memory runs out (a trie cannot
 * go on without the node). */
void *dck_trie_allocate_or_abort(size_t size);

/** A new node (+1) with room for its entries and children, which the caller fills in; a
 * borrowing node (`borrows`) when it is built for an index. */
dck_trie_t *dck_trie_node_allocate(dck_trie_kind_t kind, uint32_t datamap, uint32_t nodemap,
                                   size_t count, bool borrows);

/** Takes the references new node `node` holds on the values of its first `n` entries: none
 * when it borrows them. */
void dck_trie_node_retain_values(const dck_trie_t *node, size_t n);

/** `a` overlaid with `b` (both borrowed, canonical: no overlay node), +1. The nodes it builds
 * borrow their values when `borrows` (an index, whose inputs are an index or the canonical root
 * under its chain and a borrowing subtree), else hold them. */
dck_trie_t *dck_trie_merge_canonical(dck_trie_t *a, dck_trie_t *b, bool borrows);

/** The value of `key` in canonical root `node` (borrowed), or NULL: the canonical part of
 * dck_trie_get, which returns an index's tagged entries as they are. */
void *dck_trie_canonical_get(const dck_trie_t *node, uintptr_t key, uint64_t hash);

/** Canonical root `root` (borrowed) with `entry` (borrowed, a key `root` does not map) added by path
 * copying, +1; the nodes it builds borrow their values when `borrows`. */
dck_trie_t *dck_trie_canonical_insert_new(const dck_trie_t *root, const dck_trie_entry_t *entry,
                                          bool borrows);

/** Canonical root `root` (borrowed; an index's root, or the root under a chain) with the `count`
 * entries `entries` (borrowed, distinct keys `root` does not map) added, +1, in borrowing nodes
 * (an index's next root): one new root for all of them (a copy with room for them, edited in place
 * before anyone can see it), the nodes below path-copied where an entry goes. */
dck_trie_t *dck_trie_index_insert_batch(const dck_trie_t *root, const dck_trie_entry_t *entries,
                                        size_t count);

/* Defined in dck_trie_overlay.c. */

/**
 * `root` (borrowed) with `entry` (borrowed) added as an overlay: a new top overlay for a key absent
 * from `root`, or, when `replaces_top` (`root` is an overlay and `entry` has its key), a
 * replacement of the top overlay. The overlay is built in `storage` for `owner` (see
 * dck_trie_insert_into), or allocated (+1) when `storage` is NULL. An overlay deeper than
 * DCK_TRIE_OVERLAY_MAX_DEPTH is indexed (invariant O2 of dck_trie_overlay.c). The result retains
 * the entry's value; when `value_taken`, the caller's +1 reference to it is that reference.
 */
dck_trie_t *dck_trie_overlay_insert(dck_trie_t *root, const dck_trie_entry_t *entry,
                                    bool replaces_top, void *storage, void *owner,
                                    bool value_taken);

/** The value of `key` in the map of indexed overlay `node` (borrowed), whose own entry has another
 * key, as dck_trie_get (or, when `shared`, dck_trie_get_shared) finds it: the entries of the
 * overlays below `node` within its lag, then its index, whose tagged entries are read through their
 * overlays. */
void *dck_trie_overlay_indexed_get(const dck_trie_t *node, uintptr_t key, uint64_t hash,
                                   bool shared);

/** The canonical root (+1) of the map `root` (borrowed, an overlay), folded afresh: what
 * dck_trie_canonical gives, without using or setting a kept form (for the invariant checker). */
dck_trie_t *dck_trie_overlay_fold_afresh(const dck_trie_t *root);

/** The canonical root (+1) of the map `root` (borrowed): `root` itself, retained, unless it is an
 * overlay, whose chain is folded into canonical roots eight overlays at a time, each kept by the
 * overlay it is the form of. */
dck_trie_t *dck_trie_canonical(dck_trie_t *root);

#endif /* DCK_TRIE_NODE_H */
