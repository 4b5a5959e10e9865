/*
 * dck_object.c — pins a Swift object's memory without keeping the object alive, and asks the
 * Swift runtime about an object's references (the core's calls of libswiftCore's reference-count
 * entry points, kept apart from the rest of the core, which builds without Swift: the fuzzers).
 *
 * The Swift façade remembers, for `withDependencies(from:)`, the scope each returned object was
 * created in, keyed by the object's address. An address is only a good key while no other object
 * can be allocated there, that is, while the object's memory is not freed. Swift frees an object's
 * memory when both its strong and its unowned reference counts are gone; an unowned reference
 * (`swift_unownedRetain`) therefore pins the memory while leaving the object free to be
 * deinitialised when its last strong reference goes. Unlike a weak reference, it needs no side
 * table, so the object's own retains and releases stay on their fast path.
 *
 * These wrappers call the Swift runtime's entry points (the ones `unowned` compiles to for native
 * objects); Swift code may not name them itself. All four are lock-free (atomic operations on the
 * object's header).
 *
 * Only native Swift objects: the counts live in the header of a Swift object, which an Objective-C
 * object does not have, so the façade pins nothing where Objective-C interoperability exists (Apple
 * platforms; there it keeps a weak reference instead). The caller of dck_object_pin holds a strong
 * reference while it pins (pinning freed memory would be a use after free); dck_object_unpin gives
 * back exactly the one unowned reference its dck_object_pin added.
 *
 * Ordering: dck_object_is_deinitializing is one relaxed load. `true` is final (an object never
 * comes back to life); `false` may already be stale, which costs only a later sweep of the entry.
 * dck_spare_scope_may_keep is one acquire load: `true` (asked by the holder of a strong reference)
 * is final, no other thread can take a new reference, and whatever other holders did with the
 * object happened before their releases, which the load orders before the caller's next steps.
 * ThreadSanitizer sees neither that load nor those releases (the runtime is not instrumented), so a
 * TSan build answers false without asking (dck_tsan.h).
 */
#include "dck_runtime.h"

#include "dck_tsan.h"

/* The Swift runtime's reference-count entry points (libswiftCore, C calling convention). */
extern void *swift_unownedRetain(void *object);
extern void swift_unownedRelease(void *object);
extern bool swift_isDeallocating(void *object);
extern bool swift_isUniquelyReferenced_nonNull_native(const void *object);

void dck_object_pin(void *object) {
  (void)swift_unownedRetain(object);
}

void dck_object_unpin(void *object) {
  swift_unownedRelease(object);
}

bool dck_object_is_deinitializing(void *object) {
  return swift_isDeallocating(object);
}

/* What `isKnownUniquelyReferenced` compiles to for a native object: the strong count, loaded with
 * acquire ordering (the runtime's `consume`), is one. For spare scopes (dck_spare_scopes.c). */
bool dck_spare_scope_may_keep(const void *scope) {
#if DCK_TSAN
  (void)scope;
  return false;
#else
  return swift_isUniquelyReferenced_nonNull_native(scope);
#endif
}
