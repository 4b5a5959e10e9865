import CDependencies

/// The heap object that carries one dependency value through the C core.
///
/// The trie and the cache store opaque pointers; each points at a `_DependencyBox<Value>` whose
/// `Value` is fixed by the key the pointer is stored under, so a read can reinterpret the pointer
/// with `unsafeDowncast`-like cost and no dynamic cast.
///
/// Clients see it: the inlined read takes the value out of the box it finds (`value(at:)`).
@usableFromInline
final class _DependencyBox<Value: Sendable>: _AnyDependencyBox, @unchecked Sendable {
  // @unchecked Sendable: `value` is immutable and Sendable (the base class has no state).
  let value: Value

  @usableFromInline init(_ value: Value) {
    self.value = value
    super.init()
  }

  override var shutdownable: (any ShutdownableDependency)? {
    value as? any ShutdownableDependency
  }

  /// Reads the value behind a borrowed pointer returned by the trie or the cache.
  ///
  /// The caller guarantees that `pointer` was created by `_DependencyBox<Value>` or
  /// a `_Scope` carrying a `Value` (the key determines both) and that the structure it
  /// came from is still alive. Both keep the value `_valueOffset` bytes into the object, where it is
  /// read (not through a class's field, whose offset could be looked up in the object's metadata).
  @inlinable @inline(__always)
  static func value(at pointer: UnsafeMutableRawPointer) -> Value {
    (pointer + _valueOffset).assumingMemoryBound(to: Value.self).pointee
  }
}

#if _pointerBitWidth(_64)
  /// Where a box and a scope that carries its value keep the value: right after the object's header
  /// (its metadata and reference counts, two words). A box's `value` is the first stored property
  /// below a root class that has none (`_AnyDependencyBox`); a scope's is its first
  /// (`_Scope.valueStorage`); neither is aligned past 16 bytes. Checked once per process, before
  /// the first value is stored (`_valueLayoutIsKnown`); values of every size and alignment a scope
  /// carries, and boxed ones, read back in ScopeOwnValueTests.
  ///
  /// Clients see it: the inlined read takes the value at this offset.
  @inlinable var _valueOffset: Int { 16 }
#else
  // With a 32-bit pointer the object header is 8 bytes, and where a value sits would depend on its
  // alignment: the read path's fixed offset does not hold there.
  #error("swift-dependencies keeps values at a fixed offset that holds on 64-bit platforms only")
#endif

/// A `_DependencyBox` of any value type, for code that has only the box's address: the lifecycle of
/// cached values asks whether a value needs shutting down (a virtual call and one dynamic cast, done
/// only when a shutdown plans). It adds no stored property: a box's value stays where it was.
///
/// Clients see it: it is the base class of `_DependencyBox`, and what `_OwnValueKind` makes.
@usableFromInline
class _AnyDependencyBox: @unchecked Sendable {
  // @unchecked Sendable: no stored state.
  init() {}

  /// The value, when it conforms to ``ShutdownableDependency``.
  var shutdownable: (any ShutdownableDependency)? { nil }
}
