/*
 * retain_counting.c — counts the Swift retains code makes on the calling thread. Test-only.
 *
 * A retain is an atomic write to the object's reference count: the memory a dependency read must
 * not write when other threads share the object. This target is linked into the test binary only,
 * where it interposes swift_retain and swift_retain_n: SwiftPM links the package's Swift code
 * statically into that binary, so its calls bind to these definitions, which count (on the calling
 * thread, while a count runs) and forward to the runtime's own, found with dlsym(RTLD_NEXT). The
 * runtime's own checks stay in charge: a tagged or immortal pointer (not above zero) is forwarded
 * and not counted.
 *
 * (The runtime's "instrumentation" hooks are no substitute: their adapter strips a tagged pointer's
 * tag bits before calling the hook, which then dereferences it.)
 */
#define _GNU_SOURCE
#include "retain_counting.h"

#include <dlfcn.h>
#include <stdbool.h>
#include <stddef.h>

typedef void *(*retain_t)(void *object);
typedef void *(*retain_n_t)(void *object, uint32_t n);

static _Thread_local bool counting;
static _Thread_local int64_t retains;

static retain_t real_retain(void) {
  static retain_t real;
  retain_t found = __atomic_load_n(&real, __ATOMIC_ACQUIRE);
  if (found == NULL) {
    found = (retain_t)dlsym(RTLD_NEXT, "swift_retain");
    __atomic_store_n(&real, found, __ATOMIC_RELEASE);
  }
  return found;
}

static retain_n_t real_retain_n(void) {
  static retain_n_t real;
  retain_n_t found = __atomic_load_n(&real, __ATOMIC_ACQUIRE);
  if (found == NULL) {
    found = (retain_n_t)dlsym(RTLD_NEXT, "swift_retain_n");
    __atomic_store_n(&real, found, __ATOMIC_RELEASE);
  }
  return found;
}

void *swift_retain(void *object) {
  if (counting && (intptr_t)object > 0) {
    retains += 1;
  }
  return real_retain()(object);
}

void *swift_retain_n(void *object, uint32_t n) {
  if (counting && (intptr_t)object > 0) {
    retains += n;
  }
  return real_retain_n()(object, n);
}

int64_t retain_counting_run(void (*body)(void *context), void *context) {
  (void)real_retain();
  (void)real_retain_n();
  retains = 0;
  counting = true;
  body(context);
  counting = false;
  return retains;
}
