/*
 * dck_runtime.h — what the swift-dependencies core does for the Swift façade besides its two data
 * structures (dck.h): the other header Swift sees.
 *
 * These are shims, each small and each used by the façade alone:
 *
 *   - per-thread state the façade reads on its hot paths: the read frame (dck_read_frame_*) and the
 *     setting flag (dck_setting_*), in the core's one per-thread block;
 *   - calls into the Swift runtime in the Swift calling convention: a key path's getter
 *     (dck_keypath_getter_call) and the task-local binding (dck_task_local_*);
 *   - scope objects a thread keeps for its next scope entries (dck_spare_scope_*), and Swift objects
 *     pinned by an unowned reference (dck_object_*);
 *   - pointers published once and read by every thread (dck_published_*, dck_facade_*).
 *
 * Ownership and progress are stated per function, as in dck.h. The core never dereferences the
 * Swift values and objects these functions take: it stores, compares and hands them back; the one
 * exception is the façade's scope object, whose embedded root, handle and keep byte the spare-scope
 * fast ways use at the offsets DCK_SCOPE_* give (checked by the façade once per process).
 */
#ifndef DCK_RUNTIME_H
#define DCK_RUNTIME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dck.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------------------------------ */
/* Read frame                                                                                       */
/* ------------------------------------------------------------------------------------------------ */

/**
 * Makes `frame` (borrowed, may be NULL) the calling thread's read frame and returns the previous one.
 * The core never dereferences it: the Swift façade uses it to carry a `@Dependency` read's context
 * through a key path. Wait-free, except that a thread's first use of the core allocates its
 * per-thread state.
 */
void *dck_read_frame_exchange(void *frame);

/** The calling thread's read frame (borrowed), or NULL. Wait-free; never allocates. */
void *dck_read_frame_current(void);

/* ------------------------------------------------------------------------------------------------ */
/* Key-path getter                                                                                  */
/* ------------------------------------------------------------------------------------------------ */

/**
 * Calls `getter`, the key-path accessor of a Swift computed property without arguments (as found in a
 * key path object's computed component, whose accessor area `arguments` points at), on the value at
 * `root` (borrowed), initialising `result` with its value (+1). See dck_keypath_getter.c for the
 * calling convention. Runs user code.
 */
void dck_keypath_getter_call(const void *getter, const void *arguments, void *result,
                             const void *root);

/**
 * Calls `setter`, the key-path setter of a Swift computed property without arguments (the word after
 * the getter in the accessor area `arguments` points at), on the value at `root` (borrowed, modified in
 * place), with the value at `value` (borrowed: the setter copies what it keeps). See
 * dck_keypath_setter.c for the calling convention. Runs user code.
 */
void dck_keypath_setter_call(const void *setter, const void *arguments, const void *value,
                             void *root);

/* ------------------------------------------------------------------------------------------------ */
/* Task-local binding                                                                               */
/* ------------------------------------------------------------------------------------------------ */

/*
 * dck_task_local_push_taking(key, value, type) binds the value at `value` (taken) to a Swift
 * task-local: see dck_task.c. It has the Swift calling convention, and a generic signature
 * only Swift can spell, so Swift declares it where it calls it (`_TaskLocalBinding`), not this
 * header.
 */

/**
 * Binds the value at `value` (taken: the memory is left uninitialised), of the type whose metadata
 * is `type`, to the Swift task-local whose `TaskLocal` object is `key`: dck_task_local_push_taking
 * in the C calling convention, for a caller that holds the value in memory already (a scope entry at
 * the root builds its values in the memory it binds them from). Inline, so that the caller calls the
 * runtime's entry point itself (declared in the body, so that Swift does not see it).
 */
static inline void dck_task_local_push_value(const void *key, void *value, const void *type) {
  extern __attribute__((swiftcall)) void swift_task_localValuePush(const void *key, void *value,
                                                                   const void *type);
  swift_task_localValuePush(key, value, type);
}

/**
 * Ends the innermost task-local binding of the calling task (or thread), destroying its value, then
 * ends `scope`, the reference to the bound values' scope object that the push took
 * (dck_spare_scope_end; NULL: none, and this returns true): a binding's whole teardown in one call.
 * Returns false when the caller must still end that reference (see dck_spare_scope_end).
 */
bool dck_task_local_pop_ending(void *scope);

/** Whether the calling code runs in a Swift task (false on a thread outside any). Wait-free. */
bool dck_task_is_running(void);

