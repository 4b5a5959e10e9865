/*
 * dck_keypath_setter.c — calls the setter of a Swift key path's computed component.
 *
 * `DependencyValues` properties are set through their key paths in two places that must run the
 * property's setter alone: a test trait's `.dependency(\.key, value)`, which overrides a key without
 * computing the default it replaces (Swift's own key-path assignment runs the getter first, and so
 * computes that default), and the dependency graph, which finds the key a `@Dependency(\.key)`
 * property names by setting a value of its type into values of its own and looking at what was set.
 * The façade finds the setter in the key path object beside the getter (`_KeyPathSetter`), and calls
 * it here.
 *
 * The function called is the key-path setter that the compiler emits for the property (a thunk
 * around its setter), with the signature the Swift runtime itself calls it through (a
 * `MutatingSetter` of the standard library's `KeyPath.swift`):
 *
 *     @convention(thin) (@in_guaranteed Value, @inout Root, UnsafeRawPointer arguments, Int size) -> ()
 *
 * that is, in the Swift calling convention: the address of the new value, the address of the root,
 * the component's argument area and its size. A property without arguments ignores the last two; the
 * runtime passes the address of the accessor pair and 0, and so does this call (as
 * dck_keypath_getter.c does for the getter). `_KeyPathGetter.layoutIsKnown` checks the call on a
 * property of its own before any key path is set this way.
 *
 * Ownership: the value is borrowed (the setter copies it into the root); the root is modified in
 * place. Wait-free in itself: it runs user code, whose progress is its own.
 */
#include "dck_runtime.h"

/* The setter's type, as the runtime calls it. */
typedef __attribute__((swiftcall)) void (*keypath_setter_t)(const void *value, void *root,
                                                             const void *arguments, intptr_t size);

void dck_keypath_setter_call(const void *setter, const void *arguments, const void *value,
                             void *root) {
  /* Function pointers travel as data pointers: POSIX guarantees the conversion round-trips. */
  ((keypath_setter_t)(uintptr_t)setter)(value, root, arguments, 0);
}
