/*
 * dck.h — the two data structures of the swift-dependencies core, the public C surface Swift reads
 * them through.
 *
 * Two structures live behind this header:
 *
 *   - the *trie* (dck_trie_*): a persistent CHAMP hash trie mapping a key identifier to an opaque,
 *     reference-counted value. It holds the dependency overrides of one scope. Every "mutation" returns
 *     a new root and leaves the old one untouched; unchanged subtrees are shared between roots.
 *
 *   - the *cache* (dck_cache_*): a table of default values keyed by (key identifier, context), read
 *     without locks and computed exactly once per key and context (until dck_cache_reset empties it).
 *
 * with the callbacks through which they hold values (dck_values_*) and their debug counters. What the
 * core does for the Swift façade beyond these two structures (a thread's read frame and setting flag,
 * calls into the Swift runtime, spare scope objects, pinned objects, published pointers) is declared
 * in dck_runtime.h, the other header Swift sees.
 *
 * Ownership is stated on every function:
 *   "+1"       the caller receives a reference it must give back (dck_trie_release, or the value's
 *              release callback);
 *   "borrowed" the caller receives or passes a pointer it does not own and must not release;
 *   "consumes" the function takes over the caller's reference.
 *
 * Values are opaque pointers (Swift objects passed as `Unmanaged`). The core never dereferences them:
 * it retains and releases them only through the callbacks registered with dck_values_set_callbacks.
 * A release callback may run arbitrary code (a Swift deinit); the core calls it only when its own
 * structures are consistent and it holds no lock.
 *
 * Progress guarantees are given per function: wait-free, lock-free, or blocking.
 *
 * Nothing in this header names Concurrency Kit; it is an implementation detail of CSupport/src.
 */
#ifndef DCK_H
#define DCK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------------------------------ */
/* Values                                                                                           */
/* ------------------------------------------------------------------------------------------------ */

/** Retains or releases one value. `value` is never NULL. */
typedef void (*dck_value_callback_t)(void *value);

/**
 * Registers how the core retains and releases values. Call once, before the first insert into a trie
 * or cache; later calls replace the callbacks and must pass functions with the same meaning.
 * Wait-free.
 */
void dck_values_set_callbacks(dck_value_callback_t retain, dck_value_callback_t release);

/** Makes a stand-in for an own value (see dck_trie_insert_owner_into): a new value (+1) that reads
 * as the value `owner` carries. `owner` is never NULL. */
typedef void *(*dck_value_stand_in_callback_t)(void *owner);

/**
 * Registers how the core makes the stand-in of an own value. Call once, before the first
 * dck_trie_insert_owner_into; later calls replace the callback. Wait-free.
 */
void dck_values_set_stand_in_callback(dck_value_stand_in_callback_t make_stand_in);

/* ------------------------------------------------------------------------------------------------ */
/* Trie                                                                                             */
/* ------------------------------------------------------------------------------------------------ */

/** An immutable trie node; a root is a node. Opaque. */
typedef struct dck_trie dck_trie_t;

/** The shared empty trie's node (defined in dck_trie.c); use dck_trie_empty. */
extern struct dck_trie dck_trie_empty_node;

/**
 * The shared empty trie. Returns +1 (the empty root is immortal, so releasing it is a no-op, but
 * callers treat it like any other reference). Inline: a scope entry asks for it on its hot path.
 * Wait-free.
 */
static inline dck_trie_t *dck_trie_empty(void) {
  return &dck_trie_empty_node;
}

/** Adds a reference to `root` (+1). Wait-free. */
void dck_trie_retain(dck_trie_t *root);

/**
 * Gives back a reference to `root` (consumes). When the last reference goes, the node is freed, its
 * children released and its values released through the release callback. Lock-free (the freeing
 * walk is bounded by the nodes that become unreachable).
 */
void dck_trie_release(dck_trie_t *root);

/**
 * Looks `key` up. `root` is borrowed; the result is borrowed (valid while the caller keeps `root`
 * alive), or NULL when the key is absent. No allocation, no reference-count traffic. Wait-free:
 * at most 15 overlay keys (8 in a chain of eight overlays or fewer), then at most 13 trie levels (of
 * the canonical root, or of the index of an overlay deeper than eight) and one collision scan,
 * whatever the length of the chain of overlays.
 */
