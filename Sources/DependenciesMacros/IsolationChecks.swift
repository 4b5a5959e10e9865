// Checks the expansions of @DependencyClient and @DependencyEntry run in debug builds. The
// compiler picks an overload by the type of the argument: a probe function that takes the
// isolation of the client's initializer (or the entry's getter), or the entry's key path. The
// overloads that mean a problem (the probe is @MainActor, the value is not Sendable) report it;
// the others expand to nothing. Used only by expansions; not API.

/// Expands to nothing: the probe is not isolated to the main actor.
@_documentation(visibility: private)
@freestanding(declaration)
public macro IsolationCheck(_: () -> Void) =
  #externalMacro(module: "DependenciesMacrosPlugin", type: "DependencyEntryIsolationCheckMacro")

/// Reports that an entry's getter is isolated to the main actor.
@_documentation(visibility: private)
@freestanding(declaration)
public macro IsolationCheck(_: @MainActor () -> Void) =
  #externalMacro(
    module: "DependenciesMacrosPlugin", type: "DependencyEntryMainActorIsolationCheckMacro")

/// Expands to nothing: the entry's value is `Sendable`.
@_documentation(visibility: private)
@freestanding(declaration)
public macro IsolationCheck<Root, Value: Sendable>(keyPath: KeyPath<Root, Value>) =
  #externalMacro(module: "DependenciesMacrosPlugin", type: "DependencyEntryIsolationCheckMacro")

/// Reports that an entry's value is not `Sendable`.
@_documentation(visibility: private)
@freestanding(declaration)
public macro IsolationCheck<Root, Value>(keyPath: KeyPath<Root, Value>) =
  #externalMacro(module: "DependenciesMacrosPlugin", type: "DependencyEntrySendableCheckMacro")

/// Expands to nothing: the client's initializer is not isolated to the main actor.
@_documentation(visibility: private)
@freestanding(declaration)
public macro IsolationCheck(client: () -> Void) =
  #externalMacro(module: "DependenciesMacrosPlugin", type: "DependencyEntryIsolationCheckMacro")

/// Reports that a client's initializer is isolated to the main actor.
@_documentation(visibility: private)
@freestanding(declaration)
public macro IsolationCheck(client: @MainActor () -> Void) =
  #externalMacro(module: "DependenciesMacrosPlugin", type: "DependencyClientMainActorCheckMacro")

/// Type-checks an entry's `liveValue:` against the property's type, at the attribute.
@_documentation(visibility: private)
@freestanding(declaration)
public macro TypeCheck<Root, Value>(
  _: KeyPath<Root, Value>,
  liveValue: @autoclosure @MainActor () -> Value
) = #externalMacro(module: "DependenciesMacrosPlugin", type: "DependencyEntryIsolationCheckMacro")

/// Type-checks an entry's `previewValue:` against the property's type, at the attribute.
@_documentation(visibility: private)
@freestanding(declaration)
public macro TypeCheck<Root, Value>(
  _: KeyPath<Root, Value>,
  previewValue: @autoclosure @MainActor () -> Value
) = #externalMacro(module: "DependenciesMacrosPlugin", type: "DependencyEntryIsolationCheckMacro")
