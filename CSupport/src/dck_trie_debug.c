/*
 * dck_trie_debug.c — the trie's invariant checker and dump (debug builds only).
 *
 * dck_trie_check_invariants walks the whole tree and checks the invariants numbered in the essay at
 * the top of dck_trie.c (and O1 ... O6 of dck_trie_overlay.c for a root with overlays: the chain,
 * each checkpoint's index, the canonical root under the chain, and the canonical form), returning
 * the first violation it meets. dck_trie_dump prints the tree.
 * In release builds (no DCK_DEBUG) both compile away: the checker returns
 * DCK_TRIE_CHECK_UNAVAILABLE and the dump does nothing.
 */
#include "dck_trie_node.h"

#ifdef DCK_DEBUG

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

/* Every (key, hash) of the tree, gathered for invariant 7. */
typedef struct key_list {
  dck_trie_entry_t *items;
  size_t count;
} key_list_t;

static bool collect_entry(uintptr_t key, uint64_t hash, void *value, void *context) {
  key_list_t *list = context;
  list->items[list->count++] = (dck_trie_entry_t){.key = key, .hash = hash, .value = value};
  return true;
}

static int compare_keys(const void *left, const void *right) {
  const dck_trie_entry_t *a = left, *b = right;
  if (a->key != b->key) {
    return a->key < b->key ? -1 : 1;
  }
  return a->hash < b->hash ? -1 : (a->hash > b->hash ? 1 : 0);
}

/* Invariant 3: `hash` continues the path `prefix` (the slots chosen above `depth`). */
static bool hash_follows_path(uint64_t hash, uint64_t prefix, unsigned depth) {
  unsigned bits = depth * DCK_TRIE_BITS;
  uint64_t mask = bits >= 64 ? UINT64_MAX : (((uint64_t)1 << bits) - 1u);
  return (hash & mask) == prefix;
}

static dck_trie_check_t check_collision(const dck_trie_t *node, uint64_t prefix) {
  /* Invariant 6: both bitmaps zero, two or more entries, one full hash, keys ascending. */
  if (node->datamap != 0 || node->nodemap != 0 || node->count < 2) {
    return DCK_TRIE_CHECK_BAD_COLLISION;
  }
  for (size_t i = 0; i < node->count; i++) {
    const dck_trie_entry_t *entry = &node->entries[i];
    if (entry->hash != node->entries[0].hash) {
      return DCK_TRIE_CHECK_BAD_COLLISION;
    }
    if (i > 0 && entry->key == node->entries[i - 1].key) {
      return DCK_TRIE_CHECK_DUPLICATE_KEY; /* invariant 7 */
    }
    if (i > 0 && entry->key < node->entries[i - 1].key) {
      return DCK_TRIE_CHECK_BAD_COLLISION;
    }
  }
  /* Invariant 3: at depth 13 the path fixes all 64 hash bits. */
  if (!hash_follows_path(node->entries[0].hash, prefix, DCK_TRIE_COLLISION_DEPTH)) {
    return DCK_TRIE_CHECK_MISPLACED_HASH;
  }
  return DCK_TRIE_CHECK_OK;
}

/* The canonical invariants of the subtree `node` at `depth` under the path `prefix`; `may_borrow`:
 * whether `node` may be a borrowing node (under an index's borrowing node, invariant O6). */
