/// The default values one scope keeps: those whose computation read one of its overrides (see
/// `_DefaultReader`, which decides which scope keeps a default and finds it again).
///
/// A scope-kept default is never cached for everyone — another scope must not see one request's
/// values — but every read that agrees with what it read gets it: reads in the scope, in scopes
/// nested in it that override none of what it read, in its child tasks, through a model that
/// captured the scope, for as long as anything holds the scope:
///
/// ```swift
/// withDependencies { $0.requestID = 42 } operation: {
///   @Dependency(Session.self) var first   // Session.liveValue reads \.requestID: kept here
///   @Dependency(Session.self) var second  // the same instance
/// }
/// @Dependency(Session.self) var outside   // not that instance: computed from the root's values
/// ```
///
/// Values are kept per key, context and cache (reads with another cache, such as another test's,
/// never share them), and each with the reads it was computed from: a scope may keep several values
/// of one entry, for readers that disagree on what they read (a model read from different scopes).
/// When two reads compute one at once, the first kept wins and both return it.
struct _ScopeDefaults {
  /// A value's place: the cache entry it stands in for, in which cache.
  struct Place: Hashable {
    let entry: _CacheEntryID
    let cache: ObjectIdentifier
  }

  /// The values kept, by place; nil until the first (most scopes never keep one).
  private var kept: [Place: [_KeptDefault]]?

  /// Whether no value is kept.
  @inline(__always) var isEmpty: Bool { kept == nil }

  /// The value kept at `place` that `isValid` accepts, if any.
  func value(at place: Place, where isValid: (_KeptDefault) -> Bool) -> _KeptDefault? {
    kept?[place]?.first(where: isValid)
  }

  /// Keeps `value` at `place`, unless one that `isValid` accepts is kept there already (kept
  /// first by another read); returns the one kept, and the values it stopped keeping (those that
  /// read a scope that is gone), for the caller to release outside the lock.
  mutating func keep(
    _ value: _KeptDefault, at place: Place, where isValid: (_KeptDefault) -> Bool
  ) -> (kept: _KeptDefault, dropped: [_KeptDefault]) {
    var values = kept?[place] ?? []
    if let first = values.first(where: isValid) { return (first, []) }
    let dropped = values.filter(\.readsAScopeThatIsGone)
    values.removeAll(where: \.readsAScopeThatIsGone)
    values.append(value)
    if kept == nil { kept = [:] }
    kept?[place] = values
    return (value, dropped)
  }

  /// The kept values that need shutting down, latest kept first (a value kept later may have read
  /// one kept earlier).
  var shutdownables: [_KeptDefault] {
    (kept ?? [:]).values.joined().filter { $0.box.shutdownable != nil }.sorted {
      $0.order > $1.order
    }
  }

  /// Shuts down `values` (released with their scope) in the background, one after the other, each
  /// within `_ShutdownPlan.releasedCacheTimeout`; failures and timeouts are reported as the
  /// background shutdowns of released caches are.
  static func shutDownInBackground(_ values: [_KeptDefault]) {
    _ = _BackgroundShutdowns.start {
      for kept in values {
        guard let value = kept.box.shutdownable else { continue }
        let (outcome, _) = await _ShutdownPlan.shutDown(
          value, timeout: _ShutdownPlan.releasedCacheTimeout, inBackground: true)
        _ShutdownReporting.background.report(
          outcome, of: kept.name, site: kept.site, timeout: _ShutdownPlan.releasedCacheTimeout)
      }
    }
  }
}
