import CDependencies

/// The setter of a key path that names one settable computed property without arguments — the
/// shape of every `DependencyValues` property a dependency is registered with (`\.apiClient`) —
/// found in the key path object beside its getter (see `_KeyPathGetter`), so that the property can
/// be set without its getter running.
///
/// Swift sets a value through a key path by running the component's getter, then its setter: on a
/// `DependencyValues` property, that computes the default of the key being overridden. The setter
/// found here is the one the runtime calls for that component (`dck_keypath_setter_call` says how),
/// so calling it alone runs exactly the code `$0.apiClient = value` runs. Used by the test trait
/// `.dependency(\.key, value)` (through `DependencyValues._set(_:to:)`) and by the dependency graph
/// (`_DeclaredKeyPath`); any other shape of key path has none, and is set by Swift.
struct _KeyPathSetter: @unchecked Sendable {
  // @unchecked Sendable: both pointers name immutable memory of a key path object that whoever
  // holds this setter keeps alive.

  /// The component's setter: a key-path setter (`@convention(thin)`, Swift calling convention).
  private let setter: UnsafeRawPointer
  /// The component's accessor area, which the runtime passes to the setter.
  private let accessors: UnsafeRawPointer

  /// The setter of `keyPath`, when it is one settable computed property without arguments and the
  /// layout check passed; nil otherwise. `keyPath` must outlive every use of the result.
  init?<Root, Value>(_ keyPath: KeyPath<Root, Value>) {
    guard _KeyPathGetter.layoutIsKnown,
      let component = _KeyPathGetter.component(of: keyPath), let setter = component.setter
    else { return nil }
    self.setter = setter
    self.accessors = component.accessors
  }

  /// Calls the setter on `root`, with `value` (which the setter copies).
  func set<Root, Value>(_ value: Value, in root: inout Root) {
    withUnsafePointer(to: value) { value in
      withUnsafeMutablePointer(to: &root) { dck_keypath_setter_call(setter, accessors, value, $0) }
    }
  }
}

extension DependencyValues {
  /// Sets the dependency at `keyPath` to `value` as `$0.key = value` would: by the property's
  /// setter alone, without its getter, so that the default of the key it overrides is not computed.
  /// A key path of another shape (`\.date.now`, which must read the date generator to change it) is
  /// applied as Swift applies it. For the test trait `.dependency(\.key, value)`.
  package mutating func _set<Value>(
    _ keyPath: WritableKeyPath<DependencyValues, Value>, to value: Value
  ) {
    guard let setter = _KeyPathSetter(keyPath) else {
      self[keyPath: keyPath] = value
      return
    }
    withExtendedLifetime(keyPath) { setter.set(value, in: &self) }
  }
}
