/*
 * dck_debug_retains.c — counts the Swift retains a piece of code makes on the calling thread.
 *
 * The read path promises to write no memory that other threads share, and a retain is exactly such a
 * write (an atomic increment of the object's reference count). The Swift runtime has instrumentation
 * hooks for that: when `_swift_enableSwizzlingOfAllocationAndRefCountingFunctions_forInstrumentsOnly`
 * is set, swift_retain and swift_retain_n call through the function pointers `_swift_retain` and
 * `_swift_retain_n`. dck_debug_count_retains swaps in counting versions for the duration of one call,
 * counts the retains of non-NULL objects made on the calling thread (other threads' retains pass
 * through uncounted: tests run in parallel), and restores the originals.
 *
 * Built in every configuration, because the property it checks is one of optimised code: a debug
 * build of the Swift code retains far more than a release build. The symbols are looked up with
 * dlsym; a runtime without them makes the probe return -1. One probe at a time: a mutex serialises
 * callers, because the hooks are process-wide. It is meant for tests only.
 */
#define _GNU_SOURCE
#include "dck.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdbool.h>

typedef void *(*retain_t)(void *object);
typedef void *(*retain_n_t)(void *object, uint32_t n);

static pthread_mutex_t probe_lock = PTHREAD_MUTEX_INITIALIZER;
static retain_t original_retain;
static retain_n_t original_retain_n;
static _Thread_local bool counting;
static _Thread_local int64_t retains;

/* Other threads call these while a probe runs and may still be inside one after it ended, so the
   originals are read and written atomically (they never change value: always the runtime's own). */
static void *counting_retain(void *object) {
  if (counting && object != NULL) {
    retains += 1;
  }
  return __atomic_load_n(&original_retain, __ATOMIC_ACQUIRE)(object);
}

static void *counting_retain_n(void *object, uint32_t n) {
  if (counting && object != NULL) {
    retains += n;
  }
  return __atomic_load_n(&original_retain_n, __ATOMIC_ACQUIRE)(object, n);
}

int64_t dck_debug_count_retains(void (*body)(void *context), void *context) {
  bool *enabled = dlsym(RTLD_DEFAULT, "_swift_enableSwizzlingOfAllocationAndRefCountingFunctions_forInstrumentsOnly");
  retain_t *retain_hook = dlsym(RTLD_DEFAULT, "_swift_retain");
  retain_n_t *retain_n_hook = dlsym(RTLD_DEFAULT, "_swift_retain_n");
  if (enabled == NULL || retain_hook == NULL || retain_n_hook == NULL) {
    return -1;
  }
  pthread_mutex_lock(&probe_lock);
  __atomic_store_n(&original_retain, *retain_hook, __ATOMIC_RELEASE);
  __atomic_store_n(&original_retain_n, *retain_n_hook, __ATOMIC_RELEASE);
  const bool was_enabled = *enabled;
  /* The originals are in place before the hooks point at the counters, and the counters stay
     installed until no retain can be in one of them for this probe (other threads may call through
     them at any time; the counting functions forward to the originals, which never change). */
  *retain_hook = counting_retain;
  *retain_n_hook = counting_retain_n;
  *enabled = true;

  retains = 0;
  counting = true;
  body(context);
  counting = false;
  const int64_t result = retains;

  *enabled = was_enabled;
  *retain_hook = __atomic_load_n(&original_retain, __ATOMIC_ACQUIRE);
  *retain_n_hook = __atomic_load_n(&original_retain_n, __ATOMIC_ACQUIRE);
  pthread_mutex_unlock(&probe_lock);
  return result;
}
