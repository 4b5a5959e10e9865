/*
 * host.c — loads the DependencyPlugin shared object with dlopen (the host does not link it) and
 * checks what its functions read, on the main thread and on threads that exit afterwards (their
 * per-thread state in the library is freed by a thread-exit destructor). Then it closes the library
 * while a thread that used it is still running, and checks that the library stays mapped (the core
 * marks the object that contains it NODELETE: CSupport/src/dck_image_pin.c) and that the thread
 * exits without crashing. Last, it runs CYCLES more cycles of dlopen, reads on the main thread and
 * on a thread that exits, and dlclose, and prints what the process's malloc'd memory grew by per
 * cycle, which scripts/check-dlopen.py holds to a bound.
 *
 * Usage: host PATH-TO-libDependencyPlugin.so CYCLES
 * Prints one line per check, then "growth per cycle: N bytes" (malloc'd bytes in use, glibc's
 * mallinfo2, from the end of the first WARM_UP_CYCLES cycles to the end of the last); exits 0 when
 * every check passes, 1 otherwise. Linux with glibc 2.33 or later (/proc/self/maps, mallinfo2).
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <malloc.h>
#include <pthread.h>
#include <semaphore.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef long (*read_default_t)(void);
typedef long (*read_overridden_t)(long);

static read_default_t read_default;
static read_overridden_t read_overridden;

#define THREADS 4
/* Cycles before the growth is measured: the allocator's and the runtime's first-use allocations. */
#define WARM_UP_CYCLES 10

/* Opens the library and finds its two functions; NULL (with a message) when it cannot. */
static void *open_plugin(const char *path) {
  void *plugin = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  if (plugin == NULL) {
    fprintf(stderr, "dlopen failed: %s\n", dlerror());
    return NULL;
  }
  read_default = (read_default_t)dlsym(plugin, "plugin_read_default");
  read_overridden = (read_overridden_t)dlsym(plugin, "plugin_read_overridden");
  if (read_default == NULL || read_overridden == NULL) {
    fprintf(stderr, "dlsym failed: %s\n", dlerror());
    return NULL;
  }
  return plugin;
}

/* The default, an override of `overridden`, the default again: 1 when all three are right. */
static long reads_are_right(long overridden) {
  return read_default() == 42 && read_overridden(overridden) == overridden && read_default() == 42;
}

/* On a thread of its own: the three reads, with an override of `*(long *)argument`. */
static void *read_on_thread(void *argument) {
  long *value = argument;
  *value = reads_are_right(*value);
  return NULL;
}

static sem_t thread_has_read, plugin_closed;

/* Reads, then waits until the main thread has closed the library before it exits. */
static void *read_then_outlive_the_handle(void *argument) {
  long *value = argument;
  *value = reads_are_right(*value);
  sem_post(&thread_has_read);
  sem_wait(&plugin_closed);
  return NULL;
}

static int expect(const char *what, long value, long expected) {
  printf("%s: %ld (expected %ld)\n", what, value, expected);
  return value == expected ? 0 : 1;
}

/* How many of the process's mappings are of a file whose path ends with `name`. */
static long mappings_of(const char *name) {
  FILE *maps = fopen("/proc/self/maps", "r");
  if (maps == NULL) {
    return -1;
  }
  char line[4096];
  long count = 0;
  const size_t name_length = strlen(name);
  while (fgets(line, sizeof line, maps) != NULL) {
    size_t length = strcspn(line, "\n");
    line[length] = '\0';
    if (length >= name_length && strcmp(line + length - name_length, name) == 0) {
      count++;
    }
  }
  fclose(maps);
  return count;
}

static size_t malloc_bytes_in_use(void) {
  struct mallinfo2 info = mallinfo2();
  return info.uordblks + info.hblkhd;
}

int main(int argc, char **argv) {
  if (argc != 3 || atol(argv[2]) <= WARM_UP_CYCLES) {
    fprintf(stderr, "usage: %s PATH-TO-libDependencyPlugin.so CYCLES (more than %d)\n", argv[0],
            WARM_UP_CYCLES);
    return 2;
  }
  const long cycles = atol(argv[2]);
  const char *name = strrchr(argv[1], '/') != NULL ? strrchr(argv[1], '/') + 1 : argv[1];
  void *plugin = open_plugin(argv[1]);
  if (plugin == NULL) {
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

  /* A thread that used the library exits after the dlclose: it runs the core's thread-exit
     destructor, which must still be mapped. */
  sem_init(&thread_has_read, 0, 0);
  sem_init(&plugin_closed, 0, 0);
  pthread_t outliving;
  long outliving_result = 200;
  if (pthread_create(&outliving, NULL, read_then_outlive_the_handle, &outliving_result) != 0) {
    fprintf(stderr, "pthread_create failed\n");
    return 1;
  }
  sem_wait(&thread_has_read);
  failures += expect("dlclose", dlclose(plugin), 0);
  failures += expect("the library is still mapped after dlclose", mappings_of(name) > 0, 1);
  sem_post(&plugin_closed);
  pthread_join(outliving, NULL);
  failures += expect("a thread that read, then exited after the dlclose", outliving_result, 1);

  size_t warm = 0;
  for (long cycle = 0; cycle < cycles; cycle++) {
    plugin = open_plugin(argv[1]);
    if (plugin == NULL) {
      return 1;
    }
    pthread_t thread;
    long thread_result = 300;
    if (pthread_create(&thread, NULL, read_on_thread, &thread_result) != 0) {
      fprintf(stderr, "pthread_create failed\n");
      return 1;
    }
    pthread_join(thread, NULL);
    if (!reads_are_right(9) || thread_result != 1 || dlclose(plugin) != 0) {
      printf("cycle %ld: a read or the dlclose failed\n", cycle);
      failures++;
      break;
    }
    if (cycle + 1 == WARM_UP_CYCLES) {
      warm = malloc_bytes_in_use();
    }
  }
  const long growth = (long)(malloc_bytes_in_use() - warm);
  printf("%ld cycles of dlopen, reads (main thread and a thread that exits), dlclose\n", cycles);
  printf("growth per cycle: %ld bytes (malloc'd bytes in use, over the last %ld cycles)\n",
         growth / (cycles - WARM_UP_CYCLES), cycles - WARM_UP_CYCLES);
  return failures == 0 ? 0 : 1;
}