void *dck_trie_get(const dck_trie_t *root, uintptr_t key, uint64_t hash);

/**
 * Returns a root that maps `key` to `value` and otherwise equals `root`. `root` and `value` are
 * borrowed (the new root retains `value` through the callback); the result is +1. A key absent
 * from `root` (or the one `root`'s top overlay added) is added as an overlay: one small node on top
 * of `root`, whatever the size of the map and the length of the chain (an overlay deeper than
 * eight also has an index of the map below it: the index of the overlay it is put on or, one in
 * eight, the index that overlay keeps for the overlays put on it, made by the first of them with
 * eight more entries; see dck_trie_overlay.c). A key present further down gives a
 * canonical trie instead, built by path copying the canonical form (every untouched subtree
 * shared). The new root keeps alive only the values of its map. If `key` already maps to this very
 * `value` pointer, returns `root` itself (+1). `value` must not be NULL (the call aborts).
 * Lock-free (allocates).
 */
dck_trie_t *dck_trie_insert(dck_trie_t *root, uintptr_t key, uint64_t hash, void *value);

/** The bytes (8-byte aligned) of the storage dck_trie_insert_into may build a root in. */
#define DCK_TRIE_OVERLAY_SIZE 96

/** Storage of that size, for an owner to embed. */
typedef struct dck_trie_overlay_storage {
  uint64_t words[DCK_TRIE_OVERLAY_SIZE / 8];
} dck_trie_overlay_storage_t;

/**
 * dck_trie_insert, building the new root in `storage` when it is an overlay (a new key, or the key
 * `root`'s top overlay added): DCK_TRIE_OVERLAY_SIZE bytes inside `owner`, an object retained and
 * released through the value callbacks, which saves the trie an allocation. Such an *embedded* root
 * has no count of its own: retaining it retains `owner`, releasing it releases `owner`, and the
 * caller's reference to `owner` is its reference to the root. Returns `storage` then (not +1), and
 * `owner`'s deinit must call dck_trie_embedded_destroy before the storage goes away. Otherwise
 * returns what dck_trie_insert returns (+1), and `storage` is untouched. Unlike dck_trie_insert,
 * `value` is taken (+1): the new root keeps that very reference (an overlay retains nothing more),
 * or it is released when the root does not need it; a scope entry, which makes the value's box for
 * this root alone, so pays no retain and release of it. Lock-free (may allocate).
 */
dck_trie_t *dck_trie_insert_into(void *storage, void *owner, dck_trie_t *root, uintptr_t key,
                                 uint64_t hash, void *value);

/**
 * dck_trie_insert_into where the value is `owner` itself: an object that carries the value (an
 * *own value*), so that a scope entry makes one object, not an owner and a box. Builds the new root
 * in `storage` when it is an overlay, as dck_trie_insert_into does, and returns `storage`; the
 * overlay holds no reference to its own value (that would be a reference of `owner` to itself).
 * Returns NULL, and does nothing, when the new root would not be an overlay in `storage` (a key
 * present below the top overlay, whose override path-copies the canonical form): the caller
 * inserts a separate value then.
 *
 * Every other node that holds the entry (a fold, a merge, a canonical form) holds a *stand-in*
 * instead, made once per overlay by the callback of dck_values_set_stand_in_callback and kept by the
 * overlay: so nothing but references to `owner` keeps `owner` alive, and no root holds its owner.
 * (The index of an overlay deeper in the chain, which holds no value, refers to the overlay: nesting
 * makes no stand-in.)
 * dck_trie_get_shared gives the stand-in for the own value, so that values found in different
 * roots compare equal when they are one override. Lock-free (may allocate a stand-in later).
 */
dck_trie_t *dck_trie_insert_owner_into(void *storage, void *owner, dck_trie_t *root, uintptr_t key,
                                       uint64_t hash);

/**
 * dck_trie_get, but an own value (see dck_trie_insert_owner_into) is given as its stand-in (made
 * on first use, then kept by its overlay): the value as every other root that holds the entry
 * holds it. Compare values found in different roots with this. Borrowed, like dck_trie_get's.
 * Lock-free (may make the stand-in).
 */
