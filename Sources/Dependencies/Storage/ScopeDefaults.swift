import CDependencies

/// The default values that belong to one `withDependencies` scope: those computed, inside the
/// scope, from its overrides (see `DependencyValues._computeDefault`). They are never cached for
/// everyone — another scope must not see one request's values — but within their own scope, reads
/// share them, as classic users expect of a stateful default:
///
/// ```swift
/// withDependencies { $0.requestID = 42 } operation: {
///   @Dependency(Session.self) var first   // Session.liveValue reads \.requestID: computed here
///   @Dependency(Session.self) var second  // the same instance
/// }
/// @Dependency(Session.self) var outside   // not that instance: computed from the root's values
/// ```
///
/// They live in the scope's trie root (`_TrieRoot`), for as long as the operation runs: the
/// `withDependencies` that made the root claims it (`claimAsScopeOfAnOperation`, atomically: a root
/// another operation made and still runs in, such as a model's captured values adopted unchanged by
/// `withDependencies(from:)`, stays that operation's) before binding it, and closes its defaults
/// when the operation returns, releasing them. A value computed in a scope
/// often captures the scope (a `@Dependency` property of the value keeps the root), so the root
/// holding its values is a reference cycle while the operation runs; closing breaks it, and a
/// closed root keeps nothing more: a read after the operation — from a task that outlived it —
/// computes its own value, as a read in any other root does (a root not made by a
/// `withDependencies`, such as the merge of a model's captured values with the current ones).
///
/// The root's slot goes from nil to a `_ScopeDefaults` (+1, on the first value kept) or to
/// `closed` (on closing while empty), once (`dck_published_set`); a `_ScopeDefaults` closes under
/// its lock. Values are kept per key, context and cache (reads with another cache, such as another
/// test's, through the same root never share them); when two reads compute one at once, the first
/// kept wins and both return it.
final class _ScopeDefaults: Sendable {
  /// A value's place: the cache entry it stands in for, in which cache.
  private struct Place: Hashable {
    let entry: _CacheEntryID
    let cache: ObjectIdentifier
  }

  private struct State {
    var values: [Place: AnyObject] = [:]
    /// The caches of the kept values, held so that no other cache takes one's address (and so its
    /// values) while they are kept.
    var caches: [ObjectIdentifier: _LiveValueCache] = [:]
    var isOpen = true
  }

  private let state = _Locked(State())

  /// The slot value of a root whose defaults are closed.
  static var closed: UnsafeMutableRawPointer { UnsafeMutableRawPointer(bitPattern: 1)! }

  /// The value kept for `entry` of `cache` in the scope of `root`, if any.
  static func value<Value: Sendable>(
    of _: Value.Type, for entry: _CacheEntryID, of cache: _LiveValueCache, in root: _TrieRoot
  ) -> Value? {
    guard let defaults = existing(in: root) else { return nil }
    let place = Place(entry: entry, cache: ObjectIdentifier(cache))
    return defaults.state.withLock { $0.values[place] }.map {
      unsafeDowncast($0, to: _DependencyBox<Value>.self).value
    }
  }

  /// Keeps `value` for `entry` of `cache` in the scope of `root` while the operation runs; returns
  /// the value the scope holds for it from now on: `value`, or one kept first by another read (nil
  /// when the scope keeps nothing: not an operation's, or closed).
  static func keep<Value: Sendable>(
    _ value: Value, for entry: _CacheEntryID, of cache: _LiveValueCache, in root: _TrieRoot
  ) -> Value? {
    guard root.isScopeOfAnOperation, let defaults = existingOrNew(in: root) else { return nil }
    let box = _DependencyBox(value)
    let place = Place(entry: entry, cache: ObjectIdentifier(cache))
    let kept: AnyObject? = defaults.state.withLock { state in
      guard state.isOpen else { return nil }
      if let first = state.values[place] { return first }
      state.values[place] = box
      state.caches[place.cache] = cache
      return box
    }
    return kept.map { unsafeDowncast($0, to: _DependencyBox<Value>.self).value }
  }

  /// Closes the defaults of `root`'s scope: the operation returned. Releases them (deinits may
  /// run: outside the lock).
  static func close(in root: _TrieRoot) {
    let slot = root.scopeDefaultsSlotAddress
    if dck_published_set(slot, closed) { return }
    guard let defaults = existing(in: root) else { return }
    let kept = defaults.state.withLock { state in
      state.isOpen = false
      defer {
        state.values = [:]
        state.caches = [:]
      }
      return (state.values, state.caches)
    }
    withExtendedLifetime(kept) {}
  }

  /// The root's `_ScopeDefaults`, if it has one (nil for none or closed).
  private static func existing(in root: _TrieRoot) -> _ScopeDefaults? {
    guard let pointer = dck_published_get(root.scopeDefaultsSlotAddress), pointer != closed
    else { return nil }
    return Unmanaged<_ScopeDefaults>.fromOpaque(pointer).takeUnretainedValue()
  }

  /// The root's `_ScopeDefaults`, made on first use; nil when closed.
  private static func existingOrNew(in root: _TrieRoot) -> _ScopeDefaults? {
    if let defaults = existing(in: root) { return defaults }
    let new = Unmanaged.passRetained(_ScopeDefaults())
    if dck_published_set(root.scopeDefaultsSlotAddress, new.toOpaque()) {
      return new.takeUnretainedValue()
    }
    new.release()  // another read published first, or the scope closed
    return existing(in: root)
  }

  /// Gives back the slot's reference, when it holds one (the root's deinit).
  static func release(_ slot: UnsafeMutableRawPointer?) {
    guard let slot, slot != closed else { return }
    Unmanaged<_ScopeDefaults>.fromOpaque(slot).release()
  }
}
