/*
 * dck_epoch.h — epoch-based reclamation shared by every cache (private).
 *
 * One process-wide Concurrency Kit epoch (`ck_epoch_t`) protects every lock-free reader of every cache.
 *
 * Readers. Each thread owns one `ck_epoch_record_t`, found through its per-thread block
 * (dck_thread.h). The record is taken (recycled from an exited thread, or allocated and registered)
 * on the thread's first read, which also registers, with the block, the release that hands it back
 * with ck_epoch_unregister when the thread exits (dck_thread_at_exit). A reader brackets each lookup with
 * dck_epoch_read_begin / dck_epoch_read_end. Reader records never carry deferred callbacks (readers
 * never retire memory), so unregistering one loses nothing. Records are never freed: an exited
 * thread's record waits, unregistered, for the next thread that registers one.
 *
 * Writers. Memory that readers may still be traversing (the slot array a ck_hs table replaced when it
 * grew) is retired through `dck_epoch_allocator`, whose free with `defer == true` queues the block on a
 * single process-wide *writer record* with ck_epoch_call. That record is never used for read sections
 * and never unregistered, and it is protected by its own mutex (ck_epoch_call on one record is not
 * thread-safe), so deferred frees are never lost with an exiting thread. dck_epoch_reclaim polls it and
 * frees whatever has passed a grace period.
 *
 * ThreadSanitizer. ck_epoch runs partly in libck.so (uninstrumented) and partly in inline assembly, so
 * TSan cannot see that a grace period orders a reader's last access to retired memory before its free.
 * In TSan builds every read section ends with __tsan_release(&dck_epoch_tsan_grace) and every deferred
 * free starts with __tsan_acquire(&dck_epoch_tsan_grace). The acquire runs only after ck_epoch observed
 * a grace period, i.e. after every section that could see the block ended (and released).
 *
 * Progress: dck_epoch_read_begin / dck_epoch_read_end are wait-free (a thread's first call allocates
 * and registers its record: lock-free). dck_epoch_reclaim is blocking (the writer-record mutex) but never
 * waits for readers (it polls; it does not synchronize).
 */
#ifndef DCK_EPOCH_H
#define DCK_EPOCH_H

#include <ck_epoch.h>
#include <ck_malloc.h>

#include "dck_thread.h"
#include "dck_tsan.h"

#if DCK_TSAN
/* The address the grace-period annotations synchronise on; its contents are never read. */
extern char dck_epoch_tsan_grace;
#endif

/** Initialises the global epoch and the writer record. Idempotent, thread-safe. */
void dck_epoch_init_once(void);

/**
 * Takes a reader record for `thread`, the calling thread's block, and stores it in the block (slow
 * path of dck_epoch_read_begin). Never NULL.
 */
ck_epoch_record_t *dck_epoch_register_thread(dck_thread_t *thread);

/**
 * Enters a read section on the record of `thread`, the calling thread's block; returns the record
 * for dck_epoch_read_end.
 */
static inline ck_epoch_record_t *dck_epoch_read_begin(dck_thread_t *thread) {
  ck_epoch_record_t *record = thread->epoch_record;
  if (__builtin_expect(record == NULL, 0)) {
    record = dck_epoch_register_thread(thread);
  }
  ck_epoch_begin(record, NULL);
  return record;
}

/** Leaves the read section entered by dck_epoch_read_begin. */
static inline void dck_epoch_read_end(ck_epoch_record_t *record) {
  /* Every access of this section happens before any free that waited for a grace period. */
  DCK_TSAN_RELEASE(&dck_epoch_tsan_grace);
  ck_epoch_end(record, NULL);
}

/**
 * The allocator to hand to ck_hs_init: plain malloc; free with `defer == false` frees at once, free
 * with `defer == true` retires the block to the writer record (see above). No realloc (ck_hs does not
 * use it).
 */
extern struct ck_malloc dck_epoch_allocator;

/** Frees the retired blocks whose grace period has passed. Non-blocking with respect to readers. */
void dck_epoch_reclaim(void);

#endif /* DCK_EPOCH_H */
