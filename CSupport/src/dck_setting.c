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
 * The flag lives in the thread's block (dck_thread.h), beside the read frame: the core keeps a
 * single thread-local pointer. Reading the flag of a thread that has no block yet allocates nothing
 * (it is false); raising it allocates the block on the thread's first use of the core.
 *
 * The façade raises and restores the flag through its address (dck_setting_flag): one call for an
 * update closure, where an exchange before and after it took two. The address is the thread's own
 * block's, which outlives any update closure the thread runs.
 *
 * Thread-local, so no ordering is involved. Both functions are wait-free (after the thread's first
 * use of the core, which allocates its block).
 */
#include "dck_runtime.h"

#include "dck_thread.h"

bool *dck_setting_flag(void) {
  return &dck_thread_get()->setting;
}

bool dck_setting_current(void) {
  dck_thread_t *thread = dck_thread_existing();
  return thread != NULL && thread->setting;
}
