/// Declares a dependency on `DependencyValues` in one line: the macro writes the key type and the
/// accessors.
///
/// ```swift
/// extension DependencyValues {
///   @DependencyEntry var apiClient: any APIClient = MockAPIClient()
/// }
/// ```
///
/// The property's value is the key's `testValue`. With a `liveValue:` argument the key is a
/// `DependencyKey` with that live value (otherwise a `TestDependencyKey`, whose live value is
/// provided elsewhere, e.g. by the application target); `previewValue:` gives the preview value:
///
/// ```swift
/// extension DependencyValues {
///   @DependencyEntry(liveValue: LiveAPIClient(), previewValue: PreviewAPIClient())
///   var apiClient: any APIClient = MockAPIClient()
/// }
/// ```
///
/// With a `liveValue:`, the property needs no value of its own: `@DependencyEntry(liveValue:
/// LiveAPIClient()) var apiClient: any APIClient`. Without a type annotation the values' type is
/// the property value's type.
///
/// The key type is private and named `__Key_apiClient`, unless the property is `public` or
/// `package`: then the key has the property's access and a name other modules can use, derived
/// from the property's type (`any APIClient` gives `APIClientKey`) or its name (`ApiClientKey`),
/// or given by the first argument, which must be a string literal:
///
/// ```swift
/// extension DependencyValues {
///   @DependencyEntry("APIClientKey")
///   public var apiClient: any APIClient = MockAPIClient()
/// }
/// ```
///
/// In debug builds the macro checks that the value is `Sendable` ("entry value must be
/// 'Sendable'") and that the property is not isolated to the main actor by a module's default
/// isolation ("entry must be 'nonisolated var' when default isolation is '@MainActor'").
///
/// - Parameters:
///   - liveValue: The value in live contexts.
///   - previewValue: The value in previews.
@attached(accessor, names: named(get), named(set))
@attached(peer, names: arbitrary)
public macro DependencyEntry<LiveValue, PreviewValue>(
  liveValue: LiveValue = (),
  previewValue: PreviewValue = ()
) = #externalMacro(module: "DependenciesMacrosPlugin", type: "DependencyEntryMacro")

/// Declares a dependency on `DependencyValues` whose key type has the name `keyName` when the
/// property is `public` or `package`. See ``DependencyEntry(liveValue:previewValue:)``.
///
/// ```swift
/// extension DependencyValues {
///   @DependencyEntry("APIClientKey", liveValue: LiveAPIClient())
///   public var apiClient: any APIClient = MockAPIClient()
/// }
/// ```
///
/// - Parameters:
///   - keyName: The key type's name, a string literal.
///   - liveValue: The value in live contexts.
///   - previewValue: The value in previews.
@attached(accessor, names: named(get), named(set))
@attached(peer, names: arbitrary)
public macro DependencyEntry<LiveValue, PreviewValue>(
  _ keyName: String,
  liveValue: LiveValue = (),
  previewValue: PreviewValue = ()
) = #externalMacro(module: "DependenciesMacrosPlugin", type: "DependencyEntryMacro")

/// Used by ``DependencyEntry(liveValue:previewValue:)``'s expansion: makes a key's
/// `static var liveValue = value` a computed property with the value's type.
@attached(accessor, names: named(get))
public macro _DependencyEntryDefaultValue() =
  #externalMacro(module: "DependenciesMacrosPlugin", type: "DependencyEntryDefaultValueMacro")
