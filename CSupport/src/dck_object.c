/*
 * dck_object.c — pins a Swift object's memory without keeping the object alive, and asks whether an
 * object is being deinitialised (the core's calls of libswiftCore's reference-count entry points,
 * kept apart from the rest of the core, which builds without Swift: the fuzzers).
 *
 * The Swift façade remembers, for `withDependencies(from:)`, the scope each returned object was
 * created in, keyed by the object's address; and its dependency graph the defaults that scopes
 * keep, while they keep them. An address is only a good key while no other object can be allocated
 * there, that is, while the object's memory is not freed. Swift frees an object's memory when both
 * its strong and its unowned reference counts are gone; an unowned reference
 * (`swift_unownedRetain`) therefore pins the memory while leaving the object free to be
 * deinitialised when its last strong reference goes. Unlike a weak reference, it needs no side
 * table, so the object's own retains and releases stay on their fast path.
 *
 * These wrappers call the Swift runtime's entry points (the ones `unowned` compiles to for native
 * objects); Swift code may not name them itself. All three are lock-free (atomic operations on the
 * object's header).
 *
 * Only native Swift objects: the counts live in the header of a Swift object, which an Objective-C
 * object does not have, so the façade pins nothing that may be an Objective-C object where
 * Objective-C interoperability exists (Apple platforms; there it keeps a weak reference instead).
 * The caller of dck_object_pin holds a strong reference while it pins (pinning freed memory would
 * be a use after free); dck_object_unpin gives back exactly the one unowned reference its
 * dck_object_pin added.
 *
 * Ordering: dck_object_is_deinitializing is one relaxed load. `true` is final (an object never
 * comes back to life); `false` may already be stale, which costs only a later sweep of the entry.
 */
#include "dck_runtime.h"

/* The Swift runtime's reference-count entry points (libswiftCore, C calling convention). */
extern void *swift_unownedRetain(void *object);
extern void swift_unownedRelease(void *object);
extern bool swift_isDeallocating(void *object);

void dck_object_pin(void *object) {
  (void)swift_unownedRetain(object);
}

void dck_object_unpin(void *object) {
  swift_unownedRelease(object);
}

bool dck_object_is_deinitializing(void *object) {
  return swift_isDeallocating(object);
}