static dck_trie_check_t check_node(const dck_trie_t *node, unsigned depth, uint64_t prefix,
                                   bool is_root, bool may_borrow) {
  /* Invariant 1. */
  if (node != dck_trie_empty() && dck_rc_load(&node->refcount) == 0) {
    return DCK_TRIE_CHECK_BAD_REFCOUNT;
  }
  /* Invariant O1 (dck_trie_overlay.c): overlays only above a canonical root. */
  if (dck_trie_is_overlay(node)) {
    return DCK_TRIE_CHECK_BAD_OVERLAY;
  }
  /* Invariant O6: borrowing nodes only in an index, under borrowing nodes. */
  if (node->borrows && !may_borrow) {
    return DCK_TRIE_CHECK_BAD_INDEX;
  }
  /* Invariant 6: the kind matches the depth. */
  bool at_bottom = depth == DCK_TRIE_COLLISION_DEPTH;
  if (node->kind != (at_bottom ? DCK_TRIE_KIND_COLLISION : DCK_TRIE_KIND_BITMAP)) {
    return DCK_TRIE_CHECK_BAD_COLLISION;
  }
  if (at_bottom) {
    return check_collision(node, prefix);
  }
  /* Invariant 2. */
  if ((node->datamap & node->nodemap) != 0 ||
      node->data_count != (uint8_t)__builtin_popcount(node->datamap)) {
    return DCK_TRIE_CHECK_BAD_BITMAP;
  }
  /* Invariant 5. */
  if (is_root ? (node->count == 0 && node != dck_trie_empty()) : node->count < 2) {
    return DCK_TRIE_CHECK_NOT_COMPACT;
  }

  size_t count = 0;
  uint32_t index = 0;
  for (uint32_t slot = 0; slot < 32; slot++) {
    uint32_t bit = 1u << slot;
    if ((node->datamap & bit) == 0) {
      continue;
    }
    uint64_t hash = node->entries[index++].hash;
    /* Invariant 3. */
    if (!hash_follows_path(hash, prefix, depth) || dck_trie_slot(hash, depth) != slot) {
      return DCK_TRIE_CHECK_MISPLACED_HASH;
    }
    count += 1;
  }
  dck_trie_t *const *children = dck_trie_node_children(node);
  index = 0;
  for (uint32_t slot = 0; slot < 32; slot++) {
    uint32_t bit = 1u << slot;
    if ((node->nodemap & bit) == 0) {
      continue;
    }
    const dck_trie_t *child = children[index++];
    uint64_t child_prefix = prefix | ((uint64_t)slot << (depth * DCK_TRIE_BITS));
    dck_trie_check_t result =
        check_node(child, depth + 1, child_prefix, false, may_borrow && node->borrows);
    if (result != DCK_TRIE_CHECK_OK) {
      return result;
    }
    count += child->count;
  }
  /* Invariant 4 (a collision node's count is its entry count by construction). */
  if (count != node->count) {
    return DCK_TRIE_CHECK_BAD_COUNT;
  }
  return DCK_TRIE_CHECK_OK;
}

/* Invariant 7 (no key twice) across the canonical tree `root`, whose counts are right. */
static dck_trie_check_t check_distinct_keys(const dck_trie_t *root) {
  if (root->count < 2) {
    return DCK_TRIE_CHECK_OK;
  }
  key_list_t list = {.items = malloc(root->count * sizeof(dck_trie_entry_t)), .count = 0};
  if (list.items == NULL) {
    fprintf(stderr, "swift-dependencies: out of memory checking a trie\n");
    abort();
  }
  dck_trie_foreach(root, collect_entry, &list);
  qsort(list.items, list.count, sizeof(dck_trie_entry_t), compare_keys);
  dck_trie_check_t result = DCK_TRIE_CHECK_OK;
  for (size_t i = 1; i < list.count; i++) {
    if (list.items[i].key == list.items[i - 1].key) {
      result = DCK_TRIE_CHECK_DUPLICATE_KEY;
      break;
    }
  }
  free(list.items);
  return result;
}

/* What check_index_entry compares an index with. */
typedef struct index_check {
  const dck_trie_t *mapped; /* the root whose map the index must be */
  bool matches;
} index_check_t;

/* One entry of an index: the map below its checkpoint gives its key this value, and a tagged value
 * is an overlay holding an own value (invariant O5). */
static bool check_index_entry(uintptr_t key, uint64_t hash, void *value, void *context) {
  index_check_t *check = context;
  if ((uintptr_t)value & DCK_TRIE_INDEX_OVERLAY_TAG) {
    const dck_trie_t *overlay =
        (const dck_trie_t *)((uintptr_t)value & ~DCK_TRIE_INDEX_OVERLAY_TAG);
    if (!dck_trie_is_overlay(overlay) || !dck_trie_overlay_holds_own_value(overlay) ||
        overlay->entries[0].key != key || overlay->entries[0].hash != hash) {
      check->matches = false;
      return false;
    }
    value = overlay->entries[0].value;
  }
  check->matches = dck_trie_get(check->mapped, key, hash) == value;
  return check->matches;
}

/* Invariant O5 for the index of indexed overlay `node`: the map of `below`, the root `lag` levels
 * down. */
