/*
 * host.c — loads the DependencyPlugin shared object with dlopen (the host does not link it) and
 * checks what its functions read, on the main thread and on threads that exit afterwards (their
 * per-thread state in the library is freed by a thread-exit destructor).
 *
 * Usage: host PATH-TO-libDependencyPlugin.so
 * Prints one line per check; exits 0 when every check passes, 1 otherwise.
 */
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

typedef long (*read_default_t)(void);
typedef long (*read_overridden_t)(long);

static read_default_t read_default;
static read_overridden_t read_overridden;

#define THREADS 4

/* On a thread of its own: the default, an override of `*(long *)argument`, the default again. */
static void *read_on_thread(void *argument) {
  long *value = argument;
  const long overridden = *value;
  *value = read_default() == 42 && read_overridden(overridden) == overridden &&
           read_default() == 42;
  return NULL;
}

static int expect(const char *what, long value, long expected) {
  printf("%s: %ld (expected %ld)\n", what, value, expected);
  return value == expected ? 0 : 1;
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: %s PATH-TO-libDependencyPlugin.so\n", argv[0]);
    return 2;
  }
  void *plugin = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
  if (plugin == NULL) {
    fprintf(stderr, "dlopen failed: %s\n", dlerror());
    return 1;
  }
  read_default = (read_default_t)dlsym(plugin, "plugin_read_default");
  read_overridden = (read_overridden_t)dlsym(plugin, "plugin_read_overridden");
  if (read_default == NULL || read_overridden == NULL) {
    fprintf(stderr, "dlsym failed: %s\n", dlerror());
    return 1;
  }
  int failures = 0;
  failures += expect("default read", read_default(), 42);
  failures += expect("overridden read", read_overridden(7), 7);
  failures += expect("default read after the override", read_default(), 42);

  pthread_t threads[THREADS];
  long results[THREADS];
  for (int i = 0; i < THREADS; i++) {
    results[i] = 100 + i;
    if (pthread_create(&threads[i], NULL, read_on_thread, &results[i]) != 0) {
      fprintf(stderr, "pthread_create failed\n");
      return 1;
    }
  }
  long passed = 0;
  for (int i = 0; i < THREADS; i++) {
    pthread_join(threads[i], NULL);
    passed += results[i];
  }
  failures += expect("threads that read the default, an override and the default, then exited",
                     passed, THREADS);
  return failures == 0 ? 0 : 1;
}
