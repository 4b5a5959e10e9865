/*
 * dck_trie_overlay.c — overlay roots: inserting into a map of any size with one small node, at any
 * depth of nesting.
 *
 * Why
 * ---
 * Entering a `withDependencies` scope inserts one or a few keys into the scope's map. Path copying
 * (dck_trie.c) copies the nodes on the key's path: with many keys in the map, the root and one or
 * two inner nodes of up to 32 slots each, retaining every child and value they share. An overlay
 * node instead adds the one entry on top of the unchanged root, so inserting a new key costs one
 * small node (96 bytes, usually inside the scope object that owns the root) and a reference to the
 * root below, whatever the size of the map; a scope's root points at the root of the scope around
 * it, and scopes nested K deep make a chain of K overlays:
 *
 *   [o11 k11, lag 10] ─▶ [o10, lag 9] ─▶ [o9, lag 8] ─▶ [o8 k8, depth 8] ─▶ … ─▶ [o2, 2] ─▶ [o1, 1]
 *       │ index ═══════ (borrowed) ═══════════ │ index, kept by o8 as its next index       │
 *       ▼                                      ▼                                           ▼
 *   canonical root of borrowing nodes: k1 and every key of C, sharing C's     canonical root C (a
 *   untouched subtrees                                                        CHAMP trie, possibly
 *                                                                             the shared empty root)
 *
 * Indexed overlays
 * ----------------
 * The first DCK_TRIE_OVERLAY_MAX_DEPTH (8) overlays of a chain are plain overlays; a plain
 * overlay's overlay_depth is its depth in the chain (1 above the canonical root). Every deeper
 * overlay is *indexed* (kind OVERLAY_INDEXED): besides its entry it holds an *index*, a canonical
 * trie of the map below its *lag*, the number of overlays (8 ... 15, kept in overlay_depth) a
 * lookup compares before it walks the index. A lookup compares at most eight keys in a chain of
 * plain overlays and then walks the canonical root under the chain; in a deeper one at most
 * fifteen, then walks one index. Nothing is folded when a chain grows:
 *
 *   - the ninth overlay's index is the canonical root under the chain with the first overlay's
 *     entry added (lag 8);
 *   - an overlay on an indexed one of lag below 15 uses the same index, with one more lag;
 *   - an overlay on one of lag 15 starts over at lag 8: its index is the one below with the
 *     entries of the eight overlays that fell out of its walk added, in one new root (a copy with
 *     room for them, edited in place before anyone can see it).
 *
 * A new index is made for the overlays put on a given overlay (the eighth plain one, or an indexed
 * one of lag 15): the first of them makes it and that overlay keeps it (its *next index*), so that
 * every scope entered on the same scope, one after another, finds it there. So of eight nested
 * scopes past the eighth, seven pay nothing for an index and one a new root and the nodes on the
 * eight entries' paths (every untouched subtree shared), and none copies a value: an earlier
 * design folded the chain into a canonical trie at depth nine, boxing every value the scopes
 * carried (11 times the cost of one scope, then the same again every eight levels).
 *
 * An index holds no value: the nodes it builds are *borrowing* nodes (`borrows`), which take no
 * reference to the values of their entries, as the chain below the indexed overlay holds every one
 * of them (an overlay its entry's value or is its owner, the canonical root under the chain its
 * own), and the indexed overlay holds that chain. They hold their children: their own, the older
 * index's and the canonical root's. An index is kept by the overlay that made it for the overlays
 * put on it (+1); those overlays, and the ones put on them within the window, borrow it, as they
 * hold that overlay. An own value (see below) enters an index as its overlay node,
 * tagged with DCK_TRIE_INDEX_OVERLAY_TAG: a lookup reads the value through the node (the owner), a
 * shared lookup its stand-in. In memory an index costs, once per eight overlays, the nodes it
 * builds: a root of a few hundred bytes in a map of a few dozen keys.
 *
 * Invariants (checked by dck_trie_check_invariants, codes BAD_OVERLAY and BAD_INDEX)
 * ----------
 *  O1. Overlay nodes occur only as a chain at the top of a map: an overlay's parent is an overlay
 *      or a canonical root (a bitmap node at depth 0); no canonical node points at an overlay.
 *  O2. An overlay on a canonical root is plain, of depth 1; on a plain overlay of depth below 8,
 *      plain, one deeper; on a plain overlay of depth 8, indexed with lag 8; on an indexed overlay
 *      of lag below 15, indexed with one more lag and the same index; on one of lag 15, indexed
 *      with lag 8. An overlay of lag 8 has its parent's next index.
 *  O3. An overlay's count is its parent's count plus one.
 *  O4. An overlay's key is absent from its parent: no overlay shadows an entry. So inserting the
 *      top overlay's own key replaces that overlay (same parent, same depth or lag, same index),
 *      and inserting a key present further down builds a canonical root instead (dck_trie_insert).
 *  O5. An indexed overlay's index maps exactly the keys of the map `lag` levels down, each to the
 *      value that map gives it (an own value as its tagged overlay); its nodes satisfy the
 *      canonical invariants of dck_trie.c.
 *  O6. A borrowing node is reachable only from indexes; a node that holds its values never points
 *      at a borrowing one.
 * As everywhere in the trie, a key is the pair (key, hash).
 *
 * O4 makes a root keep alive exactly what path copying would: the values of its map and none it
 * replaced. Otherwise a value holding a root that replaced it (a model that captured the
 * dependencies of a scope overriding the very key the model is stored under) would close a cycle
 * and leak. O5 and O6 make every borrowed value outlive the nodes that borrow it.
 *
 * Canonical form
 * --------------
 * The overlays give up the canonical shape of dck_trie.c for the maps they end, so everything that
 * relies on it works on the *canonical form* (dck_trie_canonical): dck_trie_foreach visits it (equal
 * maps still visit in one order), dck_trie_remove removes from it, dck_trie_merge merges the forms
 * and so still returns an input whose map equals the result, and an insert of a key set further
 * down path-copies it. The form is folded lazily, eight overlays at a time, and kept: the canonical
 * form of an overlay is the canonical form of the map eight overlays down (kept by that overlay,
 * folded first if it is not yet; or the canonical root under the chain, reached sooner) merged with
 * a canonical subtree built of the entries in between (one node per node of the result, no
 * intermediate roots), and the overlay keeps it. An index cannot serve as the form: it holds own
 * values by their overlays and borrows every value.
 *
 * Ownership
 * ---------
 * An overlay holds one reference to its parent, one to its entry's value (none to an own value, see
 * below), once folded one to its canonical root, once made one to its stand-in, and once made one
 * to its next index; dck_trie_overlay_give_back gives them back when its last reference goes. Its
 * own index it borrows from the overlay below (which it holds, directly or through its parent). An
 * index node holds one reference to each of its children (borrowing or not) and none to its
 * values. An
 * *embedded* overlay (dck_trie_insert_into) lives in storage inside an owner object instead, and
 * has no count of its own: dck_trie_retain and dck_trie_release of it retain and release the owner
 * through the value callbacks, and the owner's deinit gives back what the overlay holds
 * (dck_trie_embedded_destroy) before its storage is freed. The façade embeds a scope's new root in
 * the Swift object that owns it, so entering a scope allocates that object (usually kept spare by
 * the thread, see dck_spare_scopes.c), and no trie node of its own. Folding returns new +1 roots and
 * releases every temporary it made; the chain it folded is unchanged (but for its canonical and
 * stand-in slots), and its result holds values, never owners.
 *
 * Own values
 * ----------
 * An embedded overlay may map its key to its owner itself (dck_trie_insert_owner_into): an object
 * that carries the value, so that a scope entry allocates one object. The overlay counts no
 * reference to such an *own value* (it would be the owner's reference to itself) and gives none back.
 * No node that holds its values may hold the owner (a root holding its owner never goes), so
 * whatever copies the entry out of the overlay into such nodes — the fold, and through it every
 * canonical form, merge, walk and removal — takes the overlay's *stand-in* instead: a value that
 * reads the same, made once through the stand-in callback and kept by the overlay (its own +1,
 * given back with the overlay), so that every root holding the entry holds one pointer for it.
 * dck_trie_get_shared looks a key up as those roots hold it, for callers that compare values found
 * in different roots. An index, which holds no value, refers to the overlay (tagged), so a nest of
 * scopes makes no stand-in at all. So a node holds an own value only as the entry of the embedded
 * overlay whose owner it is (which the checker cannot see, as a value is opaque to it;
 * TrieOwnValueTests checks that the owners go).
 *
 * Memory ordering: an overlay's fields, its index among them, are written before the overlay is
 * published, like any node (dck_trie.c). The canonical, stand-in and next-index slots are the
 * fields written later: each set once from NULL by a compare-and-swap with release ordering, read
 * with acquire, so a thread that sees the root, stand-in or index sees it built; the thread that
 * loses the race releases its own.
 *
 * Progress: dck_trie_overlay_insert, dck_trie_canonical and dck_trie_overlay_shared_value are
 * lock-free apart from malloc (and the stand-in callback, which allocates); they write only to nodes
 * they allocate (and the canonical, stand-in and next-index slots, once each), and read nodes that
 * are immutable once published. dck_trie_overlay_indexed_get is wait-free (at most fifteen
 * overlays and a canonical lookup), apart from the stand-in a shared lookup may make.
 */
