/// Answers the compiler's messages, one at a time, remembering the compiler's protocol version.
package struct PluginMessageHandler {
  /// The version the compiler announced with `getCapability` (0 until then, as swift-syntax
  /// assumes for compilers that never send it).
  package private(set) var hostProtocolVersion = 0

  package init() {}

  /// The reply to one message; fails for a message that is not one of the protocol's.
  package mutating func reply(to json: JSON) throws(HostMessage.DecodingError) -> JSON {
    switch try HostMessage(json) {
    case .getCapability(let version):
      if let version { hostProtocolVersion = version }
      return PluginReply.capability()

    case .expandAttachedMacro(let macro, let input):
      let expansion =
        Macros.expandAttached(typeName: macro.typeName, input)
        ?? Self.unknownMacro(macro, at: input.attribute)
      // Accessors of a property without an accessor block come wrapped in braces.
      var wrapAccessors = false
      if input.role == .accessor,
        case .variable(let property)? = try? SyntaxReader.readDeclaration(input.declaration)
      {
        wrapAccessors = property.bindings.first?.accessorBlock == nil
      }
      return PluginReply.expansion(
        expansion, role: input.role, attached: true, wrapAccessors: wrapAccessors,
        hostProtocolVersion: hostProtocolVersion)

    case .expandFreestandingMacro(let macro, let input):
      let expansion =
        Macros.expandFreestanding(typeName: macro.typeName, input)
        ?? Self.unknownMacro(macro, at: input.syntax)
      return PluginReply.expansion(
        expansion, role: input.role ?? .declaration, attached: false, wrapAccessors: false,
        hostProtocolVersion: hostProtocolVersion)

    case .loadPluginLibrary(let path, _):
      return PluginReply.libraryNotLoaded(path)
    }
  }

  /// An expansion of a macro this plugin does not implement: an error where it is used.
  private static func unknownMacro(
    _ macro: HostMessage.MacroReference, at source: SourceText
  ) -> MacroExpansion {
    let tokens = (try? Lexer.tokenize(source)) ?? []
    let start = tokens.first?.start ?? 0
    return MacroExpansion(
      pieces: nil,
      diagnostics: [
        Diagnostic(
          .error,
          "macro type '\(macro.moduleName).\(macro.typeName)' not found when expanding macro "
            + "'\(macro.name)'",
          at: SourceRange(source, start..<(tokens.dropLast().last?.end ?? start)))
      ])
  }
}
