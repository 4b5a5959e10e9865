/*
 * dck_spare_scopes.c — a few scope objects per thread, kept for the thread's next scope entries.
 *
 * A scope entry at its cheapest makes one Swift object (the façade's `_Scope`, which carries
 * the override's value and the root in its own storage) and frees it when the scope ends. Making
 * and freeing it is about a third of the entry: malloc and free, the runtime's allocation,
 * release-to-zero and deallocation paths. When the object is unreferenced at the end of its scope,
 * the façade empties it instead (it gives back the root and destroys the value, as its deinit
 * would) and keeps it here, and the thread's next scope entry takes it instead of allocating one.
 *
 * The façade only keeps an object that nothing else can reach: it holds the last strong reference
 * (dck_spare_scope_may_keep, which asks the Swift runtime: so this file, like dck_object.c and
 * dck_task.c, is left out of the fuzzers' build of the core), no weak reference to it was ever
 * formed, and it kept no default values. What an object may hold while kept here: nothing but its
 * storage, which holds no reference (an empty root, or a bare one: see below).
 *
 * Ownership: a kept object is a +1 reference that this thread's block holds. dck_spare_scope_take
 * hands that reference to the caller; dck_spare_scope_keep takes the caller's reference, or returns
 * false and leaves it with the caller when the thread keeps DCK_SPARE_SCOPES already (the caller
 * then releases it, and the object is freed as usual). The first object a thread keeps registers
 * with its block the release of those it keeps (dck_thread_at_exit), which runs when the thread
 * exits. Until then the block's limit of objects is 0: the count is at the limit, so that first
 * keep takes the slow path, which registers the release and raises the limit to DCK_SPARE_SCOPES,
 * and every other keep compares the count with the limit and nothing more.
 *
 * The objects kept are the thread's own (the block is thread-local), so keeping and taking them
 * involves no ordering; an object whose scope ends on another thread than it began on is kept by
 * that thread. Both functions are wait-free (after the thread's first use of the core, which
 * allocates its block).
 *
 * Ordering: dck_spare_scope_may_keep loads the object's strong count with acquire ordering (the
 * runtime's `consume`), which pairs with the release ordering of every other holder's last release.
 * `true` (asked by the holder of a strong reference) is final: no other thread can take a new
 * reference, and whatever the other holders did with the object happened before the façade empties
 * it.
 *
 * The fast ways of the commonest scope, a first override at the root carrying a trivial value:
 * dck_spare_scope_end, which every binding's teardown calls (dck_task_local_pop_ending), keeps such
 * an object whose root, embedded in it, nothing used (dck_trie_embedded_is_bare): the root holds no
 * reference, so it is left in the object's storage as it is, and dck_spare_scope_take_settled
 * changes only its key for the next such scope (or builds a root in an object kept the general
 * way, or has the façade make a new object through the maker it registered,
 * dck_spare_scope_set_maker). What the core cannot see of the object (a trivial value, no weak
 * reference, no default kept) is the one byte the façade keeps true while it holds
 * (`mayKeepRootBare`: relaxed atomics on both sides, read again after the uniqueness test, and in
 * a kept object true only for one kept with its bare root); where the byte is, and the root and its
 * handle, dck_runtime.h says (DCK_SCOPE_NODE_OFFSET), and the façade checks once per process. Any
 * other object the caller empties first (`_Scope.recycle`), then keeps with dck_spare_scope_keep.
 *
 * ThreadSanitizer: a build with it keeps no object (dck_spare_scope_may_keep is false and
 * dck_spare_scope_keep refuses, so the façade releases every scope object as it would without this
 * file). The ordering that makes reuse safe is made where TSan cannot see it: other holders release
 * the object in the Swift runtime, and the uniqueness test's acquire load is the runtime's too. TSan
 * would see a scope's next user write memory that a task on another thread read, with nothing
 * ordering the two, and report a race in the user's program. Freed and allocated again instead, the
 * memory goes through free and malloc, which TSan follows. What a TSan build loses is only the saved
 * allocation.
 */
#include "dck_runtime.h"

#include "dck_debug.h"
#include "dck_task.h"
#include "dck_thread.h"
#include "dck_trie_overlay.h"
#include "dck_tsan.h"
#include "dck_values.h"

#include <stdio.h>
#include <stdlib.h>

/* The Swift runtime's uniqueness test (libswiftCore, C calling convention): what
 * `isKnownUniquelyReferenced` compiles to for a native object, the strong count loaded with acquire
 * ordering (the runtime's `consume`) and compared with one. */
extern bool swift_isUniquelyReferenced_nonNull_native(const void *object);

bool dck_spare_scope_may_keep(const void *scope) {
#if DCK_TSAN
  (void)scope;
  return false;
#else
  return swift_isUniquelyReferenced_nonNull_native(scope);
#endif
}

void *dck_spare_scope_take(void) {
  dck_thread_t *thread = dck_thread_existing();
  if (thread == NULL || thread->spare_scope_count == 0) {
    return NULL;
  }
  DCK_DEBUG_COUNT(dck_debug_counter_spare_scopes, -1);
  return thread->spare_scopes[--thread->spare_scope_count];
}

/* The release of the objects `thread` keeps, registered by the first one it keeps: run when the
 * thread exits (dck_thread.h, "Lifetime"). */
static void release_all(dck_thread_t *thread) {
  /* A release runs the object's deinit, which may use the core again, even keep another object:
     take each object out of the block before releasing it, until none is left. */
  while (thread->spare_scope_count > 0) {
    void *scope = thread->spare_scopes[--thread->spare_scope_count];
    DCK_DEBUG_COUNT(dck_debug_counter_spare_scopes, -1);
    dck_value_release_uncounted(scope);
  }
}