void *dck_trie_get_shared(const dck_trie_t *root, uintptr_t key, uint64_t hash);

/**
 * Gives back what the embedded root in `storage` holds (its parent, its value unless that is its
 * owner, and its stand-in, if one was made): called once, by
 * its owner's deinit, when no reference to the owner is left. May run arbitrary code (releases).
 */
void dck_trie_embedded_destroy(void *storage);

/**
 * Returns a root without `key`. `root` is borrowed; the result is +1, and is `root` itself when
 * `key` was absent. Lock-free (allocates).
 */
dck_trie_t *dck_trie_remove(dck_trie_t *root, uintptr_t key, uint64_t hash);

/**
 * The root that `root` (borrowed) adds its one entry to when it is an overlay (borrowed from `root`,
 * which holds it), or NULL when `root` is canonical: of the roots `root` was built on, the one it
 * keeps alive. Wait-free.
 */
dck_trie_t *dck_trie_overlay_base(const dck_trie_t *root);

/** The number of keys in `root` (borrowed). O(1). Wait-free. */
size_t dck_trie_count(const dck_trie_t *root);

/**
 * Returns `a` overlaid with `b`: every key of either, with `b`'s value where both have the key.
 * Both are borrowed; the result is +1. Returns `b` itself when the result's map equals `b`'s (in
 * particular when `a` is empty or `a == b`), else `a` itself when it equals `a`'s, and shares
 * every subtree that is pointer-identical on both sides. When `b` is a few overlays over the empty
 * root (the scope a `withDependencies(from:)` runs in), the result is `b`'s entries added to the
 * canonical form of `a` (kept by `a`), a small node each, rather than a merge. Lock-free.
 */
dck_trie_t *dck_trie_merge(dck_trie_t *a, dck_trie_t *b);

/** Called once per entry; return false to stop the walk. `value` is borrowed. */
typedef bool (*dck_trie_visitor_t)(uintptr_t key, uint64_t hash, void *value, void *context);

/**
 * Visits every entry of `root` (borrowed) in an unspecified but deterministic order, the same for
 * equal maps. Returns false when the visitor stopped the walk. The visitor must not release `root`.
 * Wait-free apart from the visitor for a canonical root; a root with overlays is folded into its
 * canonical form first, once, which the overlays keep (lock-free, allocates).
 */
bool dck_trie_foreach(const dck_trie_t *root, dck_trie_visitor_t visitor, void *context);

/** What dck_trie_check_invariants found. */
typedef enum dck_trie_check {
  DCK_TRIE_CHECK_OK = 0,
  DCK_TRIE_CHECK_UNAVAILABLE,      /* release build: the checker is compiled away */
  DCK_TRIE_CHECK_BAD_REFCOUNT,     /* a reachable node with a reference count of zero */
  DCK_TRIE_CHECK_BAD_BITMAP,       /* data and node bitmaps overlap */
  DCK_TRIE_CHECK_MISPLACED_HASH,   /* an entry or child sits at a slot its hash bits do not select */
  DCK_TRIE_CHECK_BAD_COUNT,        /* a node's cached count disagrees with its contents */
  DCK_TRIE_CHECK_NOT_COMPACT,      /* a child that should have been inlined into its parent */
  DCK_TRIE_CHECK_BAD_COLLISION,    /* a collision node that is too small, mixed, or above max depth */
  DCK_TRIE_CHECK_DUPLICATE_KEY,    /* a key stored twice */
  DCK_TRIE_CHECK_BAD_OVERLAY,      /* an overlay below a canonical node, or with a wrong depth,
                                      lag, kind, count or repeated key (dck_trie_overlay.c) */
  DCK_TRIE_CHECK_BAD_INDEX,        /* an overlay's index that does not map what is `lag` levels
                                      below it, or a borrowing node outside an index
                                      (dck_trie_overlay.c) */
} dck_trie_check_t;

/** Checks every invariant listed in dck_trie.c over the whole tree of `root` (borrowed). */
dck_trie_check_t dck_trie_check_invariants(const dck_trie_t *root);

