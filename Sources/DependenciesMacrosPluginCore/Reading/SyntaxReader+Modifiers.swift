extension SyntaxReader {
  package static let accessModifiers: Set<String> = [
    "public", "private", "fileprivate", "internal", "package", "open",
  ]

  private static let otherModifiers: Set<String> = [
    "static", "class", "final", "override", "mutating", "nonmutating", "lazy", "weak", "unowned",
    "optional", "required", "convenience", "dynamic", "indirect", "prefix", "postfix", "infix",
    "nonisolated", "distributed", "consuming", "borrowing", "__consuming", "__owned", "__shared",
    "isolated", "_const", "unsafe", "__setter_access", "_compilerInitialized", "reasync",
    "rethrows", "actor", "transferring", "sending",
  ]

  /// Keywords that start a declaration (after its attributes and modifiers).
  package static let declarationKeywords: Set<String> = [
    "var", "let", "func", "init", "deinit", "subscript", "struct", "class", "enum", "actor",
    "protocol", "extension", "typealias", "associatedtype", "case", "import", "operator",
    "precedencegroup", "macro",
  ]

  /// Whether `word` is spelled like a modifier.
  static func isModifierWord(_ word: String) -> Bool {
    accessModifiers.contains(word) || otherModifiers.contains(word)
  }

  /// Whether the cursor is at a modifier (and not at an identifier that happens to be spelled
  /// like one).
  package func isAtModifier() -> Bool {
    let token = cursor.current
    guard token.kind == .identifier else { return false }
    let text = cursor.currentText
    guard Self.accessModifiers.contains(text) || Self.otherModifiers.contains(text) else {
      return false
    }
    let next = cursor.peek()
    let nextText = cursor.text(next)
    if text == "class" || text == "actor" {
      // `class var`, `class func` (a modifier) versus `class Foo` (a declaration).
      return next.kind == .identifier
        && (Self.declarationKeywords.contains(nextText) || Self.accessModifiers.contains(nextText)
          || Self.otherModifiers.contains(nextText))
        && nextText != "class"
    }
    if next.kind == .punctuation, nextText == "(" {
      // `private(set)`, `nonisolated(unsafe)`; `open(file)` is a call.
      return !next.triviaBefore
        && ["set", "unsafe", "safe", "nonsending"].contains(cursor.text(cursor.peek(2)))
        && cursor.isAt(")", ahead: 3)
    }
    return next.kind == .identifier || (next.kind == .punctuation && nextText == "@")
  }

  /// Reads the modifiers at the cursor (possibly none).
  package mutating func readModifiers() throws(ReadError) -> [Modifier] {
    var modifiers: [Modifier] = []
    while isAtModifier() {
      let start = cursor.current.start
      let name = cursor.currentText
      cursor.advance()
      var detail: String?
      if cursor.isAt("("), !cursor.current.triviaBefore {
        cursor.advance()
        guard cursor.current.kind == .identifier else {
          throw ReadError("expected a name in '\(name)(…)'", at: cursor.current.range)
        }
        detail = cursor.currentText
        cursor.advance()
        try cursor.expect(")", "after '\(name)(\(detail ?? ""))'")
      }
      modifiers.append(Modifier(name: name, detail: detail, range: start..<cursor.previousEnd))
    }
    return modifiers
  }
}
