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

/// Whether values sit where reads take them (`_valueOffset`) in a box and in a scope: each of
/// these values, stored as the library stores it, reads back. Checked once, before the first value
/// is stored (`_registerValueCallbacks`), as the key-path getter checks key paths
/// (`_KeyPathGetter.layoutIsKnown`); a process where it fails stops there, before a read could take
/// a value from the wrong place.
let _valueLayoutIsKnown: Bool = {
  // Objects larger than the smallest ones: the check runs at whatever moment first needs the
  // callbacks, and leaves the allocator's blocks of 16-byte objects as they were (ObjectScopeTests
  // expects a freed one handed back to the next object of that size).
  let words = _DependencyBox<(UInt64, UInt64, UInt64, UInt64, UInt64)>((1, 2, 3, 4, 5))
  let wide = _DependencyBox<SIMD4<UInt32>>(SIMD4(1, 2, 3, 4))  // aligned to 16 bytes
  let scope = _Scope()
  scope.ownValueAddress.initializeMemory(as: Int.self, to: 42)  // trivial: nothing to destroy
  return _DependencyBox<(UInt64, UInt64, UInt64, UInt64, UInt64)>.value(
    at: Unmanaged.passUnretained(words).toOpaque()) == (1, 2, 3, 4, 5)
    && _DependencyBox<SIMD4<UInt32>>.value(at: Unmanaged.passUnretained(wide).toOpaque())
      == SIMD4(1, 2, 3, 4)
    && _DependencyBox<Int>.value(at: Unmanaged.passUnretained(scope).toOpaque()) == 42
}()

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

/// Registers Swift's retain and release as the C core's value callbacks. Evaluated once, before
/// the first value is stored: every table touches it when it is made (`_CacheTable.init`: each
/// cache, the accessor registry, the class table of `_CapturedValuesLayout`), and every
/// `DependencyValues` that can be set has a cache. Checks first that values, and a scope's embedded
/// root, are where the library takes them.
let _registerValueCallbacks: Void = {
  precondition(
    _valueLayoutIsKnown,
    "swift-dependencies: internal error: values are not where reads take them in this process")
  precondition(
    _Scope().embeddedNodeAddressIsKnown,
    "swift-dependencies: internal error: a scope's root is not where the trie builds it in this "
      + "process")
  dck_values_set_callbacks(
    { _ = Unmanaged<AnyObject>.fromOpaque($0!).retain() },
    { Unmanaged<AnyObject>.fromOpaque($0!).release() }
  )
  dck_values_set_stand_in_callback { owner in
    let scope = Unmanaged<_Scope>.fromOpaque(owner!).takeUnretainedValue()
    return Unmanaged.passRetained(scope.makeStandIn()).toOpaque()
  }
}()
