import CDependencies

/// The getter of a key path that names one computed property without arguments — the shape of
/// every `DependencyValues` property a dependency is registered with (`\.apiClient`) — found in the
/// key path object, so that a read can call it directly on the values in place.
///
/// Swift applies a key path through generic code that copies the root (retaining what it holds)
/// and looks up type metadata, about ten times the cost of the getter itself. The getter found here
/// is the accessor the Swift runtime calls for that component (`dck_keypath_getter_call` says how),
/// so calling it runs exactly the code the key path runs, on every read: nothing is learned from
/// one read for the next.
///
/// Finding it reads the key path object's layout: the buffer after the object's header, its header
/// word, and one computed component (header word, identifier, getter, and a setter when settable).
/// The constants come from the toolchain's own definition of that layout (`SwiftShims`'s
/// `KeyPath.h`, "ABI constants for key path objects"). Anything else — several components, a
/// stored property, arguments (subscripts), an optional chain, a reference prefix — is not read
/// here, and such a key path is applied with Swift's `subscript(keyPath:)`. Before the first key
/// path is read this way, `layoutIsKnown` checks the reading on key paths of a type of its own
/// (the right getter found and called, the right setter found and called — for `_KeyPathSetter` —
/// the other shapes refused); if anything differs, no key path is read or set this way for the life
/// of the process.
///
/// Clients see it: the inlined read of a key-path property calls the getter it found.
@usableFromInline
struct _KeyPathGetter: @unchecked Sendable {
  // @unchecked Sendable: both pointers name immutable memory of a key path object that the
  // accessor holding this getter keeps alive (through its `get` closure, see
  // `_DependencyAccessor`).

  /// The component's getter: a key-path accessor (`@convention(thin)`, Swift calling convention).
  @usableFromInline let getter: UnsafeRawPointer
  /// The component's accessor area, which the runtime passes to the getter beside the root.
  @usableFromInline let accessors: UnsafeRawPointer

  /// Calls the getter on the values at `root` (borrowed in place: no copy, no retain).
  @inlinable @inline(__always)
  func value<Root, Value>(of root: UnsafePointer<Root>, as _: Value.Type) -> Value {
    withUnsafeTemporaryAllocation(of: Value.self, capacity: 1) { buffer in
      let result = buffer.baseAddress.unsafelyUnwrapped
      dck_keypath_getter_call(getter, accessors, result, root)
      return result.move()
    }
  }
}
