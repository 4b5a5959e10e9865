/// A C handle borrowed from the Swift object that owns it, kept beside that object so that reads
/// can use the handle without touching the object's reference count.
///
/// ```swift
/// var _storage: _Scope { didSet { _storageHandle = _BorrowedHandle(_storage.handle) } }
/// var _storageHandle: _BorrowedHandle
/// ```
// @frozen: inlined reads (in clients too) take the handle out of it and pass it to the core.
@frozen @usableFromInline
struct _BorrowedHandle: @unchecked Sendable {
  // @unchecked Sendable: the handle is only a name for a C object that its owner (a `_Scope` or
  // `_LiveValueCache`, stored beside it) keeps alive; both C objects are safe for concurrent use.
  @usableFromInline let pointer: OpaquePointer

  @inlinable
  init(_ pointer: OpaquePointer) {
    self.pointer = pointer
  }
}