#include "dck_trie_node.h"
#include "dck_values.h"

#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------------------------------------ */
/* Overlay nodes                                                                                    */
/* ------------------------------------------------------------------------------------------------ */

_Static_assert(sizeof(dck_trie_t) + sizeof(dck_trie_entry_t) + 3 * sizeof(void *) +
                       3 * sizeof(dck_atomic_ptr_t) <=
                   DCK_TRIE_OVERLAY_SIZE,
               "an overlay node must fit the storage dck_trie_insert_into documents");

/* Makes `node` (storage of DCK_TRIE_OVERLAY_SIZE bytes that no one else can see yet) an overlay
 * adding `entry` (borrowed; its value retained, or its +1 taken over when `value_taken`; not
 * counted when it is `owner`) to `parent` (retained) at `depth` (plain) or with lag `depth`
 * (indexed, when `index`, borrowed from the overlays below, is not NULL), embedded in `owner`
 * (NULL: allocated). */
static dck_trie_t *overlay_init(dck_trie_t *node, dck_trie_t *parent,
                                const dck_trie_entry_t *entry, size_t count, unsigned depth,
                                dck_trie_t *index, void *owner, bool value_taken) {
  dck_rc_init(&node->refcount, 1); /* unused when embedded: the owner counts */
  node->datamap = 0;
  node->nodemap = 1; /* its one child: the parent (see dck_trie_node.h) */
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
  if (parent != &dck_trie_empty_node) { /* a scope's first override: nothing to retain */
    dck_trie_retain(parent);
  }
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

/* overlay_init of a new overlay: built in `storage` for `owner`, or allocated (+1) when `storage`
 * is NULL. */
static dck_trie_t *overlay_new(dck_trie_t *parent, const dck_trie_entry_t *entry, size_t count,
                               unsigned depth, dck_trie_t *index, void *storage, void *owner,
                               bool value_taken) {
  if (storage == NULL) {
    return overlay_init(dck_trie_allocate_or_abort(DCK_TRIE_OVERLAY_SIZE), parent, entry, count,
                        depth, index, NULL, value_taken);
  }
  return overlay_init(storage, parent, entry, count, depth, index, owner, value_taken);
}

/* ------------------------------------------------------------------------------------------------ */
/* Building canonical subtrees                                                                      */
/* ------------------------------------------------------------------------------------------------ */

/*
 * The canonical subtree (+1) at `depth` holding exactly `entries` (at most
 * DCK_TRIE_OVERLAY_MAX_DEPTH, distinct keys that agree on the hash bits of every level above
 * `depth`; `count` >= 1, and >= 2 below the root). Reorders `entries`. One node per node of the
 * result: a slot with one entry holds it inline, a slot with more holds a child built the same way
 * one level down (invariants 3, 5 and 6 of dck_trie.c).
 */
static dck_trie_t *build_canonical(dck_trie_entry_t *entries, size_t count, unsigned depth) {
  if (depth == DCK_TRIE_COLLISION_DEPTH) { /* one full hash: sorted by key (invariant 6) */
    for (size_t i = 1; i < count; i++) {
      dck_trie_entry_t moving = entries[i];
      size_t j = i;
      for (; j > 0 && entries[j - 1].key > moving.key; j--) {
        entries[j] = entries[j - 1];
      }
      entries[j] = moving;
    }
    dck_trie_t *node = dck_trie_node_allocate(DCK_TRIE_KIND_COLLISION, 0, 0, count, false);
    memcpy(node->entries, entries, count * sizeof(dck_trie_entry_t));
    dck_trie_node_retain_values(node, count);
    return node;
  }
  /* Sorted by slot (insertion sort of a few entries, each slot computed once). */
  uint32_t slots[DCK_TRIE_OVERLAY_MAX_DEPTH];
  for (size_t i = 0; i < count; i++) {
    dck_trie_entry_t moving = entries[i];
    uint32_t slot = dck_trie_slot(moving.hash, depth);
    size_t j = i;
    for (; j > 0 && slots[j - 1] > slot; j--) {
      entries[j] = entries[j - 1];
      slots[j] = slots[j - 1];
    }
    entries[j] = moving;
    slots[j] = slot;
  }
  dck_trie_entry_t inline_entries[DCK_TRIE_OVERLAY_MAX_DEPTH];
  dck_trie_t *children[DCK_TRIE_OVERLAY_MAX_DEPTH];
  uint32_t datamap = 0, nodemap = 0;
  size_t inline_count = 0, child_count = 0;
  for (size_t start = 0; start < count;) {
    size_t end = start + 1;
    while (end < count && slots[end] == slots[start]) {
      end++;
    }
    if (end - start == 1) {
      datamap |= 1u << slots[start];
      inline_entries[inline_count++] = entries[start];
    } else {
      nodemap |= 1u << slots[start];
      children[child_count++] = build_canonical(entries + start, end - start, depth + 1);
    }
    start = end;
  }
  dck_trie_t *node = dck_trie_node_allocate(DCK_TRIE_KIND_BITMAP, datamap, nodemap, count, false);
  memcpy(node->entries, inline_entries, inline_count * sizeof(dck_trie_entry_t));
  dck_trie_node_retain_values(node, inline_count);
  /* The children are +1 from build_canonical: the node takes those references over. */
  memcpy(node->entries + inline_count, children, child_count * sizeof(dck_trie_t *));
  return node;
}

/* ------------------------------------------------------------------------------------------------ */
/* Indexes                                                                                          */
/* ------------------------------------------------------------------------------------------------ */

/* The largest lag of an indexed overlay: a lookup compares at most this many overlay keys. */
#define INDEX_MAX_LAG (2u * DCK_TRIE_OVERLAY_MAX_DEPTH - 1u)

/* The overlay `distance` levels below `node` (an overlay with at least that many below it). */
static const dck_trie_t *ancestor(const dck_trie_t *node, unsigned distance) {
  for (; distance > 0; distance--) {
    node = dck_trie_overlay_parent(node);
  }
  return node;
}

/* The entry of `overlay` as an index holds it: an own value as its overlay, tagged. */
static dck_trie_entry_t index_entry(const dck_trie_t *overlay) {
  dck_trie_entry_t entry = overlay->entries[0];
  if (dck_trie_overlay_holds_own_value(overlay)) {
    entry.value = (void *)((uintptr_t)overlay | DCK_TRIE_INDEX_OVERLAY_TAG);
  }
  return entry;
}

/* The index (+1) of the overlays of lag 8 put on `parent` (invariants O2, O5): the map of
 * `parent`'s seventh overlay down. On a plain overlay (of depth 8), that is the chain's first
 * overlay: the canonical root under the chain with its entry added by path copying. On an indexed
 * one (of lag 15), whose index maps what lies fifteen levels down, that index with the entries of
 * the eight overlays in between added, in one new root. The nodes built borrow their values. The
 * keys are absent from what they are added to (invariant O4). */
static dck_trie_t *index_new(const dck_trie_t *parent) {
  const dck_trie_t *overlay = ancestor(parent, DCK_TRIE_OVERLAY_MAX_DEPTH - 1u);
  if (parent->kind == DCK_TRIE_KIND_OVERLAY) {
    dck_trie_entry_t entry = index_entry(overlay);
    return dck_trie_canonical_insert_new(dck_trie_overlay_parent(overlay), &entry, true);
  }
  dck_trie_entry_t gathered[DCK_TRIE_OVERLAY_MAX_DEPTH];
  for (unsigned i = 0; i < DCK_TRIE_OVERLAY_MAX_DEPTH; i++) {
    gathered[i] = index_entry(overlay);
    overlay = dck_trie_overlay_parent(overlay);
  }
  return dck_trie_index_insert_batch(*dck_trie_overlay_index_slot(parent), gathered,
                                     DCK_TRIE_OVERLAY_MAX_DEPTH);
}

/* The index of the overlays put on `parent` (a plain overlay of depth 8 or an indexed one of lag
 * 15), borrowed from `parent`, which keeps it: made by the first such overlay (index_new), and
 * found by every other, so that a scope entered again and again on one scope pays for it once. */
static dck_trie_t *next_index(dck_trie_t *parent) {
  dck_atomic_ptr_t *slot = dck_trie_overlay_next_index_slot(parent);
  dck_trie_t *index = dck_ptr_load_acquire(slot);
  if (index == NULL) {
    dck_trie_t *made = index_new(parent); /* +1, which `parent` keeps if it wins */
    if (dck_ptr_cas_release(slot, NULL, made)) {
      index = made;
    } else { /* another thread made one first: use it */
      dck_trie_release(made);
      index = dck_ptr_load_acquire(slot);
    }
  }
  return index;
}

void *dck_trie_overlay_indexed_get(const dck_trie_t *node, uintptr_t key, uint64_t hash,
                                   bool shared) {
  const dck_trie_t *overlay = node;
  for (unsigned level = 1; level < node->overlay_depth; level++) { /* its lag */
    overlay = dck_trie_overlay_parent(overlay);
    if (overlay->entries[0].key == key && overlay->entries[0].hash == hash) {
      return shared ? dck_trie_overlay_shared_value(overlay) : overlay->entries[0].value;
    }
  }
  void *value = dck_trie_canonical_get(*dck_trie_overlay_index_slot(node), key, hash);
  if (((uintptr_t)value & DCK_TRIE_INDEX_OVERLAY_TAG) == 0) {
    return value; /* a value as the chain's overlays and canonical root hold it, or NULL */
  }
  overlay = (const dck_trie_t *)((uintptr_t)value & ~DCK_TRIE_INDEX_OVERLAY_TAG);
  return shared ? dck_trie_overlay_shared_value(overlay) : overlay->entries[0].value;
}

/* ------------------------------------------------------------------------------------------------ */
/* Folding a chain into a canonical root                                                            */
/* ------------------------------------------------------------------------------------------------ */

/* The canonical form that `node` (an overlay) keeps, or NULL. */
static dck_trie_t *kept_canonical(const dck_trie_t *node) {
  return dck_ptr_load_acquire(dck_trie_overlay_canonical_slot(node));
}

/* The root under the overlays that fold with `top` (an overlay): eight levels down, or sooner the
 * canonical root under the chain, or (when `stop_at_kept`) an overlay that keeps its form. */
static dck_trie_t *fold_base(const dck_trie_t *top, bool stop_at_kept) {
  dck_trie_t *node = dck_trie_overlay_parent(top);
  for (unsigned level = 1; level < DCK_TRIE_OVERLAY_MAX_DEPTH && dck_trie_is_overlay(node) &&
                           !(stop_at_kept && kept_canonical(node) != NULL);
       level++) {
    node = dck_trie_overlay_parent(node);
  }
  return node;
}

/* The canonical root (+1) of the map of `top` (borrowed, an overlay): `below_form` (borrowed, the
 * canonical form of the map of `base`, the root fold_base gave) merged with the entries of the
 * overlays from `top` down to `base`, each as every other root holds it (an own value as its
 * stand-in). */
static dck_trie_t *fold(const dck_trie_t *top, const dck_trie_t *base, dck_trie_t *below_form) {
  dck_trie_entry_t gathered[DCK_TRIE_OVERLAY_MAX_DEPTH];
  size_t count = 0;
  for (const dck_trie_t *node = top; node != base; node = dck_trie_overlay_parent(node)) {
    dck_trie_entry_t entry = node->entries[0];
    entry.value = dck_trie_overlay_shared_value(node);
    gathered[count++] = entry;
  }
  dck_trie_t *built = build_canonical(gathered, count, 0);
  dck_trie_t *result = dck_trie_merge_canonical(below_form, built, false);
  dck_trie_release(built);
  return result;
}

/* The canonical form (borrowed, kept by `root`, an overlay) of `root`'s map: folded eight overlays
 * at a time, from the lowest overlay that needs it (down to the canonical root, or to an overlay
 * that keeps its form already), each form kept by the overlay it is the form of. */
static dck_trie_t *canonical_kept(dck_trie_t *root) {
  dck_trie_t *kept = kept_canonical(root);
  if (kept != NULL) {
    return kept;
  }
  /* The overlays whose forms are still to fold, from `root` down, eight levels apart. */
  dck_trie_t *tops_inline[16];
  dck_trie_t **tops = tops_inline;
  size_t count = 0, capacity = 16;
  for (dck_trie_t *top = root;;) {
    if (count == capacity) {
      dck_trie_t **grown = dck_trie_allocate_or_abort(2 * capacity * sizeof(dck_trie_t *));
      memcpy(grown, tops, count * sizeof(dck_trie_t *));
      if (tops != tops_inline) {
        free(tops);
      }
      tops = grown;
      capacity *= 2;
    }
    tops[count++] = top;
    dck_trie_t *base = fold_base(top, true);
    if (!dck_trie_is_overlay(base) || kept_canonical(base) != NULL) {
      break;
    }
    top = base;
  }
  /* From the lowest: the base of each is canonical or keeps its form by then (a form another
   * thread keeps meanwhile only ends a walk sooner). */
  while (count > 0) {
    dck_trie_t *top = tops[--count];
    dck_trie_t *base = fold_base(top, true);
    dck_trie_t *below_form = dck_trie_is_overlay(base) ? kept_canonical(base) : base;
    dck_trie_t *folded = fold(top, base, below_form); /* +1, which `top` keeps if it wins */
    if (!dck_ptr_cas_release(dck_trie_overlay_canonical_slot(top), NULL, folded)) {
      /* Another thread folded first: use its root. */
      DCK_DEBUG_COUNT(dck_debug_counter_fold_races, 1);
      dck_trie_release(folded);
    }
  }
  if (tops != tops_inline) {
    free(tops);
  }
  return kept_canonical(root);
}

/* ------------------------------------------------------------------------------------------------ */
/* API shared with dck_trie.c                                                                       */
/* ------------------------------------------------------------------------------------------------ */

dck_trie_t *dck_trie_overlay_insert(dck_trie_t *root, const dck_trie_entry_t *entry,
                                    bool replaces_top, void *storage, void *owner,
                                    bool value_taken) {
  if (replaces_top) { /* the top key again: replace the top overlay (invariant O4) */
    return overlay_new(dck_trie_overlay_parent(root), entry, root->count, root->overlay_depth,
                       *dck_trie_overlay_index_slot(root), storage, owner, value_taken);
  }
  if (!dck_trie_is_overlay(root)) {
    return overlay_new(root, entry, root->count + 1u, 1, NULL, storage, owner, value_taken);
  }
  /* Invariant O2. */
  unsigned depth = root->overlay_depth; /* a plain overlay's depth, an indexed one's lag */
  dck_trie_t *index = NULL;
  if (root->kind == DCK_TRIE_KIND_OVERLAY && depth < DCK_TRIE_OVERLAY_MAX_DEPTH) {
    depth += 1u; /* plain */
  } else if (root->kind == DCK_TRIE_KIND_OVERLAY_INDEXED && depth < INDEX_MAX_LAG) {
    depth += 1u; /* the same map below, one level further down */
    index = *dck_trie_overlay_index_slot(root);
  } else {
    depth = DCK_TRIE_OVERLAY_MAX_DEPTH;
    index = next_index(root);
  }
  return overlay_new(root, entry, root->count + 1u, depth, index, storage, owner, value_taken);
}

/* dck_trie_insert_owner_into on a root other than the empty one. */
static __attribute__((noinline)) dck_trie_t *insert_owner_into_root(void *storage, void *owner,
                                                                     dck_trie_t *root,
                                                                     uintptr_t key, uint64_t hash) {
  dck_trie_entry_t entry = {.key = key, .hash = hash, .value = owner};
  bool replaces_top =
      dck_trie_is_overlay(root) && root->entries[0].key == key && root->entries[0].hash == hash;
  if (!replaces_top && dck_trie_get(root, key, hash) != NULL) {
    return NULL; /* a path copy: not a root in `storage` */
  }
  /* The commonest nestings, built here: a scope in a few others adds one more plain overlay; one
   * that sets the key of the scope around it replaces that scope's plain overlay (invariant O2). */
  if (root->kind == DCK_TRIE_KIND_OVERLAY) {
    if (replaces_top) {
      return overlay_init(storage, dck_trie_overlay_parent(root), &entry, root->count,
                          root->overlay_depth, NULL, owner, false);
    }
    if (root->overlay_depth < DCK_TRIE_OVERLAY_MAX_DEPTH) {
      return overlay_init(storage, root, &entry, root->count + 1u, root->overlay_depth + 1u,
                          NULL, owner, false);
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
    return overlay_init(storage, root, &entry, 1, 1, NULL, owner, false);
  }
  return insert_owner_into_root(storage, owner, root, key, hash);
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
  void *owner = *dck_trie_overlay_owner_slot(node);
  void *value = node->entries[0].value;
  /* The last reference is gone: no thread can still set the slots. */
  dck_trie_t *canonical = dck_ptr_load_acquire(dck_trie_overlay_canonical_slot(node));
  void *stand_in = dck_ptr_load_acquire(dck_trie_overlay_stand_in_slot(node));
  dck_trie_t *next_index = dck_ptr_load_acquire(dck_trie_overlay_next_index_slot(node));
  if (owner == NULL) {
    free(node); /* an embedded overlay's storage is its owner's */
  }
  DCK_DEBUG_COUNT(dck_debug_counter_trie_nodes, -1);
  /* The index it kept for the overlays put on it first: it borrows from the chain the parent
   * holds. (Its own index it borrowed.) */
  if (next_index != NULL) {
    dck_trie_release(next_index);
  }
  if (canonical != NULL) {
    dck_trie_release(canonical);
  }
  if (parent != &dck_trie_empty_node) {
    dck_trie_release(parent);
  }
  /* An own value is its owner, whose last reference is what is going: nothing to give back. */
  if (value != owner) {
    dck_value_release(value, DCK_VALUE_OWNER_TRIE);
  }
  if (stand_in != NULL) {
    dck_value_release(stand_in, DCK_VALUE_OWNER_TRIE);
  }
}

void dck_trie_embedded_destroy(void *storage) {
  /* A scope's first override that carries its value, which no fold, shared lookup or overlay
   * put on it used: nothing to give back (and no register to save). */
  if (dck_trie_embedded_is_bare(storage)) {
    DCK_DEBUG_COUNT(dck_debug_counter_trie_nodes, -1);
    return;
  }
  dck_trie_overlay_give_back(storage); /* leaves the storage to its owner */
}

dck_trie_t *dck_trie_canonical(dck_trie_t *root) {
  dck_trie_t *canonical = dck_trie_is_overlay(root) ? canonical_kept(root) : root;
  dck_trie_retain(canonical);
  return canonical;
}

dck_trie_t *dck_trie_overlay_fold_afresh(const dck_trie_t *root) {
  dck_trie_t *base = fold_base(root, false);
  dck_trie_t *below_form = dck_trie_is_overlay(base) ? dck_trie_overlay_fold_afresh(base) : base;
  if (below_form == base) {
    dck_trie_retain(below_form);
  }
  dck_trie_t *result = fold(root, base, below_form);
  dck_trie_release(below_form);
  return result;
}