static dck_trie_check_t check_index(const dck_trie_t *node) {
  const dck_trie_t *below = node;
  for (unsigned level = 0; level < node->overlay_depth; level++) {
    below = dck_trie_overlay_parent(below);
  }
  const dck_trie_t *index = *dck_trie_overlay_index_slot(node);
  if (index == NULL || index->count != below->count) {
    return DCK_TRIE_CHECK_BAD_INDEX;
  }
  dck_trie_check_t result = check_node(index, 0, 0, true, true);
  if (result == DCK_TRIE_CHECK_OK) {
    result = check_distinct_keys(index);
  }
  if (result != DCK_TRIE_CHECK_OK) {
    return result;
  }
  /* The counts are equal and the index has no key twice: each of its entries in the map below,
   * with its value, makes the maps equal. */
  index_check_t check = {.mapped = below, .matches = true};
  dck_trie_foreach(index, check_index_entry, &check); /* canonical: the entries as stored */
  return check.matches ? DCK_TRIE_CHECK_OK : DCK_TRIE_CHECK_BAD_INDEX;
}

/* Invariants O1 ... O5 of dck_trie_overlay.c along the chain of overlays at the top of `root`;
 * sets `*base` to the canonical root below it. */
static dck_trie_check_t check_overlays(const dck_trie_t *root, const dck_trie_t **base) {
  const dck_trie_t *node = root;
  while (dck_trie_is_overlay(node)) {
    const dck_trie_t *parent = dck_trie_overlay_parent(node);
    if (dck_rc_load(&node->refcount) == 0) {
      return DCK_TRIE_CHECK_BAD_REFCOUNT;
    }
    /* Invariant O2: what the parent makes this overlay (its depth or lag, its kind). */
    unsigned depth = 1u;
    bool indexed = false, shares_index = false;
    if (parent->kind == DCK_TRIE_KIND_OVERLAY) {
      depth = parent->overlay_depth + 1u;
      indexed = depth > DCK_TRIE_OVERLAY_MAX_DEPTH;
    } else if (parent->kind == DCK_TRIE_KIND_OVERLAY_INDEXED) {
      depth = parent->overlay_depth + 1u;
      indexed = true;
      shares_index = depth < 2u * DCK_TRIE_OVERLAY_MAX_DEPTH;
    }
    if (indexed && !shares_index) {
      depth = DCK_TRIE_OVERLAY_MAX_DEPTH;
    }
    bool is_new = dck_trie_get(parent, node->entries[0].key, node->entries[0].hash) == NULL;
    if (node->datamap != 0 || node->nodemap != 1 || node->data_count != 1 || node->borrows != 0 ||
        node->overlay_depth != depth ||
        (node->kind == DCK_TRIE_KIND_OVERLAY_INDEXED) != indexed ||
        (!indexed && *dck_trie_overlay_index_slot(node) != NULL) ||
        (shares_index &&
         *dck_trie_overlay_index_slot(node) != *dck_trie_overlay_index_slot(parent)) ||
        (indexed && !shares_index &&
         *dck_trie_overlay_index_slot(node) !=
             dck_ptr_load_acquire(dck_trie_overlay_next_index_slot(parent))) ||
        !is_new || node->count != parent->count + 1u) {
      return DCK_TRIE_CHECK_BAD_OVERLAY;
    }
    if (indexed) {
      dck_trie_check_t result = check_index(node);
      if (result != DCK_TRIE_CHECK_OK) {
        return result;
      }
    }
    node = parent;
  }
  *base = node;
  return DCK_TRIE_CHECK_OK;
}

dck_trie_check_t dck_trie_check_invariants(const dck_trie_t *root) {
  if (dck_trie_is_overlay(root)) {
    /* The chain, the canonical root below it, and the canonical form of the whole map. */
    const dck_trie_t *base = NULL;
    dck_trie_check_t result = check_overlays(root, &base);
    if (result == DCK_TRIE_CHECK_OK) {
      result = dck_trie_check_invariants(base);
    }
    if (result == DCK_TRIE_CHECK_OK) { /* folded afresh: checking keeps no form in the overlays */
      dck_trie_t *canonical = dck_trie_overlay_fold_afresh(root);
      result = canonical->count == root->count ? dck_trie_check_invariants(canonical)
                                               : DCK_TRIE_CHECK_BAD_OVERLAY;
      dck_trie_release(canonical);
    }
    const dck_trie_t *kept = dck_ptr_load_acquire(dck_trie_overlay_canonical_slot(root));
    if (result == DCK_TRIE_CHECK_OK && kept != NULL) { /* the fold the overlay kept */
      result = kept->count == root->count && !dck_trie_is_overlay(kept)
                   ? dck_trie_check_invariants(kept)
                   : DCK_TRIE_CHECK_BAD_OVERLAY;
    }
    return result;
  }
  dck_trie_check_t result = check_node(root, 0, 0, true, false);
  if (result != DCK_TRIE_CHECK_OK) {
    return result;
  }
  /* Invariant 7 across the tree. The counts are right (invariant 4), so the list fits. */
  return check_distinct_keys(root);
}

