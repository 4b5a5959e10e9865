import CDependencies

// What every C table needs before it holds a value (`_CacheTable.init`): the layout bets of the
// read path checked, and the callbacks through which the core retains and releases values.

/// Registers Swift's retain and release as the C core's value callbacks (and how it makes a stand-in
/// and a new scope object). Evaluated once, before
/// the first value is stored: every table touches it when it is made (`_CacheTable.init`: each
/// cache, the accessor registry, the class table of `_CapturedValuesLayout`), and every
/// `DependencyValues` that can be set has a cache. Checks first that values, and a scope's embedded
/// root, are where the library takes them.
let _registerValueCallbacks: Void = {
  precondition(
    _valueLayoutIsKnown,
    "swift-dependencies: internal error: values are not where reads take them in this process")
  precondition(
    _Scope().layoutIsKnown,
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
  dck_spare_scope_set_maker { _newSettledScopeAtRoot(key: $0) }
}()

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