/* dck_spare_scope_keep of a thread that keeps as many objects as its limit: its first object (the
 * limit is 0 until then), which registers their release and raises the limit, or one too many.
 * A function of its own, tail-called, so that the common keep pays one comparison for it. */
static __attribute__((noinline)) bool keep_first(dck_thread_t *thread, void *scope) {
  if (DCK_TSAN || thread->spare_scope_limit != 0) {
    return false;
  }
  dck_thread_at_exit(thread, DCK_THREAD_TENANT_SPARE_SCOPES, release_all);
  thread->spare_scope_limit = DCK_SPARE_SCOPES;
  thread->spare_scopes[thread->spare_scope_count++] = scope;
  DCK_DEBUG_COUNT(dck_debug_counter_spare_scopes, 1);
  return true;
}

bool dck_spare_scope_keep(void *scope) {
  dck_thread_t *thread = dck_thread_get();
  if (thread->spare_scope_count == thread->spare_scope_limit) {
    return keep_first(thread, scope);
  }
  thread->spare_scopes[thread->spare_scope_count++] = scope;
  DCK_DEBUG_COUNT(dck_debug_counter_spare_scopes, 1);
  return true;
}

/* The parts of a scope object the fast ways use (see DCK_SCOPE_NODE_OFFSET in dck_runtime.h). */
static inline dck_trie_t *scope_node(void *scope) {
  return (dck_trie_t *)((char *)scope + DCK_SCOPE_NODE_OFFSET);
}
static inline dck_trie_t **scope_handle(void *scope) {
  return (dck_trie_t **)((char *)scope + DCK_SCOPE_HANDLE_OFFSET);
}

/* The façade's maker of new scope objects (dck_spare_scope_set_maker), set once before the first
 * scope entry: the façade registers it with its value callbacks, before any value is stored. */
static dck_spare_scope_maker_t make_settled_scope;

void dck_spare_scope_set_maker(dck_spare_scope_maker_t make) {
  make_settled_scope = make;
}

/* dck_spare_scope_take_settled when the thread keeps no object: a new one, made by the façade. A
 * function of its own, so that the common way saves no register. */
static __attribute__((noinline)) void *take_new_settled(uintptr_t key, bool keeps_bare) {
  void *scope = make_settled_scope(key);
  dck_scope_set_keeps_bare(scope, keeps_bare);
  return scope;
}

void *dck_spare_scope_take_settled(uintptr_t key, uint64_t hash, bool keeps_bare) {
  void *scope = dck_spare_scope_take();
  if (scope == NULL) {
    return take_new_settled(key, keeps_bare);
  }
  dck_trie_t *node = scope_node(scope);
  if (dck_scope_keeps_bare(scope)) {
    /* Kept with its bare root (dck_spare_scope_end; an object emptied the general way says it may
     * not): the overlay of the empty root that maps a key to the object, untouched. Only the key
     * changes. */
    node->entries[0].key = key;
    node->entries[0].hash = hash;
    DCK_DEBUG_COUNT(dck_debug_counter_trie_nodes, +1);
  } else {
    /* A scope's first override at the root: the overlay of the empty root, mapping the key to the
     * object itself, in the stores it needs (dck_trie_insert_owner_into builds the same). */
    dck_trie_entry_t entry = {.key = key, .hash = hash, .value = scope};
    dck_trie_overlay_init(node, &dck_trie_empty_node, &entry, 1, 1, NULL, scope, false);
  }
  *scope_handle(scope) = node;
  dck_scope_set_keeps_bare(scope, keeps_bare);
  return scope;
}

/* dck_spare_scope_end, inlined into both of its callers: the pop's saves a call. */
static inline bool end_scope(void *scope) {
  /* A scope that may not keep its root bare goes the general way: false is final while the scope is
   * shared, so this load may come before the uniqueness test. */
  if (!dck_scope_keeps_bare(scope)) {
    return false;
  }
  if (!dck_spare_scope_may_keep(scope)) {
    dck_value_release_uncounted(scope); /* shared, or a ThreadSanitizer build: released as usual */
    return true;
  }
  /* The only reference: what other holders did (a weak reference formed, a default kept: each
   * clears the byte, under the scope's lock) happened before the uniqueness test's acquire load. */
  if (!dck_scope_keeps_bare(scope) || !dck_trie_overlay_is_untouched(scope_node(scope))) {
    return false;
  }
  /* The byte is only true in a first override at the root: its parent is the empty root, its value
   * the object itself (what dck_trie_embedded_is_bare adds; checked in debug builds). */
#ifdef DCK_DEBUG
  if (!dck_trie_embedded_is_bare(scope_node(scope))) {
    fputs("swift-dependencies: internal error: a scope kept bare is not a first override at the "
          "root\n",
          stderr);
    abort();
  }
#endif
  if (!dck_spare_scope_keep(scope)) {
    return false;
  }
  /* The root is gone, as dck_trie_embedded_destroy would have it go, with nothing to give back; it
   * stays in the storage for the next dck_spare_scope_take_settled to write over. */
  *scope_handle(scope) = &dck_trie_empty_node;
  DCK_DEBUG_COUNT(dck_debug_counter_trie_nodes, -1);
  return true;
}

bool dck_spare_scope_end(void *scope) {
  return end_scope(scope);
}

bool dck_task_local_pop_ending(void *scope) {
  swift_task_localValuePop();
  return scope == NULL || end_scope(scope);
}
