import CDependencies

/// The heap object that carries one dependency value through the C core.
///
/// The trie and the cache store opaque pointers; each points at a `_DependencyBox<Value>` whose
/// `Value` is fixed by the key the pointer is stored under, so a read can reinterpret the pointer
/// with `unsafeDowncast`-like cost and no dynamic cast.
@usableFromInline
final class _DependencyBox<Value: Sendable>: _AnyDependencyBox, @unchecked Sendable {
  // @unchecked Sendable: `value` is immutable and Sendable (the base class has no state).
  @usableFromInline let value: Value

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
  /// a `_ValueScope` carrying a `Value` (the key determines both) and that the structure it
  /// came from is still alive. Both keep the value `_valueOffset` bytes into the object, where it is
  /// read (not through a class's field, whose offset could be looked up in the object's metadata).
  @inlinable @inline(__always)
  static func value(at pointer: UnsafeMutableRawPointer) -> Value {
    (pointer + _valueOffset).assumingMemoryBound(to: Value.self).pointee
  }
}

/// Where a box and a scope that carries its value (`_ValueScope`) keep the value: right after the
/// object's header (its metadata and reference counts). A box's `value` is the first stored property
/// below a root class that has none (`_AnyDependencyBox`); a scope's is its root class's first
/// (`_TrieRoot.valueStorage`); neither is aligned past 16 bytes. Values of every size and alignment
/// a scope carries, and boxed ones, read back in ScopeOwnValueTests.
@inlinable var _valueOffset: Int { 16 }

/// A `_DependencyBox` of any value type, for code that has only the box's address: the lifecycle of
/// cached values asks whether a value needs shutting down (a virtual call and one dynamic cast, done
/// only when a shutdown plans). It adds no stored property: a box's value stays where it was.
@usableFromInline
class _AnyDependencyBox: @unchecked Sendable {
  // @unchecked Sendable: no stored state.
  @usableFromInline init() {}

  /// The value, when it conforms to ``ShutdownableDependency``.
  var shutdownable: (any ShutdownableDependency)? { nil }
}

/// Registers Swift's retain and release as the C core's value callbacks. Evaluated once, before
/// the first value is stored: every cache touches it when it is made (`_LiveValueCache.init`), and
/// every `DependencyValues` that can be set has a cache; the other tables (the accessor registry,
/// the class table of `_ObjectScopes`) touch it when they are made.
let _registerValueCallbacks: Void = {
  dck_values_set_callbacks(
    { _ = Unmanaged<AnyObject>.fromOpaque($0!).retain() },
    { Unmanaged<AnyObject>.fromOpaque($0!).release() }
  )
  dck_values_set_stand_in_callback { owner in
    let scope = Unmanaged<_Scope>.fromOpaque(owner!).takeUnretainedValue()
    return Unmanaged.passRetained(scope.makeStandIn()).toOpaque()
  }
}()
