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
/// entry holds the object weakly and only what `from:` needs (the scope's overrides and explicit
/// context, not its cache of default values), and entries whose object is gone are swept out:
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
/// An object's address can be reused after it is freed, so an entry counts only while its weak
/// reference still points at the very object looked up.
final class _ObjectScopes: Sendable {
  /// The process-wide table.
  static let shared = _ObjectScopes()

  /// What `withDependencies(from:)` restores for an object.
  struct Scope: Sendable {
    /// The scope's overrides.
    let storage: _TrieRoot
    /// The scope's context, when it was set explicitly.
    let context: DependencyContext?
  }

  private struct Entry {
    weak var object: AnyObject?
    let scope: Scope
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
      object: object,
      scope: Scope(
        storage: values._storage,
        context: values._contextIsOverridden ? values._context : nil))
    // What the table lets go of (an entry replaced because the address was reused, swept entries)
    // is released here, outside the lock: deinits may run.
    let released = state.withLock { state in
      let replaced = state.entries.updateValue(entry, forKey: ObjectIdentifier(object))
      state.recordsUntilSweep -= 1
      let swept = state.recordsUntilSweep <= 0 ? Self.removeDead(&state) : [:]
      return (replaced, swept)
    }
    withExtendedLifetime(released) {}
  }

  /// The scope `object` was returned by, if it was recorded and is still the recorded object.
  func scope(of object: AnyObject) -> Scope? {
    let (scope, dead): (Scope?, Entry?) = state.withLock { state in
      let id = ObjectIdentifier(object)
      guard let entry = state.entries[id] else { return (nil, nil) }
      if entry.object === object { return (entry.scope, nil) }
      return (nil, state.entries.removeValue(forKey: id))
    }
    withExtendedLifetime(dead) {}
    return scope
  }

  /// Removes the dead entries and schedules the next sweep; returns what must be released outside
  /// the lock.
  private static func removeDead(_ state: inout State) -> [ObjectIdentifier: Entry] {
    defer { state.recordsUntilSweep = max(1, state.entries.count) }
    guard state.entries.values.contains(where: { $0.object == nil }) else { return [:] }
    // The old table goes back to the caller to be released outside the lock: it holds the last
    // references to the dead entries' values (including any whose object died during the filter).
    let old = state.entries
    state.entries = old.filter { $0.value.object != nil }
    return old
  }
}

extension DependencyValues {
  /// Records that the scope of these values returned `result`, when it is an object, for
  /// `withDependencies(from:)`.
  @inlinable @inline(__always)
  func _recordScope<R>(ofResult result: R) {
    if R.self is AnyClass {
      _recordScope(of: result as AnyObject)
    }
  }

  @usableFromInline @inline(never)
  func _recordScope(of object: AnyObject) {
    _ObjectScopes.shared.record(object, self)
  }
}