/** Writes an indented dump of `root` (borrowed) to standard error. Debug builds only; no-op otherwise. */
void dck_trie_dump(const dck_trie_t *root);

/* ------------------------------------------------------------------------------------------------ */
/* Cache                                                                                            */
/* ------------------------------------------------------------------------------------------------ */

/**
 * A table of default values keyed by (key, context). Opaque. Any key and context values are valid
 * (keys need not be pointers or aligned).
 */
typedef struct dck_cache dck_cache_t;

/**
 * Creates an empty cache, owned by the caller (+1; give it back with dck_cache_destroy). Returns NULL
 * only when out of memory.
 */
dck_cache_t *dck_cache_create(void);

/**
 * Destroys `cache` (consumes): releases every value it holds and reclaims its memory once no reader
 * can still see it. The caller guarantees no other thread uses `cache` during or after this call
 * (and that no computation for it is running, e.g. this is not called from its own compute
 * callback). NULL is ignored. Blocking only in that it runs release callbacks.
 */
void dck_cache_destroy(dck_cache_t *cache);

/**
 * The value cached for (key, context), borrowed, or NULL when none is cached yet. A returned value
 * stays valid until the cache is destroyed (also when dck_cache_replace_computed replaces it, or
 * dck_cache_reset or dck_cache_retire stops serving it). Lock-free; never blocks and never allocates
 * once the calling thread has read any cache before.
 */
void *dck_cache_get(dck_cache_t *cache, uintptr_t key, uint32_t context);

/**
 * Computes a value for a cache miss. Returns a +1 value that the cache takes over, or NULL to cache
 * nothing (the waiting threads then try again). Called with no lock held; it may read the cache
 * again, including re-entrantly on the same thread. It must return on the thread that called it
 * (no longjmp or exception through the core).
 */
typedef void *(*dck_cache_compute_t)(uintptr_t key, uint32_t context, void *info);

typedef enum dck_cache_status {
  DCK_CACHE_FOUND = 0,    /* a value was already cached (possibly computed by another thread) */
  DCK_CACHE_COMPUTED,     /* this call computed and published the value */
  DCK_CACHE_CYCLE,        /* computing the value needs the value itself (on this thread, or through
                             threads waiting on each other); nothing was computed or cached */
  DCK_CACHE_NOT_COMPUTED, /* `compute` returned NULL; nothing was cached */
  DCK_CACHE_EXISTS,       /* dck_cache_put, dck_cache_replace_computed: a value was already put, or
                             one is being computed; the new one was not taken */
  DCK_CACHE_INSERTED,     /* dck_cache_put: the value was cached */
  DCK_CACHE_RETIRED,      /* the cache was retired (dck_cache_retire): nothing was found, computed
                             or cached */
  DCK_CACHE_REPLACED,     /* dck_cache_replace_computed: the value replaced a computed one */
} dck_cache_status_t;

/**
 * Returns the cached value for (key, context), computing it with `compute(key, context, info)` when
 * absent. Exactly once: when many threads miss the same entry together, one computes and the others
 * wait for its result, and all get the identical value (a waiter on a computation that
 * dck_cache_reset orphaned computes again, see there). `*out_value` receives a borrowed value (valid
 * until the cache is destroyed) for FOUND and COMPUTED, NULL otherwise. Lock-free when the value is
 * cached; otherwise blocking (a writer lock around the table, and waiting for another thread's
 * computation of the same entry). Never runs `compute` with a lock held. On a retired cache, returns
 * RETIRED without computing (also to a caller that was waiting for another thread's computation); a
 * computation that started before the retirement still returns COMPUTED and its value to its caller.
 */
dck_cache_status_t dck_cache_get_or_compute(dck_cache_t *cache, uintptr_t key, uint32_t context,
                                            dck_cache_compute_t compute, void *info,
                                            void **out_value);

/**
 * Caches `value` (borrowed; the cache retains it) for (key, context) unless a value is already
 * cached or being computed, in which case nothing changes and EXISTS is returned. On a retired cache,
 * returns RETIRED and takes nothing. Blocking (writer lock).
 */
dck_cache_status_t dck_cache_put(dck_cache_t *cache, uintptr_t key, uint32_t context, void *value);