/* ------------------------------------------------------------------------------------------------ */
/* Spare scope objects                                                                              */
/* ------------------------------------------------------------------------------------------------ */

/**
 * A scope object the calling thread kept for its next scope entry (+1, handed to the caller), or
 * NULL when it keeps none: see dck_spare_scopes.c. Wait-free.
 */
void *dck_spare_scope_take(void);

/**
 * Keeps `scope` (+1, taken: an emptied scope object nothing else references) for the calling
 * thread's next scope entry, or returns false, leaving the reference with the caller, when the
 * thread keeps as many as it may (always in a build with ThreadSanitizer). The thread's exit
 * releases what it still keeps. Wait-free after the thread's first use of the core.
 */
bool dck_spare_scope_keep(void *scope);

/**
 * Whether `scope`, a native Swift object the caller holds a strong reference to, may be emptied and
 * kept (dck_spare_scope_keep): the caller's reference is its only strong one (what
 * `isKnownUniquelyReferenced` asks, with acquire ordering). Always false in a build with
 * ThreadSanitizer, which keeps no scope object (see dck_spare_scopes.c). Wait-free.
 */
bool dck_spare_scope_may_keep(const void *scope);

/*
 * The façade's scope object (`_Scope`), as the fast ways below use it: after the object's header
 * (two words) and the room for the value it carries (48 bytes), the storage of its embedded root
 * (DCK_TRIE_OVERLAY_SIZE bytes); right after that, its root's handle; right after the handle, a
 * byte that is true while its root may be kept bare (`mayKeepRootBare`: a first override at the
 * root carrying a trivial value, no weak reference formed, no default kept). The façade checks once
 * per process, before it embeds any root, that its class is laid out so (`_Scope.layoutIsKnown`).
 */
enum {
  DCK_SCOPE_NODE_OFFSET = 2 * sizeof(void *) + 48,
  DCK_SCOPE_HANDLE_OFFSET = DCK_SCOPE_NODE_OFFSET + DCK_TRIE_OVERLAY_SIZE,
  DCK_SCOPE_KEEPS_BARE_OFFSET = DCK_SCOPE_HANDLE_OFFSET + sizeof(void *),
};

/**
 * Whether the scope object `scope` may keep its root bare when its binding ends: its byte at
 * DCK_SCOPE_KEEPS_BARE_OFFSET. The byte is only accessed through these two functions, with relaxed
 * atomics (compiler builtins ThreadSanitizer understands): the façade sets it true while it makes
 * the scope, before anyone else can see it, and false at any time after that, with the scope's lock
 * held (a weak reference formed, a default kept); once false while the scope is shared, it stays
 * false. Wait-free, inline.
 */
static inline bool dck_scope_keeps_bare(const void *scope) {
  return __atomic_load_n((const bool *)scope + DCK_SCOPE_KEEPS_BARE_OFFSET, __ATOMIC_RELAXED);
}

/** Sets the byte dck_scope_keeps_bare reads (see there for when). Wait-free, inline. */
static inline void dck_scope_set_keeps_bare(void *scope, bool keeps) {
  __atomic_store_n((bool *)scope + DCK_SCOPE_KEEPS_BARE_OFFSET, keeps, __ATOMIC_RELAXED);
}

/**
 * How the façade makes a new scope object with `key`'s first override at the root built in it
 * (+1), for dck_spare_scope_take_settled when the thread keeps none.
 */
typedef void *(*dck_spare_scope_maker_t)(uintptr_t key);

/**
 * Registers the façade's maker of new scope objects. Call once, before the first
 * dck_spare_scope_take_settled; later calls replace it. Wait-free.
 */
void dck_spare_scope_set_maker(dck_spare_scope_maker_t make);

/**
 * A scope object with `key`'s first override at the root in it: one the calling thread kept
 * (dck_spare_scope_take) with its root built in it, the overlay of the empty root that maps `key`
 * (with `hash`) to the object itself, in the object's node storage (dck_trie_insert_owner_into),
 * and its handle set to it; or, when the thread keeps none, a new one from the registered maker
 * (dck_spare_scope_set_maker). Either way its byte is set to `keeps_bare` (dck_scope_keeps_bare; see
 * DCK_SCOPE_NODE_OFFSET). Returns the object (+1, handed to the caller): the first override of a
 * scope at the root, in one call. Wait-free when the thread keeps one.
 */
