/// A position in a token list, with the few moves the readers need.
///
/// Operator tokens can be consumed one character at a time (``consumeOperatorCharacter(_:)``):
/// the lexer reads `>>` in `Array<Array<Int>>`, `?>` in `Array<Int?>` or `>=` in
/// `var x: Set<Int>= []` as one operator, and a type reader takes them apart, as Swift does.
package struct TokenCursor {
  package let source: SourceText
  package let tokens: [Token]
  package private(set) var index = 0
  /// Bytes of the current (operator) token already consumed.
  private var split = 0

  package init(source: SourceText, tokens: [Token]) {
    self.source = source
    self.tokens = tokens
  }

  /// The cursor over all of `source`.
  package init(_ source: SourceText) throws(ReadError) {
    self.init(source: source, tokens: try Lexer.tokenize(source))
  }

  /// The current token; after a split, the rest of the operator token.
  package var current: Token {
    var token = tokens[index]
    if split > 0 {
      token.start += split
      token.newlineBefore = false
      token.triviaBefore = false
    }
    return token
  }

  /// The token `offset` tokens ahead (0 is ``current``).
  package func peek(_ offset: Int = 1) -> Token {
    offset == 0 ? current : tokens[min(index + offset, tokens.count - 1)]
  }

  package var isAtEnd: Bool { tokens[index].kind == .endOfFile }

  /// The end of the previous token: where a construct that ends before ``current`` ends.
  package var previousEnd: Int {
    split > 0 ? tokens[index].start + split : (index > 0 ? tokens[index - 1].end : 0)
  }

  package func text(_ token: Token) -> String { source.text(token.range) }

  package var currentText: String { text(current) }

  /// Whether the current token is `text` exactly (an identifier, keyword or punctuation).
  package func isAt(_ text: String) -> Bool {
    current.kind != .string && current.kind != .endOfFile && currentText == text
  }

  /// Whether the token `offset` ahead is `text` exactly.
  package func isAt(_ text: String, ahead offset: Int) -> Bool {
    let token = peek(offset)
    return token.kind != .string && token.kind != .endOfFile && self.text(token) == text
  }

  package mutating func advance() {
    guard !isAtEnd else { return }
    split = 0
    index += 1
  }

  /// Consumes the current token if it is `text`.
  @discardableResult
  package mutating func consume(_ text: String) -> Bool {
    guard isAt(text) else { return false }
    advance()
    return true
  }

  /// Consumes `text` or fails with "expected '`text`' <context>".
  package mutating func expect(_ text: String, _ context: String) throws(ReadError) {
    guard consume(text) else {
      throw ReadError("expected '\(text)' \(context)", at: current.range)
    }
  }

  /// Consumes the first character of an operator token when it is `character`.
  package mutating func consumeOperatorCharacter(_ character: UInt8) -> Bool {
    let token = current
    guard token.kind == .operator, source.bytes[token.start] == character else { return false }
    if token.end - token.start == 1 {
      advance()
    } else {
      split += 1
    }
    return true
  }

  /// Whether the current token is an operator starting with `character`.
  package func isAtOperatorCharacter(_ character: UInt8) -> Bool {
    current.kind == .operator && source.bytes[current.start] == character
  }

  /// Moves back to a position saved from ``index`` (for lookahead).
  package mutating func rewind(to index: Int) {
    self.index = index
    split = 0
  }

  /// At an opening bracket, skips to after its matching closing bracket; elsewhere, skips one
  /// token. Fails on a closing bracket that does not match.
  package mutating func skipBalanced() throws(ReadError) {
    let opening = current
    guard let closing = Self.closing[currentText], opening.kind == .punctuation else {
      if opening.kind == .punctuation, Self.closing.values.contains(currentText) {
        throw ReadError("unexpected '\(currentText)'", at: opening.range)
      }
      advance()
      return
    }
    advance()
    while !isAt(closing) {
      if isAtEnd {
        throw ReadError("'\(text(opening))' is never closed", at: opening.range)
      }
      try skipBalanced()
    }
    advance()
  }

  private static let closing = ["(": ")", "[": "]", "{": "}"]
}
