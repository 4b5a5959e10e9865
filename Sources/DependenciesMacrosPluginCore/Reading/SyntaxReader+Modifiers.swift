import SwiftSourceLexing

extension SyntaxReader {
  /// The access-level modifiers, by name (for the expansions, which compare modifiers' names).
  package static let accessModifiers: Set<String> = Set(Keyword.accessModifiers.map(\.rawValue))

  /// Whether the cursor is at a modifier (and not at an identifier that happens to be spelled
  /// like one).
  package func isAtModifier() -> Bool {
    guard let keyword = cursor.currentKeyword, keyword.isModifier else { return false }
    let next = cursor.peek()
    let nextText = cursor.text(next)
    if keyword == .class || keyword == .actor {
      // `class var`, `class func` (a modifier) versus `class Foo` (a declaration).
      guard let nextKeyword = cursor.keyword(next) else { return false }
      return (Keyword.declarationIntroducers.contains(nextKeyword) || nextKeyword.isModifier)
        && nextKeyword != .class
    }
    if next.kind == .punctuation, nextText == "(" {
      // `private(set)`, `nonisolated(unsafe)`; `open(file)` is a call.
      return !next.triviaBefore
        && cursor.keyword(cursor.peek(2)).map(Keyword.modifierDetails.contains) == true
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