/**
 * As dck_cache_put, except that a value that dck_cache_get_or_compute computed and cached for
 * (key, context) is replaced by `value` (borrowed; the cache retains it), which returns REPLACED. A
 * value that was put (by dck_cache_put or this function) is never replaced: EXISTS. The replaced
 * value is not released: borrowed pointers to it stay valid until dck_cache_destroy, and a reader
 * that runs concurrently may still get it; a read that happens after this call gets `value`.
 * Blocking (writer lock; allocates).
 */
dck_cache_status_t dck_cache_replace_computed(dck_cache_t *cache, uintptr_t key, uint32_t context,
                                              void *value);

/**
 * Retires `cache`: from now on it serves no value, for good. Its values stay alive, and every
 * borrowed pointer it returned stays valid, until dck_cache_destroy; but dck_cache_get finds none of
 * them (on any thread, for a read that happens after this call; the per-thread memo forgets them
 * too), dck_cache_get_or_compute returns RETIRED on a miss without computing, and dck_cache_put
 * returns RETIRED. dck_cache_count is 0 afterwards. Returns false, changing nothing, when the cache
 * was retired already. Adds nothing to a read of a cache that is not retired. Blocking (writer lock;
 * allocates).
 */
bool dck_cache_retire(dck_cache_t *cache);

/**
 * Empties `cache` without retiring it: later reads find none of the values cached so far, and
 * dck_cache_get_or_compute computes and caches values again; the context set with
 * dck_cache_set_context is cleared, and can be set again. Nothing is released: the values stay alive,
 * and every borrowed pointer valid, until dck_cache_destroy. A computation running meanwhile returns
 * its value to its caller without caching it, and a thread waiting for it computes the value again.
 * Returns false, changing nothing, when the cache was
 * retired. Blocking (writer lock; allocates).
 */
bool dck_cache_reset(dck_cache_t *cache);

/** The number of values readers can find (0 once retired; a reset sets it back to 0). Wait-free. */
size_t dck_cache_count(dck_cache_t *cache);

/** dck_cache_context's answer when no context was set. */
#define DCK_CACHE_NO_CONTEXT UINT32_MAX

/**
 * Sets the context that the readers of `cache` resolve defaults in when their scope sets none
 * (`prepareDependencies { $0.context = .live }`). Set at most once (until dck_cache_reset clears it):
 * returns false, changing nothing, when a context was set already. Lock-free.
 */
bool dck_cache_set_context(dck_cache_t *cache, uint32_t context);

/** The context set with dck_cache_set_context, or DCK_CACHE_NO_CONTEXT. Wait-free (one load). */
uint32_t dck_cache_context(dck_cache_t *cache);

/**
 * dck_cache_get in the context set with dck_cache_set_context, or in `context` when none was set: a
 * read whose scope sets no context, in one call. Same guarantees as dck_cache_get.
 */
void *dck_cache_get_in_set_context(dck_cache_t *cache, uintptr_t key, uint32_t context);

/* ------------------------------------------------------------------------------------------------ */
/* Counters (debug builds; release builds return -1)                                                */
/* ------------------------------------------------------------------------------------------------ */

/** Trie nodes currently allocated (the shared empty root not counted). */
int64_t dck_debug_live_trie_nodes(void);

/** Value references currently held by tries (retains minus releases through the callbacks). */
int64_t dck_debug_live_trie_values(void);

/** Caches currently alive. */
int64_t dck_debug_live_caches(void);

/** Value references currently held by caches. */
int64_t dck_debug_live_cache_values(void);

/**
 * Per-thread blocks currently allocated: one for each thread that has used the core (read a cache,
 * set a read frame, raised the setting flag) and not yet exited.
 */
int64_t dck_debug_live_thread_blocks(void);

/** Scope objects currently kept spare by threads (dck_spare_scope_keep), for their next entries. */
int64_t dck_debug_live_spare_scopes(void);

/**
 * Folds of an overlay root that lost the race to keep theirs (dck_trie_canonical: another thread
 * folded the same overlay first, so this one released its own fold), since the process started.
 */
int64_t dck_debug_fold_races(void);

#ifdef __cplusplus
}
#endif

#endif /* DCK_H */
