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
/// - **When**: at the next recording after the number of entries has grown past twice the number
///   that survived the previous sweep (and at least `minimumSweep` recordings later), so each
///   recording costs amortised O(1) and the table holds at most about twice the live objects;
///   also on lookup of a dead object's slot, and when `sweep()` is called.
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
    var sweepAt = _ObjectScopes.minimumSweep
  }

  /// The fewest entries a sweep waits for.
  static let minimumSweep = 16

  private let state = _Locked(State())

  /// Remembers that `object` was returned by a scope with `values`.
  func record(_ object: AnyObject, _ values: DependencyValues) {
    let entry = Entry(
      object: object,
      scope: Scope(
        storage: values._storage,
        context: values._contextIsOverridden ? values._context : nil))
    let swept: [Entry] = state.withLock { state in
      state.entries[ObjectIdentifier(object)] = entry
      guard state.entries.count >= state.sweepAt else { return [] }
      return Self.removeDead(&state)
    }
    withExtendedLifetime(swept) {}  // released here, outside the lock: deinits may run
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

  /// Removes every entry whose object is gone.
  func sweep() {
    let swept = state.withLock { Self.removeDead(&$0) }
    withExtendedLifetime(swept) {}
  }

  /// The number of entries, dead or alive (for tests).
  var count: Int { state.withLock { $0.entries.count } }

  /// Removes the dead entries and schedules the next sweep; returns them to be released outside
  /// the lock.
  private static func removeDead(_ state: inout State) -> [Entry] {
    var dead: [Entry] = []
    state.entries = state.entries.filter { _, entry in
      guard entry.object == nil else { return true }
      dead.append(entry)
      return false
    }
    state.sweepAt = max(minimumSweep, 2 * state.entries.count)
    return dead
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
