/*
 * dck_setting.c — one flag per thread: whether the thread is running a synchronous
 * `withDependencies` update closure.
 *
 * A read made while values are being set (`withDependencies { … }` before its operation) is part
 * of setting them, whichever values it reads: the ones the closure is given, or the current ones
 * through a `@Dependency` property. Such a read reports no missing live or test implementation.
 * The values being set know they are (`DependencyValues._isUpdating`); the current values don't,
 * so the Swift façade raises this flag around the closure and the rare paths that report read it.
 * An asynchronous update closure may move between threads, so it uses a task-local value instead.
 *
 * Thread-local, so no ordering is involved. Both functions are wait-free.
 */
#include "dck.h"

/* initial-exec, as in dck_read_frame.c: a fixed offset from the thread pointer. */
static _Thread_local bool setting __attribute__((tls_model("initial-exec")));

bool dck_setting_exchange(bool value) {
  const bool previous = setting;
  setting = value;
  return previous;
}

bool dck_setting_current(void) {
  return setting;
}
