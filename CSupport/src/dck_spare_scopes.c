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
 * The pop's fast way (dck_spare_scope_keep_settled) keeps an object whose root, embedded in it, is
 * a first override at the root carrying its value that nothing used (dck_trie_embedded_is_bare): such
 * a root holds no reference, so it is left in the object's storage as it is, and the entry's fast way
 * (dck_spare_scope_take_settled) builds the next scope's root over it. The façade checks the rest
 * (a trivial value, no parent, no weak reference, no default kept) before it asks.
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
#include "dck_thread.h"
#include "dck_trie_overlay.h"
#include "dck_tsan.h"
#include "dck_values.h"

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

dck_trie_t *dck_spare_scope_take_settled(size_t node_offset, uintptr_t key, uint64_t hash) {
  void *scope = dck_spare_scope_take();
  if (scope == NULL) {
    return NULL;
  }
  return dck_trie_insert_owner_into((char *)scope + node_offset, scope, &dck_trie_empty_node, key,
                                    hash);
}

dck_spare_scope_keeping_t dck_spare_scope_keep_settled(void *scope, const void *node) {
  if (!dck_spare_scope_may_keep(scope)) {
    return DCK_SPARE_SCOPE_NOT_KEPT;
  }
  if (!dck_trie_embedded_is_bare(node)) {
    return DCK_SPARE_SCOPE_NOT_BARE;
  }
  if (!dck_spare_scope_keep(scope)) {
    return DCK_SPARE_SCOPE_NOT_KEPT;
  }
  /* The root is gone, as dck_trie_embedded_destroy would have it go: nothing to give back. */
  DCK_DEBUG_COUNT(dck_debug_counter_trie_nodes, -1);
  return DCK_SPARE_SCOPE_KEPT;
}
