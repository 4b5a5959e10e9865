/*
 * dck_task.h — the Concurrency runtime's entry points the core calls (private).
 *
 * Each is part of the runtime's ABI (the standard library's inlinable `TaskLocal.withValue` and
 * `withUnsafeCurrentTask` call them from client code) and has the Swift calling convention (clang's
 * `swiftcall`). dck_task.c wraps them for the façade; dck_spare_scopes.c pops a binding itself, in
 * the call that ends the binding's reference to its scope (dck_task_local_pop_ending).
 */
#ifndef DCK_TASK_H
#define DCK_TASK_H

/** Binds the value at `value` (taken) of the type whose metadata is `type` to the task-local whose
 * `TaskLocal` object is `key`, in the calling task (or thread). */
extern __attribute__((swiftcall)) void swift_task_localValuePush(const void *key, void *value,
                                                                 const void *type);

/** Ends the innermost task-local binding of the calling task (or thread), destroying its value. */
extern __attribute__((swiftcall)) void swift_task_localValuePop(void);

/** The task the calling code runs in, or NULL outside any. */
extern __attribute__((swiftcall)) void *swift_task_getCurrent(void);

#endif /* DCK_TASK_H */
