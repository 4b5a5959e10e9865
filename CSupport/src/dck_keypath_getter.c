/*
 * dck_keypath_getter.c — calls the getter of a Swift key path's computed component.
 *
 * A `@Dependency(\.key)` read runs the getter of the `DependencyValues` property its key path names,
 * on every read. Swift's own key-path application does that through generic code that copies the
 * root value (retaining what it holds) and looks up type metadata: about ten times the cost of the
 * getter. The façade instead finds the getter in the key path object, once per key path, and calls
 * it here directly with the address of the values, which the getter borrows in place.
 *
 * The function called is the key-path accessor that the compiler emits for the property (a thunk
 * around its getter), with the signature the Swift runtime itself calls it through:
 *
 *     @convention(thin) (@in_guaranteed Root, UnsafeRawPointer arguments, Int size) -> @out Value
 *
 * that is, in the Swift calling convention: the address of the result (the indirect result register),
 * then the address of the root, the component's argument area and its size. A property without
 * arguments ignores the last two; the runtime passes the address of the accessor pair and 0, and
 * so does this call. Clang's `swiftcall` and `swift_indirect_result` describe exactly that
 * convention, on every target that Swift supports.
 *
 * Ownership: the root is borrowed (the getter copies what it keeps); the result memory is
 * uninitialised on entry and holds a +1 value of the key path's value type on return. Wait-free in
 * itself: it runs user code, whose progress is its own.
 */
#include "dck_runtime.h"

/* The accessor's type, as the runtime calls it. */
typedef __attribute__((swiftcall)) void (*keypath_getter_t)(
    __attribute__((swift_indirect_result)) void *result, const void *root, const void *arguments,
    intptr_t size);

void dck_keypath_getter_call(const void *getter, const void *arguments, void *result,
                             const void *root) {
  /* Function pointers travel as data pointers: POSIX guarantees the conversion round-trips. */
  ((keypath_getter_t)(uintptr_t)getter)(result, root, arguments, 0);
}
