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
 * (dck_spare_scope_may_keep, in dck_object_pin.c with the core's other calls of the Swift
 * runtime), no weak reference to it was ever formed, and it kept no
 * default values. The uniqueness test loads the object's strong count with acquire ordering (the
 * runtime's `consume`), which pairs with the release ordering of every other holder's last release:
 * whatever they did with the object happened before the façade empties it. What an object may hold
 * while kept here: nothing but its storage, which holds no reference (an empty root, or a bare one:
 * see below).
 *
 * Ownership: a kept object is a +1 reference that this thread's block holds. dck_spare_scope_take
 * hands that reference to the caller; dck_spare_scope_keep takes the caller's reference, or returns
 * false and leaves it with the caller when the thread keeps DCK_SPARE_SCOPES already (the caller
 * then releases it, and the object is freed as usual). When the thread exits, its block's
 * destructor releases the objects it still keeps (dck_spare_scopes_release_all, dck_thread.c).
 *
 * The objects kept are the thread's own (the block is thread-local), so keeping and taking them
 * involves no ordering; an object whose scope ends on another thread than it began on is kept by
 * that thread. Both functions are wait-free (after the thread's first use of the core, which
 * allocates its block).
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

#include "dck_thread.h"
#include "dck_trie_node.h"
#include "dck_tsan.h"
#include "dck_values.h"

void *dck_spare_scope_take(void) {
  dck_thread_t *thread = dck_thread_existing();
  if (thread == NULL || thread->spare_scope_count == 0) {
    return NULL;
  }
  DCK_DEBUG_COUNT(dck_debug_counter_spare_scopes, -1);
  return thread->spare_scopes[--thread->spare_scope_count];
}

bool dck_spare_scope_keep(void *scope) {
  dck_thread_t *thread = dck_thread_get();
  if (DCK_TSAN || thread->spare_scope_count == DCK_SPARE_SCOPES) {
    return false;
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

void dck_spare_scopes_release_all(dck_thread_t *thread) {
  /* A release runs the object's deinit, which may use the core again (dck_thread.h, "Lifetime"):
     take each object out of the block before releasing it. */
  while (thread->spare_scope_count > 0) {
    void *scope = thread->spare_scopes[--thread->spare_scope_count];
    DCK_DEBUG_COUNT(dck_debug_counter_spare_scopes, -1);
    dck_object_release(scope);
  }
}
