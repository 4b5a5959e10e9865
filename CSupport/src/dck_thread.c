/*
 * dck_thread.c — allocating and freeing the per-thread block. See dck_thread.h for what the block
 * holds, why it is reached through one initial-exec pointer, and why freeing it at thread exit is
 * safe.
 */
#define _POSIX_C_SOURCE 200809L

#include "dck_thread.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dck_debug.h"

_Thread_local dck_thread_t *dck_thread_block __attribute__((tls_model("initial-exec")));

static pthread_once_t key_once = PTHREAD_ONCE_INIT;
static pthread_key_t exit_key;

/* pthread key destructor: the thread is exiting (dck_thread.h, "Lifetime", says why nothing else can
   reach the block any more). */
static void thread_exited(void *block) {
  dck_thread_t *thread = block;
  /* Each tenant's release, in the order of dck_thread_tenant_t (a release may run arbitrary code,
     even register a later tenant's). */
  for (int tenant = 0; tenant < DCK_THREAD_TENANTS; tenant++) {
    dck_thread_release_t release = thread->at_exit[tenant];
    if (release != NULL) {
      thread->at_exit[tenant] = NULL;
      release(thread);
    }
  }
  if (dck_thread_block == thread) {
    dck_thread_block = NULL; /* a later destructor that uses the core gets a new block */
  }
  free(thread);
  DCK_DEBUG_COUNT(dck_debug_counter_threads, -1);
}

static void create_key(void) {
  if (pthread_key_create(&exit_key, thread_exited) != 0) {
    fprintf(stderr, "swift-dependencies: internal error: cannot create the thread-exit key\n");
    abort();
  }
}

dck_thread_t *dck_thread_create(void) {
  (void)pthread_once(&key_once, create_key);
  /* Cache-line aligned, so that `waiting_on` shares its line with nothing else (dck_thread_t's
     size is a multiple of its alignment). */
  dck_thread_t *thread = aligned_alloc(_Alignof(dck_thread_t), sizeof(dck_thread_t));
  if (thread == NULL) {
    fprintf(stderr, "swift-dependencies: out of memory allocating a thread's state\n");
    abort();
  }
  memset(thread, 0, sizeof(*thread));
  /* If this fails (ENOMEM), the block is simply never freed, and its epoch record never recycled:
     it stays inactive and harmless. */
  (void)pthread_setspecific(exit_key, thread);
  dck_thread_block = thread;
  DCK_DEBUG_COUNT(dck_debug_counter_threads, 1);
  return thread;
}
