/*
 * dck_trie_node.h — the node layout of the persistent hash trie (private to dck_trie*.c).
 *
 * The header every node of every layer of the trie starts with (dck_trie.c lists the layers: the
 * canonical floor, the overlays above it, the public entry points above both), and the layout of
 * the canonical nodes. The design essay of each layer (diagram, invariants, ownership, memory
 * ordering) opens its file.
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
 * key, all with one full hash) and no children. The kinds from 2 up are the overlay layer's
 * (dck_trie_overlay.h lays out an overlay node after the same header).
 */
#ifndef DCK_TRIE_NODE_H
#define DCK_TRIE_NODE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

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
  /* 2 and 3: overlays (dck_trie_overlay.h) */
} dck_trie_kind_t;

typedef struct dck_trie_entry {
  uintptr_t key;
  uint64_t hash;
  void *value; /* never NULL; the node holds one reference to it, unless it borrows */
} dck_trie_entry_t;

struct dck_trie {
  dck_atomic_u32_t refcount; /* ignored for the shared empty root */
  uint32_t datamap;          /* bit s set: slot s holds an inline entry */
  uint32_t nodemap;          /* bit s set: slot s holds a child node */
  uint8_t kind;              /* a dck_trie_kind_t */
  uint8_t data_count;        /* popcount(datamap), cached: the children start after this many
                                entries, and a lookup should not pay a popcount to find them
                                (1 in an overlay node) */
  uint8_t overlay_depth;     /* an overlay's depth or lag (dck_trie_overlay.h); else 0 */
  uint8_t borrows;           /* 1: the node holds no reference to its values (an overlay index's:
                                what it maps, the layer above keeps alive) */
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

/** `malloc(size)`, or a message on standard error and abort when memory runs out (a trie cannot
 * go on without the node). */
static inline void *dck_trie_node_allocate_or_abort(size_t size) {
  void *memory = malloc(size);
  if (memory == NULL) {
    fprintf(stderr, "swift-dependencies: out of memory allocating %zu bytes for a trie node\n",
            size);
    abort();
  }
  return memory;
}

#endif /* DCK_TRIE_NODE_H */
