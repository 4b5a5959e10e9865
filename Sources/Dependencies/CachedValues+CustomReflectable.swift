extension CachedValues: CustomReflectable {
  /// What reflection shows of the cache: the keys whose values it holds, each with the context it
  /// holds it for, in the order they were cached, read under the cache's lock (a value being
  /// computed meanwhile is in it or not, never half). Never the objects the library keeps behind
  /// it — the cache, its lock, the overrides its defaults started from — nor the values: a `dump`
  /// reads nothing and copies nothing that a read could be changing.
  ///
  /// ```swift
  /// @_spi(Internals) import Dependencies
  ///
  /// dump(DependencyValues._current.cachedValues)
  /// // ▿ CachedValues #0
  /// //   ▿ cached: 2 elements
  /// //     - "Database (live)"
  /// //     - "SessionStore (live)"
  /// ```
  public var customMirror: Mirror {
    Mirror(
      self, children: ["cached": (cache ?? _TestCaches.processCache).heldKeyNames],
      displayStyle: .class)
  }
}

extension _LiveValueCache {
  /// The keys whose values this cache holds and serves, with their contexts, in the order they
  /// were cached: `Database (live)`. A value it set aside (replaced, or emptied by a reset) is not
  /// among them.
  fileprivate var heldKeyNames: [String] {
    let entries = state.withLock { state in
      state.lifecycle.nodes.compactMap { $0.entry.generation == 0 ? $0.entry : nil }
    }
    return entries.map { entry in
      let key = ReportedTypeName.withoutModules(unsafeBitCast(entry.key, to: Any.Type.self))
      let context = DependencyContext(_rawValue: entry.context).map { "\($0)" } ?? "?"
      return "\(key) (\(context))"
    }
  }
}
