import CDependencies

/// An unowned reference to a native Swift object (`dck_object_pin`), owned by whoever made it
/// until `unpin()`: while pinned, the object can be deinitialised but its memory is not freed, so
/// its address cannot be reused by another object, and whether it was deinitialised can be asked
/// (`isDeinitializing`). Unlike a weak reference it needs no side table, so the object's later
/// retains stay on their fast path. The one pin of the library: the records of objects returned by
/// scopes (`_ObjectScopes`) and of the defaults scopes keep, for the graph
/// (`_DependencyGraphRecord`).
///
/// ```swift
/// let pin = _ObjectPin(model)      // the caller holds `model`
/// pin.isDeinitializing             // false while anything holds `model`
/// pin.unpin()                      // exactly once; its memory may go after this
/// ```
///
/// A value type, copied freely: exactly one copy's owner calls `unpin()`, after which no copy may
/// be asked anything. Only native Swift objects can be pinned (an Objective-C object has no Swift
/// reference counts in its header).
struct _ObjectPin: @unchecked Sendable {
  // @unchecked Sendable: an address used only with the runtime's thread-safe reference-count entry
  // points.
  /// The object's address.
  let address: UnsafeMutableRawPointer

  /// Pins `object`, which the caller holds.
  init(_ object: AnyObject) {
    address = Unmanaged.passUnretained(object).toOpaque()
    dck_object_pin(address)
  }

  /// Whether the object's strong references are gone: `true` is final.
  var isDeinitializing: Bool { dck_object_is_deinitializing(address) }

  /// Gives back the unowned reference: the object's memory is freed once it is deinitialised.
  func unpin() { dck_object_unpin(address) }
}
