/*
 * dck_trie_overlay.h — overlay roots, the layer of the trie above the canonical floor (private to
 * dck_trie*.c).
 *
 * The design essay (why overlays, indexes, invariants O1 ... O6, ownership, own values, ordering)
 * opens dck_trie_overlay.c; this header holds what the public entry points (dck_trie.c) and the
 * debug file (dck_trie_debug.c) need to read and build an overlay node, and the operations the
 * layer offers them. A root here is either kind: a canonical root is a chain of no overlays.
 *
 * An overlay node (kind DCK_TRIE_KIND_OVERLAY or DCK_TRIE_KIND_OVERLAY_INDEXED) is a root that adds
 * one entry to the root below it, its *parent*. It uses the node header of dck_trie_node.h:
 * datamap 0, data_count 1 (its entry), nodemap 1 (its one "child", stored where a bitmap node's
 * children are, is the parent), overlay_depth its depth in the chain (1 above the canonical root)
 * in a plain overlay and its lag (see dck_trie_overlay.c) in an indexed one, and `count` the
 * entries of the whole map. After the parent comes the overlay's *owner*: NULL when the trie
 * allocated the node (its refcount counts its references), or the object whose storage holds the
 * node (an embedded overlay: the owner's reference count is the node's, and refcount is unused).
 * Then comes the *canonical* slot: NULL, or the map folded into a canonical root (+1, held by the
 * overlay), set once by the first dck_trie_overlay_fold of the overlay (compare-and-swap, release;
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
#ifndef DCK_TRIE_OVERLAY_H
#define DCK_TRIE_OVERLAY_H

#include "dck_debug.h"
#include "dck_trie_canonical.h"
#include "dck_values.h"

/* The overlay kinds, after the canonical ones of dck_trie_kind_t. */
enum {
  DCK_TRIE_KIND_OVERLAY = 2,         /* a plain overlay */
  DCK_TRIE_KIND_OVERLAY_INDEXED = 3, /* an overlay with an index (deeper than eight) */
};

/**
 * The depth of the deepest plain overlay of a chain, and the least lag of an indexed one: a lookup
 * compares at most this many overlay keys in a chain of plain overlays, and at most twice this
 * many, less one, in a deeper one, before it walks a canonical trie (dck_trie_overlay.c).
 */
#define DCK_TRIE_OVERLAY_MAX_DEPTH 8u

_Static_assert(DCK_TRIE_OVERLAY_MAX_DEPTH <= DCK_TRIE_CANONICAL_BUILD_MAX,
               "a fold builds the entries of up to DCK_TRIE_OVERLAY_MAX_DEPTH overlays at once");

/** The low bit of an index entry's value that says it is an overlay node holding an own value
 * (node addresses are 8-aligned, so the bit is free). */
#define DCK_TRIE_INDEX_OVERLAY_TAG ((uintptr_t)1)

/** Whether `node` is an overlay, plain or indexed (the two largest kinds). */
static inline bool dck_trie_is_overlay(const dck_trie_t *node) {
  return node->kind >= DCK_TRIE_KIND_OVERLAY;
}

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

/** The owner of `node` when it is an embedded overlay, or NULL for any node the trie allocated. */
static inline void *dck_trie_overlay_owner(const dck_trie_t *node) {
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
  void *owner = dck_trie_overlay_owner(node);
  return owner != NULL && node->entries[0].value == owner;
}

/** Whether nothing was made from the overlay `node`: no canonical root, stand-in or next index.
 * Asked only once no other reference to its owner is left, so no thread can still set the slots:
 * relaxed loads. */
static inline bool dck_trie_overlay_is_untouched(const dck_trie_t *node) {
  return dck_ptr_load_relaxed(dck_trie_overlay_canonical_slot(node)) == NULL &&
         dck_ptr_load_relaxed(dck_trie_overlay_stand_in_slot(node)) == NULL &&
         dck_ptr_load_relaxed(dck_trie_overlay_next_index_slot(node)) == NULL;
}

/** Whether the embedded overlay `node` is a scope's first override carrying its value that nothing
 * used: its parent is the empty root, its value its owner, and it is untouched
 * (dck_trie_overlay_is_untouched). Such a node holds no reference: giving it back is nothing. */
static inline bool dck_trie_embedded_is_bare(const dck_trie_t *node) {
  void **words = dck_trie_overlay_words(node);
  return words[0] == (void *)&dck_trie_empty_node && node->entries[0].value == words[1] &&
         dck_trie_overlay_is_untouched(node);
}

/** Releases what an overlay holds besides its node: its parent, its value, its canonical root, its
 * stand-in, its next index; frees the node unless it is embedded. Called once, when its last
 * reference goes. */
void dck_trie_overlay_give_back(dck_trie_t *node);

