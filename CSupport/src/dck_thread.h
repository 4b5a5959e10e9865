/*
 * dck_thread.h — the core's per-thread state: one heap block per thread, reached through a single
 * thread-local pointer (private).
 *
 * ---------------------------------------------------------------------------- One pointer of TLS --
 *
 * The core keeps a few things per thread: the cache's memo of the last values read (2 KiB), the
 * façade's read frame and setting flag, the thread's epoch reader record and its node in the caches'
 * wait-for graph.
 * They live in one heap block, and the block's address is the core's only thread-local variable,
 * `dck_thread_block`: 8 bytes of TLS in all.
 *
 * That pointer is in the initial-exec model (a fixed offset from the thread pointer): reading it is
 * one load, where the default model costs a call to __tls_get_addr, or, in an executable (whose
 * linker relaxes that call to a load), the registers the compiler saved around the call anyway:
 * 12 more instructions per dck_cache_get memo hit, 24 rather than 36 (callgrind, release build).
 * Initial-exec TLS marks a shared object STATIC_TLS, and glibc's dlopen must then place the
 * object's whole TLS segment in the surplus of the static TLS block it reserves for such objects
 * (`glibc.rtld.optional_static_tls`, 512 bytes by default), or refuses it ("cannot allocate memory
 * in static TLS block"). The core's segment is this one pointer, so a SwiftPM `.dynamic` product,
 * plug-in or language binding that contains the core loads with dlopen; the 2 KiB memo that used to
 * be initial-exec TLS itself did not. IntegrationTests/DynamicLoading and scripts/check-dlopen.py
 * check both: a `.dynamic` library that uses Dependencies loads with dlopen, and its TLS segment is
 * one pointer.
 *
 * -------------------------------------------------------------------------------------- The block --
 *
 *     field          owner module          touched by
 *     memo           dck_cache.c           this thread only
 *     read_frame     dck_read_frame.c      this thread only
 *     setting        dck_setting.c         this thread only
 *     spare_scopes   dck_spare_scopes.c    this thread only
 *     epoch_record   dck_epoch_record.c    this thread only (the record itself is read by writers'
 *                                          ck_epoch_poll, see dck_epoch_record.h)
 *     waiting_on     dck_cache.c           written by this thread, read by others, both under the
 *                                          cache's wait_graph_lock (its own cache line)
 *
 * A thread's block is also its identity in the wait-for graph: a pending cache entry's `owner` is
 * the block of the thread computing it.
 *
 * --------------------------------------------------------------------------------------- Lifetime --
 *
 * dck_thread_get allocates the block (zeroed: an empty memo, no frame, no record, waiting on
 * nothing) on the thread's first use of the core, and hands it to a pthread key whose destructor
 * runs when the thread exits. The destructor releases the scope objects the thread keeps
 * (dck_spare_scopes.c), hands the epoch record back (dck_epoch_release_thread),
 * clears `dck_thread_block`, and frees the block. Freeing it is safe whatever the state of the caches
 * and the epoch, created or destroyed before or after the exit:
 *   1. the memo holds cache ids and borrowed value pointers that only this thread reads, and only
 *      after matching a live cache's id; nothing outside the block points into the memo, and no
 *      cache points at a block except through `owner` (2);
 *   2. an entry's `owner` names a thread only while that thread is inside the entry's `compute`
 *      call, and `compute` returns on the thread that called it (dck.h), so an exiting thread owns
 *      no entry and waits on none: no other thread can reach its block through the wait-for graph;
 *   3. the read frame is set only for the duration of a synchronous read, never across an exit;
 *   4. the epoch record is not in a read section (sections never span a call out of the core);
 *      records are never freed, only unregistered and recycled by a later thread.
 * A destructor that runs later on the same thread (another pthread key's, or a C++ thread_local's)
 * may use the core again: it gets a fresh block and arms the key again, and glibc runs destructors
 * for up to PTHREAD_DESTRUCTOR_ITERATIONS rounds; a block first allocated after the last round is
 * never freed (its record stays registered but inactive, which holds back no epoch). The blocks of
 * threads still running when the process exits, the main thread's included, are not freed.
 *
 * Ordering: a block is private to its thread except `waiting_on` (under wait_graph_lock), so no
 * atomics are involved. Progress: dck_thread_existing is wait-free; dck_thread_get is wait-free once
 * the thread has a block, and blocking on its first call (pthread_once, allocation).
 */
#ifndef DCK_THREAD_H
#define DCK_THREAD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct cache_entry;     /* dck_cache.c */
struct ck_epoch_record; /* <ck_epoch.h> */

/* Slots of the cache's per-thread memo (dck_cache.c): direct-mapped, a power of two. */
#define DCK_MEMO_SLOTS 64

/* The scope objects a thread keeps for its next scope entries (dck_spare_scopes.c): as many as the
   scopes it usually has nested at once (32: layered middleware and test helpers nest that deep
   without allocating). */
#define DCK_SPARE_SCOPES 32

/* One memo slot, written and read by dck_cache.c only. */
typedef struct dck_memo_slot {
  uint64_t cache_id; /* 0: empty (cache ids start at 1) */
  uintptr_t key;
  uint32_t context;
  void *value;
} dck_memo_slot_t;

typedef struct dck_thread {
  dck_memo_slot_t memo[DCK_MEMO_SLOTS];
  void *read_frame;
  bool setting; /* dck_setting.c */
  uint32_t spare_scope_count; /* dck_spare_scopes.c */
  void *spare_scopes[DCK_SPARE_SCOPES];
  struct ck_epoch_record *epoch_record; /* NULL until the thread's first read section */
  /* The entry this thread waits for (NULL when it does not wait); other threads read it while
     following a wait-for chain, so it sits on a cache line of its own. */
  _Alignas(64) struct cache_entry *waiting_on;
} dck_thread_t;

/* The calling thread's block, or NULL before its first use of the core (and after its exit
   destructor). The core's only thread-local variable (see above); only this header's functions and
   dck_thread.c touch it. */
extern _Thread_local dck_thread_t *dck_thread_block __attribute__((tls_model("initial-exec")));

/** Allocates the calling thread's block (slow path of dck_thread_get). Never NULL. */
dck_thread_t *dck_thread_create(void);

/** The calling thread's block, allocated on first use. */
static inline dck_thread_t *dck_thread_get(void) {
  dck_thread_t *thread = dck_thread_block;
  if (__builtin_expect(thread == NULL, 0)) {
    thread = dck_thread_create();
  }
  return thread;
}

/** Releases the scope objects `thread` keeps (dck_spare_scopes.c): its exit destructor. */
void dck_spare_scopes_release_all(dck_thread_t *thread);

/** The calling thread's block, or NULL when it has none yet (allocates nothing). */
static inline dck_thread_t *dck_thread_existing(void) {
  return dck_thread_block;
}

#endif /* DCK_THREAD_H */
