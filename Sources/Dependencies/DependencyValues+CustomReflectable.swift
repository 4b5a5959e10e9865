extension DependencyValues: CustomReflectable {
  /// What reflection shows of the values: their context and the keys they override, by name. Never
  /// the objects the library keeps behind them (the scope holding the overrides, the cache of
  /// defaults): those are the library's to free or use again once nothing of the library holds them,
  /// and a reference formed to one through reflection would outlive them. Nothing is read (a read
  /// may compute a default, or report an issue in a test).
  ///
  /// ```swift
  /// withDependencies { $0.uuid = .incrementing } operation: {
  ///   dump(DependencyValues._current)
  ///   // ▿ DependencyValues
  ///   //   - context: live
  ///   //   ▿ overrides: 1 element
  ///   //     - "UUIDGeneratorKey"
  /// }
  /// ```
  public var customMirror: Mirror {
    Mirror(
      self,
      children: [
        "context": _context, "overrides": _overrides.scope?.overriddenKeyNames ?? [],
      ],
      displayStyle: .struct)
  }
}
