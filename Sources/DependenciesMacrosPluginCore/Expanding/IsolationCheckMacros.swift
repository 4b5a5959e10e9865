/// The freestanding macros the expansions of `@DependencyClient` and `@DependencyEntry` use to
/// check isolation and `Sendable`, as the classic macros do. The compiler picks an overload of
/// `#IsolationCheck` by the type of its argument (a probe function that takes the isolation of
/// the client's initializer, or the entry's key path); the overloads that mean a problem report
/// it, the others expand to nothing.
enum IsolationCheckMacros {
  /// Type names (as `#externalMacro` declares them) and what each reports, if anything.
  static let messages: [String: String?] = [
    "DependencyEntryIsolationCheckMacro": nil,
    "DependencyEntryMainActorIsolationCheckMacro":
      "entry must be 'nonisolated var' when default isolation is '@MainActor'",
    "DependencyClientMainActorCheckMacro":
      "client must be 'nonisolated struct' when default isolation is '@MainActor'",
    "DependencyEntrySendableCheckMacro": "entry value must be 'Sendable'",
  ]

  static func expand(_ input: FreestandingMacroInput, message: String?) -> MacroExpansion {
    guard let message else { return MacroExpansion(pieces: [], diagnostics: []) }
    let tokens = (try? Lexer.tokenize(input.syntax)) ?? []
    let start = tokens.first?.start ?? 0
    let end = tokens.dropLast().last?.end ?? start
    return MacroExpansion(
      pieces: [],
      diagnostics: [Diagnostic(.error, message, at: SourceRange(input.syntax, start..<end))])
  }
}
