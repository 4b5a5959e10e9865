/*
 * dck_epoch.c — the global epoch, per-thread reader records and the writer record.
 * See dck_epoch.h for the protocol.
 */
#define _POSIX_C_SOURCE 200809L

#include "dck_epoch.h"

#include <pthread.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

/* The one epoch every cache reader and writer uses. */
static ck_epoch_t global_epoch;

/*
 * The record every retirement is deferred on. Guarded by writer_lock: ck_epoch_call and ck_epoch_poll on
 * one record must not run concurrently. Never enters a read section, so it never holds back an epoch.
 */
static ck_epoch_record_t writer_record;
static pthread_mutex_t writer_lock = PTHREAD_MUTEX_INITIALIZER;

static pthread_once_t init_once = PTHREAD_ONCE_INIT;

#if DCK_TSAN
char dck_epoch_tsan_grace;
#endif

static void initialise(void) {
  ck_epoch_init(&global_epoch);
  ck_epoch_register(&global_epoch, &writer_record, NULL);
}

void dck_epoch_init_once(void) {
  (void)pthread_once(&init_once, initialise);
}

/*
 * The release a thread's record registers with its block (dck_thread_at_exit), which runs it when
 * the thread exits: the thread is in no read section then (a section never spans a call out of the
 * core). Its record has no deferred callbacks (readers never retire memory), so unregistering it
 * drops nothing; the record stays allocated and the next new thread recycles it.
 */
static void release_thread(dck_thread_t *thread) {
  ck_epoch_unregister(thread->epoch_record);
  thread->epoch_record = NULL;
}

ck_epoch_record_t *dck_epoch_register_thread(dck_thread_t *thread) {
  dck_epoch_init_once();
  ck_epoch_record_t *record = ck_epoch_recycle(&global_epoch, NULL);
  if (record == NULL) {
    void *memory = NULL;
    /* ck_epoch_record_t is cache-line aligned so that two threads' records never share a line. */
    if (posix_memalign(&memory, CK_MD_CACHELINE, sizeof(ck_epoch_record_t)) != 0) {
      fprintf(stderr, "swift-dependencies: out of memory registering a reader thread\n");
      abort();
    }
    record = memory;
    ck_epoch_register(&global_epoch, record, NULL);
  }
  thread->epoch_record = record;
  dck_thread_at_exit(thread, DCK_THREAD_TENANT_EPOCH, release_thread);
  return record;
}


/* ------------------------------------------------------------------------------------------------ */
/* The allocator handed to ck_hs                                                                    */
/* ------------------------------------------------------------------------------------------------ */

/* Every block carries the epoch entry it is retired with, padded to keep the payload max-aligned. */
typedef union retired_header {
  ck_epoch_entry_t epoch_entry;
  max_align_t alignment;
} retired_header_t;

static void *epoch_malloc(size_t size) {
  retired_header_t *header = malloc(sizeof(retired_header_t) + size);
  return header == NULL ? NULL : header + 1;
}

/* Runs from ck_epoch_poll, with writer_lock held, once no reader can still see the block. */
static void free_retired(ck_epoch_entry_t *entry) {
  DCK_TSAN_ACQUIRE(&dck_epoch_tsan_grace);
  free((retired_header_t *)(void *)entry); /* epoch_entry is the union's first member */
}

static void epoch_free(void *payload, size_t size, bool defer) {
  (void)size;
  if (payload == NULL) {
    return;
  }
  retired_header_t *header = (retired_header_t *)payload - 1;
  if (!defer) {
    /* ck_hs says no reader can see this block (never published, or the table is being destroyed). */
    free(header);
    return;
  }
  pthread_mutex_lock(&writer_lock);
  ck_epoch_call(&writer_record, &header->epoch_entry, free_retired);
  pthread_mutex_unlock(&writer_lock);
}

struct ck_malloc dck_epoch_allocator = {
    .malloc = epoch_malloc,
    .realloc = NULL,
    .free = epoch_free,
};

void dck_epoch_reclaim(void) {
  pthread_mutex_lock(&writer_lock);
  if (writer_record.n_pending > 0) {
    (void)ck_epoch_poll(&writer_record);
  }
  pthread_mutex_unlock(&writer_lock);
}
