/// The values a read looks a key up in (`DependencyValues._resolve`), read in place field by
/// field: values the reader borrows (`DependencyValues` itself: the key subscript's `self`, whose
/// address could only be taken by copying it), or the values at an address (`_ValuesAt`: the
/// current values, which `@Dependency(Key.self)` reads where the task-local binding keeps them).
///
/// Clients see it: the inlined read is generic over it, and specialised for both.
@usableFromInline
protocol _ReadValues {
  /// The overrides' trie (`_Overrides.handle`).
  var _overridesHandle: OpaquePointer? { get }
  /// The cache of defaults (`_Defaults.handle`).
  var _defaultsHandle: OpaquePointer? { get }
  /// The values' context (`DependencyValues._context`).
  var _readContext: DependencyContext { get }
  /// Whether the values set their context (`_Modes.contextIsSet`).
  var _contextIsSet: Bool { get }
  /// Whether the values record the overrides read (`_Modes.recordsReads`).
  var _recordsReads: Bool { get }
  /// See `DependencyValues._recordOverrideRead(_:_:)`.
  func _recordOverrideRead(_ key: _KeyIdentity, _ pointer: UnsafeMutableRawPointer)
  /// See `DependencyValues._resolveDefault(_:_:captured:capturedContext:site:)`.
  func _resolveDefault<Key: TestDependencyKey>(
    _ key: Key.Type, _ id: _KeyIdentity, captured: OpaquePointer?,
    capturedContext: DependencyContext?, site: _ReadSite
  ) -> Key.Value
}

extension DependencyValues: _ReadValues {
  @inlinable var _overridesHandle: OpaquePointer? { _overrides.handle }
  @inlinable var _defaultsHandle: OpaquePointer? { _defaults.handle }
  @inlinable var _readContext: DependencyContext { _context }
  @inlinable var _contextIsSet: Bool { _modes.contextIsSet }
  @inlinable var _recordsReads: Bool { _modes.recordsReads }
}

/// The values at an address, read through it field by field: a method called on
/// `pointer.pointee` would copy them (retaining their owners).
///
/// Clients see it (`@frozen`): the inlined `@Dependency(Key.self)` reads the current values
/// through it.
@frozen @usableFromInline
struct _ValuesAt: _ReadValues {
  @usableFromInline let pointer: UnsafePointer<DependencyValues>

  @inlinable init(_ pointer: UnsafePointer<DependencyValues>) { self.pointer = pointer }

  @inlinable var _overridesHandle: OpaquePointer? { pointer.pointee._overrides.handle }
  @inlinable var _defaultsHandle: OpaquePointer? { pointer.pointee._defaults.handle }
  @inlinable var _readContext: DependencyContext { pointer.pointee._context }
  @inlinable var _contextIsSet: Bool { pointer.pointee._modes.contextIsSet }
  @inlinable var _recordsReads: Bool { pointer.pointee._modes.recordsReads }

  @inlinable
  func _recordOverrideRead(_ key: _KeyIdentity, _ pointer: UnsafeMutableRawPointer) {
    self.pointer.pointee._recordOverrideRead(key, pointer)
  }

  @inlinable
  func _resolveDefault<Key: TestDependencyKey>(
    _ key: Key.Type, _ id: _KeyIdentity, captured: OpaquePointer?,
    capturedContext: DependencyContext?, site: _ReadSite
  ) -> Key.Value {
    pointer.pointee._resolveDefault(
      Key.self, id, captured: captured, capturedContext: capturedContext, site: site)
  }
}
