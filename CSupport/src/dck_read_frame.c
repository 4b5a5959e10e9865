/*
 * dck_read_frame.c — one pointer per thread, for the Swift façade's read in progress.
 *
 * A `@Dependency` read runs a key path over the current dependency values; what the read carries
 * beyond those values (the values its property captured, the source location for error messages)
 * travels in a frame on the reading thread's stack, published here for the duration of the
 * synchronous read. The core never dereferences the frame; it only stores and returns the pointer.
 *
 * The pointer lives in the thread's block (dck_thread.h), not in a thread-local variable of its
 * own: the core keeps a single thread-local pointer, so that a shared object containing it needs no
 * static TLS. Reading the frame of a thread that has no block yet allocates nothing (there is no
 * frame); setting one allocates the block on the thread's first use of the core.
 *
 * Thread-local, so no ordering is involved. Both functions are wait-free (after the thread's first
 * use of the core, which allocates its block).
 */
#include "dck_runtime.h"

#include "dck_thread.h"

void *dck_read_frame_exchange(void *frame) {
  dck_thread_t *thread = dck_thread_existing();
  if (thread == NULL) {
    if (frame == NULL) {
      return NULL; /* no frame to replace and none to set */
    }
    thread = dck_thread_create();
  }
  void *previous = thread->read_frame;
  thread->read_frame = frame;
  return previous;
}

void *dck_read_frame_current(void) {
  dck_thread_t *thread = dck_thread_existing();
  return thread == NULL ? NULL : thread->read_frame;
}
