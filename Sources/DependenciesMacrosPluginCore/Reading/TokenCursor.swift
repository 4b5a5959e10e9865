import SwiftSourceLexing

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

  /// Whether the current token is the keyword `keyword` (an identifier spelled so; a
  /// backquoted name is not a keyword).
  package func isAt(_ keyword: Keyword) -> Bool {
    current.kind == .identifier && currentText == keyword.rawValue
  }

  /// The keyword the current token spells, if it is one.
  package var currentKeyword: Keyword? {
    current.kind == .identifier ? Keyword(currentText) : nil
  }

  /// The keyword `token` spells, if it is one.
  package func keyword(_ token: Token) -> Keyword? {
    token.kind == .identifier ? Keyword(text(token)) : nil
  }

  /// Consumes the current token if it is the keyword `keyword`.
  @discardableResult
  package mutating func consume(_ keyword: Keyword) -> Bool {
    guard isAt(keyword) else { return false }
    advance()
    return true
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
  /// token. Fails on a closing bracket that does not match, and on brackets nested deeper than
  /// ``MaximumNestingLevel`` (it keeps its own stack of open brackets, so no depth of nesting
  /// takes the reader's stack).
  package mutating func skipBalanced() throws(ReadError) {
    guard current.kind == .punctuation, let first = Self.closing(of: source.bytes[current.start])
    else {
      if current.kind == .punctuation, Self.isClosing(source.bytes[current.start]) {
        throw ReadError("unexpected '\(currentText)'", at: current.range)
      }
      advance()
      return
    }
    var open: [(token: Token, closing: UInt8)] = [(current, first)]
    advance()
    while let innermost = open.last {
      let token = current
      if isAtEnd {
        throw ReadError("'\(text(innermost.token))' is never closed", at: innermost.token.range)
      }
      if token.kind == .punctuation {
        let byte = source.bytes[token.start]
        if byte == innermost.closing {
          open.removeLast()
        } else if let closing = Self.closing(of: byte) {
          guard open.count < MaximumNestingLevel.value else {
            throw .nestingLimit("brackets", at: token.range)
          }
          open.append((token, closing))
        } else if Self.isClosing(byte) {
          throw ReadError("unexpected '\(text(token))'", at: token.range)
        }
      }
      advance()
    }
  }

  /// The closing bracket of an opening one.
  private static func closing(of byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "("): UInt8(ascii: ")")
    case UInt8(ascii: "["): UInt8(ascii: "]")
    case UInt8(ascii: "{"): UInt8(ascii: "}")
    default: nil
    }
  }

  private static func isClosing(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: ")") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}")
  }
}