static void dump_node(const dck_trie_t *node, unsigned depth, int slot) {
  int indent = (int)depth * 2;
  if (slot >= 0) {
    fprintf(stderr, "%*s[%2d] ", indent, "", slot);
  } else {
    fprintf(stderr, "%*s", indent, "");
  }
  if (dck_trie_is_overlay(node)) {
    const char *kind = node->kind == DCK_TRIE_KIND_OVERLAY_INDEXED ? "indexed overlay" : "overlay";
    void *owner = dck_trie_embedding_owner(node);
    if (owner != NULL) {
      fprintf(stderr, "%s %p embedded in %p count=%zu %s=%u\n", kind, (const void *)node, owner,
              node->count, node->kind == DCK_TRIE_KIND_OVERLAY ? "depth" : "lag",
              (unsigned)node->overlay_depth);
    } else {
      fprintf(stderr, "%s %p rc=%" PRIu32 " count=%zu %s=%u\n", kind, (const void *)node,
              dck_rc_load(&node->refcount), node->count,
              node->kind == DCK_TRIE_KIND_OVERLAY ? "depth" : "lag",
              (unsigned)node->overlay_depth);
    }
    fprintf(stderr, "%*s  key=%#" PRIxPTR " hash=%016" PRIx64 " value=%p\n", indent, "",
            node->entries[0].key, node->entries[0].hash, node->entries[0].value);
    const dck_trie_t *index = *dck_trie_overlay_index_slot(node);
    if (index != NULL) {
      fprintf(stderr, "%*s  index:\n", indent, "");
      dump_node(index, depth + 2, -1);
    }
    dump_node(dck_trie_overlay_parent(node), depth, -1); /* the parent, at the same indent */
    return;
  }
  if (node->kind == DCK_TRIE_KIND_COLLISION) {
    fprintf(stderr, "collision %p rc=%" PRIu32 " count=%zu%s\n", (const void *)node,
            dck_rc_load(&node->refcount), node->count, node->borrows ? " borrowing" : "");
  } else {
    fprintf(stderr,
            "node %p rc=%" PRIu32 " count=%zu data=%08" PRIx32 " nodes=%08" PRIx32 "%s%s\n",
            (const void *)node, dck_rc_load(&node->refcount), node->count, node->datamap,
            node->nodemap, node == dck_trie_empty() ? " (shared empty root)" : "",
            node->borrows ? " borrowing" : "");
  }
  uint32_t entry_count = dck_trie_node_entry_count(node);
  for (uint32_t i = 0; i < entry_count; i++) {
    const dck_trie_entry_t *entry = &node->entries[i];
    fprintf(stderr, "%*s  key=%#" PRIxPTR " hash=%016" PRIx64 " value=%p\n", indent, "",
            entry->key, entry->hash, entry->value);
  }
  dck_trie_t *const *children = dck_trie_node_children(node);
  uint32_t index = 0;
  for (int child_slot = 0; child_slot < 32; child_slot++) {
    if (node->nodemap & (1u << child_slot)) {
      dump_node(children[index++], depth + 1, child_slot);
    }
  }
}

void dck_trie_dump(const dck_trie_t *root) {
  dump_node(root, 0, -1);
}

#else /* !DCK_DEBUG */

dck_trie_check_t dck_trie_check_invariants(const dck_trie_t *root) {
  (void)root;
  return DCK_TRIE_CHECK_UNAVAILABLE;
}

void dck_trie_dump(const dck_trie_t *root) {
  (void)root;
}

#endif /* DCK_DEBUG */
