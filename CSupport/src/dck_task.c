/*
 * dck_task.c — moves a value into a Swift task-local binding, and asks whether code runs in a task.
 *
 * `TaskLocal.withValue` takes the value it binds borrowed and pushes a copy of it: for the façade's
 * `DependencyValues`, a copy retains every reference the values hold, and the values the scope made
 * are destroyed (released again) once the binding is gone. A scope has values of its own, built for
 * the binding and used for nothing else: this call moves them in instead, so that a scope entry
 * pays no copy, and its teardown destroys the values once (when the binding is popped).
 *
 * The function called is the Concurrency runtime's own entry point, which `withValue` calls too:
 *
 *     swift_task_localValuePush(const HeapObject *key, OpaqueValue *value, const Metadata *type)
 *
 * in the Swift calling convention (clang's `swiftcall`), taking the value at `value` (+1: the
 * memory is left uninitialised), for the task-local whose `TaskLocal` object is `key`, as a value
 * of the type whose metadata is `type`; `swift_task_localValuePop` ends the innermost binding (and
 * destroys its value). Both are part of the runtime's ABI: the standard library's inlinable
 * `withValue` calls them from client code.
 *
 * dck_task_local_push_value (dck_runtime.h) is the same push in the C calling convention, for a
 * caller that built the value in memory itself (a scope entered at the root makes its values in a
 * stack buffer and pushes them from there): an inline function there, so that the caller calls the
 * runtime itself.
 *
 * A binding's whole teardown, the pop and the end of the reference to the values' scope object
 * that the push took, is one call of dck_spare_scopes.c (dck_task_local_pop_ending).
 *
 * dck_task_is_running asks `swift_task_getCurrent`, the entry point behind `withUnsafeCurrentTask`
 * (Swift may not name it itself), whether the calling code runs in a task: outside any task, a
 * thread's bindings are its own (no child task can share them), which lets a synchronous scope
 * nested in one rebind it in place (see `DependencyValues._bind(_:over:_:)`).
 *
 * Progress: the push is blocking only in that the runtime allocates the binding (from the task's
 * allocator, or the heap when no task runs); dck_task_is_running is wait-free.
 */
#include "dck_runtime.h"

#include "dck_task.h"

/* Called from Swift as `(UnsafeRawPointer, __owned Value)`, generic over `Value`: the key, the
 * address of the value (owned), then its metadata, in the Swift convention. */
__attribute__((swiftcall)) void dck_task_local_push_taking(const void *key, void *value,
                                                            const void *type);

__attribute__((swiftcall)) void dck_task_local_push_taking(const void *key, void *value,
                                                            const void *type) {
  swift_task_localValuePush(key, value, type);
}

bool dck_task_is_running(void) {
  return swift_task_getCurrent() != NULL;
}
