/*
 * dck_image_pin.c — keeps the shared object that contains the core loaded until the process exits:
 * a dlclose of a plug-in built with Dependencies releases the handle but never unmaps the code.
 *
 * A SwiftPM `.dynamic` product (a plug-in, a language binding) links the core into its shared
 * object, which a host may dlopen and dlclose. Unmapping that object is unsafe, for two reasons:
 *   1. The core's thread-exit destructor (dck_thread.c) is a pthread key destructor in the object's
 *      code. Keys are process-wide and outlive the object: a thread that used the core and exits
 *      after the dlclose jumps into unmapped memory (SIGSEGV at the thread's exit).
 *   2. The Swift runtime registers each image's metadata sections when it loads (the constructor
 *      swiftrt.o adds, calling swift_addNewDSOImage) and has no call that unregisters them: after
 *      an unload, its protocol-conformance scans read the stale sections, and a later dynamic cast
 *      crashes when the image is mapped back at another address. On Linux with Swift 6.3.1, a
 *      `.dynamic` library linking Foundation crashes on its second load in most runs, with or
 *      without Dependencies (IntegrationTests/DynamicLoading, scripts/check-dlopen.py).
 * Besides, the core's global state (the caches, the root scope, each thread's block) has no
 * teardown, so every load and unload would leave it behind (8 to 9 KiB a cycle when it survives).
 *
 * So, as glibc does for an object that has registered C++ thread_local destructors, the object
 * marks itself NODELETE when it is loaded: a constructor finds the object that contains this code
 * (dladdr1) and dlopens it again by its name with RTLD_NOLOAD | RTLD_NODELETE, which loads nothing
 * and sets the flag, then drops the reference that call took. A later dlclose releases the host's
 * handle, a later dlopen of the same path returns the loaded object with its state, and the object
 * stays until the process exits.
 *
 * The executable itself is never unloaded: when the core is linked into it (the usual SwiftPM
 * build), dladdr1 names the main program (an empty name) and the constructor does nothing else.
 * The constructor exists where glibc is the C library (dladdr1 is glibc's): musl's dlclose unloads
 * nothing, and on macOS, where dyld decides what it unloads, nothing is done (not checked here).
 *
 * Ordering and progress: runs once per load of the object, during dlopen (or program start-up),
 * under the dynamic loader's lock (dlopen from a constructor is allowed, and the loader's lock is
 * recursive). Failure is harmless: the object is then unloadable as before.
 */
#define _GNU_SOURCE

#include <dlfcn.h> /* first: it defines __GLIBC__ where glibc is the C library */

#if defined(__GLIBC__)
#include <link.h>
#include <stddef.h>

/* An address inside this object, for dladdr1. */
static const char image_anchor;

__attribute__((constructor)) static void pin_containing_image(void) {
  Dl_info info;
  struct link_map *image = NULL;
  if (dladdr1(&image_anchor, &info, (void **)&image, RTLD_DL_LINKMAP) == 0 || image == NULL ||
      image->l_name == NULL || image->l_name[0] == '\0') {
    return; /* the main program (empty name), never unloaded; or not found */
  }
  void *handle = dlopen(image->l_name, RTLD_LAZY | RTLD_NOLOAD | RTLD_NODELETE);
  if (handle != NULL) {
    (void)dlclose(handle); /* the reference this dlopen took; NODELETE stays */
  }
}

#else

/* ISO C forbids an empty translation unit. */
typedef int dck_image_pin_unused;

#endif
