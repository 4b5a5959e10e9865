/// What a macro produced for one role: the pieces of code (accessors, members, attributes, peer
/// declarations), or a failure, and the diagnostics either way.
package struct MacroExpansion: Sendable {
  /// Nil when the expansion failed; an empty list when the macro has nothing to add.
  package var pieces: [String]?
  package var diagnostics: [Diagnostic]

  package init(pieces: [String]?, diagnostics: [Diagnostic]) {
    self.pieces = pieces
    self.diagnostics = diagnostics
  }

  /// Joins the pieces the way the compiler expects one expansion text for a role, as
  /// swift-syntax's `collapse` does: accessors of a property without an accessor block are wrapped
  /// in braces (indented by four spaces), attributes are separated by spaces, and declarations by
  /// blank lines.
  package func collapsed(role: MacroRole, wrapAccessors: Bool) -> String? {
    guard var pieces, !pieces.isEmpty else { return pieces.map { _ in "" } }
    var separator = "\n\n"
    switch role {
    case .accessor where wrapAccessors:
      pieces = pieces.map { $0.indented(by: "    ") }
      pieces[0] = "{\n" + pieces[0]
      pieces[pieces.count - 1] += "\n}"
      separator = "\n"
    case .memberAttribute:
      separator = " "
    default:
      break
    }
    return pieces.joined(separator: separator)
  }
}

extension MacroExpansion {
  /// Runs one role's expansion: its pieces and the diagnostics it collected, or, when it throws,
  /// no code and the failure's diagnostics after those.
  static func expanding(
    _ body: (inout ExpansionContext) throws(ExpansionFailure) -> [String]
  ) -> MacroExpansion {
    var context = ExpansionContext()
    do throws(ExpansionFailure) {
      let pieces = try body(&context)
      return MacroExpansion(pieces: pieces, diagnostics: context.diagnostics)
    } catch {
      return MacroExpansion(pieces: nil, diagnostics: context.diagnostics + error.diagnostics)
    }
  }
}

extension AttachedMacroInput {
  /// A problem with the declaration, reported once, by the peer expansion: the macros read the
  /// same declaration in each role, and the other roles add nothing (nil) rather than repeat the
  /// error.
  func reportedByPeer<T>(_ failure: ExpansionFailure) throws(ExpansionFailure) -> T? {
    guard role == .peer else { return nil }
    throw failure
  }
}

/// Collects the diagnostics of one expansion; a macro that fails throws ``ExpansionFailure``.
package struct ExpansionContext: Sendable {
  package private(set) var diagnostics: [Diagnostic] = []

  package init() {}

  package mutating func diagnose(_ diagnostic: Diagnostic) {
    diagnostics.append(diagnostic)
  }
}

/// Ends an expansion with these diagnostics (at least one error) and no code.
package struct ExpansionFailure: Error, Sendable {
  package var diagnostics: [Diagnostic]

  package init(_ diagnostics: [Diagnostic]) {
    self.diagnostics = diagnostics
  }

  package init(_ diagnostic: Diagnostic) {
    self.diagnostics = [diagnostic]
  }

  /// The failure for a declaration the reader could not read.
  package init(_ error: ReadError, in source: SourceText, macro: String) {
    let message =
      error.isUnsupportedConstruct
      ? "'@\(macro)' \(error.message)"
      : "'@\(macro)' cannot read this declaration: \(error.message)"
    self.init(Diagnostic(.error, message, at: SourceRange(source, error.range)))
  }
}

extension String {
  /// Every non-empty line prefixed with `indentation`.
  package func indented(by indentation: String) -> String {
    split(separator: "\n", omittingEmptySubsequences: false)
      .map { $0.isEmpty ? "" : indentation + $0 }
      .joined(separator: "\n")
  }
}
