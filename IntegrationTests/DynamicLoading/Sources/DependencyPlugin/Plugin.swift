import Dependencies

/// A dependency with a live default, cached by the core on first read.
private enum GreetingKey: DependencyKey {
  static let liveValue = 42
}

extension DependencyValues {
  fileprivate var greeting: Int {
    get { self[GreetingKey.self] }
    set { self[GreetingKey.self] = newValue }
  }
}

private struct Reader {
  @Dependency(\.greeting) var greeting
}

/// The default, read twice through `@Dependency` (the second read hits the cache): 42.
@_cdecl("plugin_read_default")
public func pluginReadDefault() -> Int {
  let first = Reader().greeting
  let second = Reader().greeting
  return first == second ? second : -1
}

/// The value read inside `withDependencies` that overrides it with `value`.
@_cdecl("plugin_read_overridden")
public func pluginReadOverridden(_ value: Int) -> Int {
  withDependencies {
    $0.greeting = value
  } operation: {
    Reader().greeting
  }
}
