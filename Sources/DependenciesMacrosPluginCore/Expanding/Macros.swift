/// The macros this plugin implements, by the type names the `DependenciesMacros` module's
/// `#externalMacro` declarations give.
package enum Macros {
  /// Expands an attached macro; nil for a type name this plugin does not have.
  package static func expandAttached(
    typeName: String, _ input: AttachedMacroInput
  ) -> MacroExpansion? {
    switch typeName {
    case "DependencyClientMacro": return DependencyClientMacro.expand(input)
    case "DependencyEndpointMacro": return DependencyEndpointMacro.expand(input)
    case "DependencyEndpointIgnoredMacro": return MacroExpansion(pieces: [], diagnostics: [])
    case "DependencyEntryMacro": return DependencyEntryMacro.expand(input)
    case "DependencyEntryDefaultValueMacro": return DependencyEntryDefaultValueMacro.expand(input)
    default: return nil
    }
  }

  /// Expands a freestanding macro; nil for a type name this plugin does not have.
  package static func expandFreestanding(
    typeName: String, _ input: FreestandingMacroInput
  ) -> MacroExpansion? {
    guard let message = IsolationCheckMacros.messages[typeName] else { return nil }
    return IsolationCheckMacros.expand(input, message: message)
  }
}
