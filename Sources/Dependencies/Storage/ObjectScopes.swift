import CDependencies

/// The dependency values that objects returned by `withDependencies` scopes were created in, for
/// `withDependencies(from:)` to find again when the object has no `@Dependency` property of its own.
///
/// ```swift
/// let model = withDependencies { $0.date.now = fixed } operation: { PlainModel() }
/// withDependencies(from: model) { ChildModel() }  // the child sees date.now == fixed
/// ```
///
/// The classic library keeps these in a locked dictionary with a cleanup task per returned object,
/// and keeps the values alive for as long as the process runs in the standard test setup. Here an
/// entry pins the object (below) and holds only what `from:` needs (the scope, with its overrides
/// and the defaults it keeps, and the explicit context; not the cache of default values), only
/// objects whose class has no `@Dependency` property are recorded (the others carry their scope
/// themselves, see `_CapturedValuesLayout`), and entries whose object is gone are swept out:
///
/// - **When**: after as many recordings as there were entries left by the previous sweep (at least
///   one). With few live objects that is the very next recording (a model dropped in a test has its
///   values released when the next scope returns an object); with many, a sweep's O(n) cost is
///   spread over n recordings, so each costs amortised O(1), and the table never holds more than
///   about twice the live objects. Also on lookup of a dead object's slot. (Counting recordings
///   rather than entries matters: a new object often reuses a freed one's address and replaces its
///   entry, so the number of entries alone may never grow.)
/// - **What is freed**: the entry, and with it the last references this table held to the
///   object's overrides (their `deinit`s run then, outside the lock).
///
/// How an entry knows its object: it pins the object's memory with an *unowned* reference (the
/// object's unowned count, in its header: no side table, unlike a weak reference, which would also
/// make every later retain of the model slower). While pinned, the object can be deinitialised but
/// its memory is not freed, so its address cannot be reused by another object: an entry found for an
/// address is the entry of the object at that address. An entry whose object is deinitialising or
/// deinitialised (`dck_object_is_deinitializing`) is dead; the sweep drops it and unpins the memory.
///
/// Only native Swift objects can be pinned: an Objective-C object has no Swift reference counts in
/// its header. Where Objective-C interoperability exists (Apple platforms), an entry keeps a weak
/// reference instead, and is its object's only while that reference loads the object itself (a new
/// object at a dead one's address finds no entry).
final class _ObjectScopes: Sendable {
  /// The process-wide table.
  static let shared = _ObjectScopes()

  /// What `withDependencies(from:)` restores for an object: what the scope that returned it set.
  struct Record: Sendable {
    /// The scope's overrides, nil for none.
    let overrides: _Scope?
    /// The scope's context, when it was set explicitly.
    let context: DependencyContext?
  }

  private struct Entry: @unchecked Sendable {
    // @unchecked Sendable: `object` is an address (pinned, see the type's documentation) used with
    // the runtime's thread-safe reference-count entry points, or a weak reference (whose loads the
    // runtime makes thread-safe); either is used with the table's lock held.
    #if canImport(ObjectiveC) || DEPENDENCIES_WEAK_OBJECT_SCOPES
      // Apple platforms: an object may be an Objective-C one, which cannot be pinned.
      // (`-DDEPENDENCIES_WEAK_OBJECT_SCOPES` builds this variant elsewhere, to test it.)
      /// The object, while it lives.
      weak var object: AnyObject?

      init(_ object: AnyObject, record: Record) {
        self.object = object
        self.record = record
      }

      var isDead: Bool { object == nil }

      /// Whether this entry, found at `candidate`'s address, is `candidate`'s: its weak reference
      /// still loads `candidate` itself (an object at a dead one's address is another object).
      func belongs(to candidate: AnyObject) -> Bool { object === candidate }

      func unpin() {}
    #else
      /// The object, pinned by one unowned reference this entry owns (`unpin` gives it back).
      let object: UnsafeMutableRawPointer

      init(_ object: AnyObject, record: Record) {
        let address = Unmanaged.passUnretained(object).toOpaque()
        dck_object_pin(address)  // the caller holds `object`
        self.object = address
        self.record = record
      }

      var isDead: Bool { dck_object_is_deinitializing(object) }

      /// Whether this entry, found at `candidate`'s address, is `candidate`'s: always, since a
      /// pinned address cannot have been reused.
      func belongs(to _: AnyObject) -> Bool { true }

      func unpin() { dck_object_unpin(object) }
    #endif
    let record: Record
  }

  private struct State {
    var entries: [ObjectIdentifier: Entry] = [:]
    /// Recordings left before the next sweep.
    var recordsUntilSweep = 1
  }

  private let state = _Locked(State())

  /// Remembers that `object` was returned by a scope with `values`.
  func record(_ object: AnyObject, _ values: DependencyValues) {
    let entry = Entry(
      object,
      record: Record(
        overrides: values._overrides.scope,
        context: values._modes.contextIsSet ? values._context : nil))
    // What the table lets go of (an entry replaced because the same object was returned again,
    // swept entries) is released here, outside the lock: deinits may run.
    let (replaced, swept) = state.withLock { state in
      let replaced = state.entries.updateValue(entry, forKey: ObjectIdentifier(object))
      state.recordsUntilSweep -= 1
      return (replaced, state.recordsUntilSweep <= 0 ? Self.removeDead(&state) : [])
    }
    replaced?.unpin()
    for (_, entry) in swept { entry.unpin() }
  }

  /// What the scope `object` was returned by set, if it was recorded.
  func record(of object: AnyObject) -> Record? {
    // `object` is alive (the caller holds it); an entry found for its address is its own when it
    // pins it, or when its weak reference loads it (`Entry.belongs(to:)`).
    state.withLock { state in
      guard let entry = state.entries[ObjectIdentifier(object)], entry.belongs(to: object) else {
        return nil
      }
      return entry.record
    }
  }

  /// Removes the dead entries and schedules the next sweep; returns them, to be unpinned and
  /// released outside the lock. Allocates only when an entry is dead.
  private static func removeDead(_ state: inout State) -> [(id: ObjectIdentifier, entry: Entry)] {
    defer { state.recordsUntilSweep = max(1, state.entries.count) }
    var dead: [(id: ObjectIdentifier, entry: Entry)] = []
    for (id, entry) in state.entries where entry.isDead {
      dead.append((id, entry))
    }
    for (id, _) in dead { state.entries.removeValue(forKey: id) }
    return dead
  }
}

extension DependencyValues {
  /// Records that the scope of the current values returned `result`, when it is an object, for
  /// `withDependencies(from:)`.
  @inlinable @inline(__always)
  static func _recordScopeOfCurrentValues<R>(ofResult result: R) {
    // A result that cannot be a class (a number, a string, a struct: `_canBeClass` is decided when
    // the scope's code is specialized) is not recorded, with no runtime call.
    guard _canBeClass(R.self) != 0 else { return }
    // A class is one reference: reinterpreting it as `AnyObject` is exact, where `as AnyObject`
    // would go through a dynamic cast.
    if R.self is AnyClass, MemoryLayout<R>.size == MemoryLayout<AnyObject>.size {
      _recordScopeOfCurrentValues(of: unsafeBitCast(result, to: AnyObject.self))
    }
  }

  @usableFromInline @inline(never)
  static func _recordScopeOfCurrentValues(of object: AnyObject) {
    guard !_CapturedValuesLayout.of(object).carriesValues else { return }
    _ObjectScopes.shared.record(object, _currentPointer.pointee)
  }
}