/** Takes a reference to `root`, of either kind (+1): an embedded overlay's is its owner's, any
 * other node's its own count (relaxed: the caller's reference keeps it alive and initialised). The
 * empty root ignores it. Wait-free. */
static inline void dck_trie_overlay_retain_root(dck_trie_t *root) {
  if (root == &dck_trie_empty_node) {
    return;
  }
  void *owner = dck_trie_overlay_owner(root);
  if (owner != NULL) { /* an embedded overlay: its owner's count is its count */
    dck_value_retain_uncounted(owner);
    return;
  }
  dck_rc_increment(&root->refcount);
}

/** Gives back a reference to `root`, of either kind (consumes): an embedded overlay's goes to its
 * owner (whose deinit calls dck_trie_embedded_destroy); the last reference to any other node frees
 * it (dck_trie_overlay_give_back, dck_trie_canonical_free). */
static inline void dck_trie_overlay_release_root(dck_trie_t *root) {
  if (root == &dck_trie_empty_node) {
    return;
  }
  void *owner = dck_trie_overlay_owner(root);
  if (owner != NULL) { /* the owner's deinit calls dck_trie_embedded_destroy */
    dck_value_release_uncounted(owner);
    return;
  }
  /* Release on the decrement orders this thread's reads of the node before it; the acquire taken
   * when the count reaches zero orders every other thread's reads before the free. */
  if (dck_rc_decrement_is_zero(&root->refcount)) {
    if (dck_trie_is_overlay(root)) {
      dck_trie_overlay_give_back(root); /* frees it (an allocated overlay) */
    } else {
      dck_trie_canonical_free(root);
    }
  }
}

/**
 * Makes `node` (storage of DCK_TRIE_OVERLAY_SIZE bytes that no one else can see yet) an overlay
 * adding `entry` (borrowed; its value retained, or its +1 taken over when `value_taken`; not
 * counted when it is `owner`) to `parent` (retained) at `depth` (plain) or with lag `depth`
 * (indexed, when `index`, borrowed from the overlays below, is not NULL), embedded in `owner`
 * (NULL: allocated). `count` is the entries of the new map. Inline: a scope entry builds its root
 * with it, in the stores it needs.
 */
static inline dck_trie_t *dck_trie_overlay_init(dck_trie_t *node, dck_trie_t *parent,
                                                const dck_trie_entry_t *entry, size_t count,
                                                unsigned depth, dck_trie_t *index, void *owner,
                                                bool value_taken) {
  dck_rc_init(&node->refcount, 1); /* unused when embedded: the owner counts */
  node->datamap = 0;
  node->nodemap = 1; /* its one child: the parent (see the layout above) */
  node->kind = index != NULL ? DCK_TRIE_KIND_OVERLAY_INDEXED : DCK_TRIE_KIND_OVERLAY;
  node->data_count = 1;
  node->overlay_depth = (uint8_t)depth;
  node->borrows = 0;
  node->count = count;
  node->entries[0] = *entry;
  /* An own value (the owner itself) is not counted: the owner's references are the node's. */
  if (!value_taken && entry->value != owner) { /* else the reference the trie took is the node's */
    dck_value_retain(entry->value, DCK_VALUE_OWNER_TRIE);
  }
  dck_trie_overlay_retain_root(parent); /* a scope's first override: the empty root, nothing */
  dck_trie_overlay_words(node)[0] = parent;
  *dck_trie_overlay_owner_slot(node) = owner;
  /* Not yet shared: the node reaches other threads only through a synchronised hand-off. */
  dck_ptr_init(dck_trie_overlay_canonical_slot(node), NULL);
  dck_ptr_init(dck_trie_overlay_stand_in_slot(node), NULL);
  *dck_trie_overlay_index_slot(node) = index;
  dck_ptr_init(dck_trie_overlay_next_index_slot(node), NULL);
  DCK_DEBUG_COUNT(dck_debug_counter_trie_nodes, +1);
  return node;
}

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

/** The value that nodes other than `node` (an overlay) hold for its entry: the entry's value, or
 * for an own value its stand-in, made on first use (borrowed from `node`, which keeps it). */
void *dck_trie_overlay_shared_value(const dck_trie_t *node);

/** The canonical form (+1) of the map `root` (borrowed): `root` itself, retained, unless it is an
 * overlay, whose chain is folded into canonical roots eight overlays at a time, each kept by the
 * overlay it is the form of. */
dck_trie_t *dck_trie_overlay_fold(dck_trie_t *root);

/** The canonical root (+1) of the map `root` (borrowed, an overlay), folded afresh: what
 * dck_trie_overlay_fold gives, without using or setting a kept form (for the invariant checker). */
dck_trie_t *dck_trie_overlay_fold_afresh(const dck_trie_t *root);

#endif /* DCK_TRIE_OVERLAY_H */
