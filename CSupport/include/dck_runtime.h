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
 * Swift values and objects these functions take: it stores, compares and hands them back.
 */
#ifndef DCK_RUNTIME_H
#define DCK_RUNTIME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

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
 * the root builds its values in the memory it binds them from).
 */
void dck_task_local_push_value(const void *key, void *value, const void *type);

/** Ends the innermost task-local binding of the calling task (or thread), destroying its value. */
void dck_task_local_pop(void);

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

/**
 * dck_spare_scope_take, with the scope's root built in it: the overlay of the empty root that maps
 * `key` (with `hash`) to the object itself, in the object's node storage, `node_offset` bytes into
 * it (dck_trie_insert_owner_into). Returns that root, whose object (+1, handed to the caller) is
 * `node_offset` bytes before it, or NULL when the thread keeps none. The first override of a scope
 * at the root, in one call. Wait-free.
 */
struct dck_trie *dck_spare_scope_take_settled(size_t node_offset, uintptr_t key, uint64_t hash);

/** What dck_spare_scope_keep_settled did. */
typedef enum {
  /** Nothing: the scope is referenced elsewhere, or the thread keeps as many as it may (or the
   * build has ThreadSanitizer): the caller releases its reference. */
  DCK_SPARE_SCOPE_NOT_KEPT = 0,
  /** Kept, as dck_spare_scope_keep keeps it (the caller's reference taken). */
  DCK_SPARE_SCOPE_KEPT = 1,
  /** Nothing: its root holds what must be given back first (the caller empties the scope, then
   * keeps it with dck_spare_scope_keep). */
  DCK_SPARE_SCOPE_NOT_BARE = 2,
} dck_spare_scope_keeping_t;

/**
 * The pop's fast way to keep a scope: `scope` (+1) is kept for the calling thread's next scope entry
 * when the caller's reference is its only strong one (dck_spare_scope_may_keep) and its root, the
 * overlay embedded at `node`, holds nothing to give back (a first override at the root carrying
 * its value that nothing used, as dck_spare_scope_take_settled builds it): then the root is left as
 * it is, and the next dck_spare_scope_take_settled writes over it. Wait-free.
 */
dck_spare_scope_keeping_t dck_spare_scope_keep_settled(void *scope, const void *node);

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
