/*
 * dck_read_frame.c — one pointer per thread, for the Swift façade's read in progress.
 *
 * A `@Dependency` read runs a key path over the current dependency values; what the read carries
 * beyond those values (the values its property captured, the source location for error messages)
 * travels in a frame on the reading thread's stack, published here for the duration of the
 * synchronous read. The core never dereferences the frame; it only stores and returns the pointer.
 *
 * Thread-local, so no ordering is involved. Both functions are wait-free.
 */
#include "dck.h"

/* initial-exec: the core is linked into the executable or a library loaded at start-up, so the
   variable sits at a fixed offset from the thread pointer and needs no __tls_get_addr call. */
static _Thread_local void *current_frame __attribute__((tls_model("initial-exec")));

void *dck_read_frame_exchange(void *frame) {
  void *previous = current_frame;
  current_frame = frame;
  return previous;
}

void *dck_read_frame_current(void) {
  return current_frame;
}
