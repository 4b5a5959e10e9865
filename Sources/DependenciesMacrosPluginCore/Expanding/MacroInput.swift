/// The role in which the compiler asks a macro to expand.
package enum MacroRole: String, Sendable {
  case expression, declaration, accessor, memberAttribute, member, peer, conformance, codeItem
  case `extension`, preamble, body
}

/// What the compiler sends to expand an attached macro (`@DependencyClient struct …`).
package struct AttachedMacroInput: Sendable {
  package var role: MacroRole
  /// The attribute, `@DependencyClient` or `@DependencyEntry(liveValue: …)`.
  package var attribute: SourceText
  /// The declaration the attribute is attached to (for a member-attribute expansion, the member).
  package var declaration: SourceText
  /// For a member-attribute expansion, the type whose member ``declaration`` is.
  package var parent: SourceText?
  /// The declarations around the expansion, innermost first, with empty bodies
  /// (`extension DependencyValues {}`).
  package var lexicalContext: [SourceText]

  package init(
    role: MacroRole, attribute: SourceText, declaration: SourceText, parent: SourceText? = nil,
    lexicalContext: [SourceText] = []
  ) {
    self.role = role
    self.attribute = attribute
    self.declaration = declaration
    self.parent = parent
    self.lexicalContext = lexicalContext
  }
}

/// What the compiler sends to expand a freestanding macro (`#IsolationCheck(…)`).
package struct FreestandingMacroInput: Sendable {
  package var role: MacroRole?
  /// The whole expansion, `#IsolationCheck(client: probe)`.
  package var syntax: SourceText

  package init(role: MacroRole?, syntax: SourceText) {
    self.role = role
    self.syntax = syntax
  }
}