void *dck_spare_scope_take_settled(uintptr_t key, uint64_t hash, bool keeps_bare);

/**
 * Ends a reference to the scope object `scope` (+1, taken when this returns true) whose root may be
 * kept bare (dck_scope_keeps_bare): releases it when it is not the only strong one (or the build has
 * ThreadSanitizer), keeps the object for the calling thread's next scope entry when it is and
 * nothing used its root (dck_trie_embedded_is_bare), leaving the root in its storage for the next
 * dck_spare_scope_take_settled to write over. Returns false, and leaves the reference with the
 * caller, for any other scope, which the caller ends the general way (the façade's
 * `_Scope.recycle`). Wait-free after the thread's first use of the core.
 */
bool dck_spare_scope_end(void *scope);

/* ------------------------------------------------------------------------------------------------ */
/* Pinned Swift objects                                                                             */
/* ------------------------------------------------------------------------------------------------ */

/**
 * Adds an unowned reference to the native Swift object `object` (borrowed; the caller holds a strong
 * reference while it pins): its memory is not freed, and so its address not reused, until
 * dck_object_unpin, though the object may be deinitialised meanwhile. Only for native Swift objects:
 * an Objective-C object has no Swift reference counts (the façade pins nothing on Apple platforms).
 * Lock-free.
 */
void dck_object_pin(void *object);

/** Gives back the reference dck_object_pin added; may free the object's memory. Lock-free. */
void dck_object_unpin(void *object);

/**
 * Whether the pinned `object`'s strong references are gone (it is being, or has been,
 * deinitialised). Wait-free (one relaxed load): `true` is final; `false` may already be stale.
 */
bool dck_object_is_deinitializing(void *object);

/* ------------------------------------------------------------------------------------------------ */
/* Setting flag                                                                                     */
/* ------------------------------------------------------------------------------------------------ */

/**
 * The calling thread's flag that says whether it runs a `withDependencies` update closure (borrowed:
 * the thread's own, valid until it exits), for the caller to raise around the closure and put back
 * after it. Only the calling thread may use the pointer. The core never reads the flag: the Swift
 * façade uses it to tell reads made while values are being set. Wait-free, except on the thread's
 * first use of the core, which allocates its per-thread state.
 */
bool *dck_setting_flag(void);

/** Whether the calling thread runs a `withDependencies` update closure. Wait-free. */
bool dck_setting_current(void);

/* ------------------------------------------------------------------------------------------------ */
/* Published pointer                                                                                */
/* ------------------------------------------------------------------------------------------------ */

/**
 * A pointer slot that starts NULL and is set at most once, then read by any thread: what the Swift
 * façade sets up on its first read. `dck_published_set` stores `value` (non-NULL)
 * when the slot is still NULL and returns true; otherwise it changes nothing and returns false. Its
 * store is a release, and `dck_published_get` an acquire load: a reader that sees the pointer sees
 * what was written before it was set. Both are lock-free (the set is one compare-and-swap, the get
 * one load) and write nothing on a get.
 */
bool dck_published_set(void **slot, void *value);

/**
 * The pointer in `slot` (see dck_published_set), or NULL. Wait-free: one acquire load, inline so
 * that a read pays no call for it (the compiler builtin is one ThreadSanitizer understands).
 */
static inline void *dck_published_get(void *const *slot) {
  return __atomic_load_n(slot, __ATOMIC_ACQUIRE);
}

/**
 * The two pointers every read of the Swift façade needs, published once (dck_facade_publish) before
 * the first read that uses them, and read inline with no once-check: the identity of the façade's
 * task-local (the address of its TaskLocal object) and the address of its root values. Both live
 * for the rest of the process. The getters return NULL until the publication.
 */
extern void *dck_facade_task_local_key_slot;
extern void *dck_facade_root_values_slot;

/** Publishes both façade pointers (only the first call has an effect). Lock-free. */
void dck_facade_publish(void *task_local_key, void *root_values);

/** The façade's task-local identity, or NULL before dck_facade_publish. Wait-free, inline. */
static inline void *dck_facade_task_local_key(void) {
  return dck_published_get(&dck_facade_task_local_key_slot);
}

/** The address of the façade's root values, or NULL before dck_facade_publish. Wait-free, inline. */
static inline void *dck_facade_root_values(void) {
  return dck_published_get(&dck_facade_root_values_slot);
}

#ifdef __cplusplus
}
#endif

#endif /* DCK_RUNTIME_H */
