/// Splits Swift source into ``Token``s.
///
/// It knows every literal form whose contents could otherwise be mistaken for code: string
/// literals (single-line, multi-line, raw, with interpolations holding nested strings and
/// closures), regular expression literals, nested block comments, backquoted identifiers. A string
/// literal, with everything inside it, is one token, so brackets inside strings never count as
/// brackets.
///
/// Bare `/regex/` literals are ambiguous with division in Swift; the lexer takes a `/` for the
/// start of one only where an operand may start (after `(`, `,`, `=`, an operator, `return`, …),
/// when it is not followed by whitespace and the line holds a closing `/`, which is how the
/// compiler disambiguates the common cases. Anything it cannot read (an unterminated literal or
/// comment, a stray character, interpolations nested deeper than ``MaximumNestingLevel``) is a
/// ``LexError`` at that place.
///
/// It is the one Swift lexer of this package: the macros' declaration reader and the manifest
/// edit of `swift package switch-from-classic` both read Swift with it.
///
/// ```swift
/// let tokens = try Lexer.tokenize(Array(#"let s = "a { b }""#.utf8))
/// tokens.map(\.kind)  // [.identifier, .identifier, .operator, .string, .endOfFile]
/// ```
package struct Lexer {
  private let bytes: [UInt8]
  private var position = 0
  /// The kind and text of the last token produced, for the `/` and `.0` decisions.
  private var previous: Token?
  /// How many string interpolations the lexer is inside.
  private var interpolationDepth = 0

  private init(_ bytes: [UInt8]) {
    self.bytes = bytes
  }

  /// The tokens of `bytes` (UTF-8 Swift source), ending with one ``Token/Kind/endOfFile`` token.
  package static func tokenize(_ bytes: [UInt8]) throws(LexError) -> [Token] {
    var lexer = Lexer(bytes)
    var tokens: [Token] = []
    while true {
      let token = try lexer.next()
      tokens.append(token)
      if token.kind == .endOfFile { return tokens }
    }
  }

  // MARK: - Tokens

  private mutating func next() throws(LexError) -> Token {
    let triviaStart = position
    let newline = try skipTrivia() || previous == nil
    let start = position
    func make(_ kind: Token.Kind) -> Token {
      Token(
        kind: kind, start: start, end: position, newlineBefore: newline,
        triviaBefore: start > triviaStart)
    }
    guard position < bytes.count else {
      let token = make(.endOfFile)
      previous = token
      return token
    }
    let byte = bytes[position]
    let kind: Token.Kind
    switch byte {
    case _ where Self.isIdentifierHead(byte):
      position += 1
      while position < bytes.count, Self.isIdentifierBody(bytes[position]) { position += 1 }
      kind = .identifier
    case UInt8(ascii: "0")...UInt8(ascii: "9"):
      kind = lexNumber()
    case UInt8(ascii: "\""):
      try lexString(hashes: 0)
      kind = .string
    case UInt8(ascii: "#"):
      kind = try lexPound()
    case UInt8(ascii: "`"):
      try lexBackquotedIdentifier()
      kind = .identifier
    case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "["), UInt8(ascii: "]"),
      UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: ","), UInt8(ascii: ":"),
      UInt8(ascii: ";"), UInt8(ascii: "@"), UInt8(ascii: "\\"):
      position += 1
      kind = .punctuation
    case UInt8(ascii: "."):
      if position + 1 < bytes.count,
        bytes[position + 1] == UInt8(ascii: ".") || Self.isOperatorCharacter(bytes[position + 1])
      {
        position += 1
        while position < bytes.count,
          bytes[position] == UInt8(ascii: ".") || Self.isOperatorCharacter(bytes[position])
        {
          position += 1
        }
        kind = .operator
      } else {
        position += 1
        kind = .punctuation
      }
    case UInt8(ascii: "/") where startsRegex(triviaBefore: start > triviaStart):
      kind = .regex
    case _ where Self.isOperatorCharacter(byte):
      position += 1
      while position < bytes.count, Self.isOperatorCharacter(bytes[position]),
        !startsComment(at: position)
      {
        position += 1
      }
      kind = .operator
    default:
      position += 1
      throw LexError(
        "unexpected character '\(String(decoding: [byte], as: UTF8.self))'", at: start..<position)
    }
    let token = make(kind)
    previous = token
    return token
  }

  /// Skips whitespace and comments; returns whether they held a line break.
  private mutating func skipTrivia() throws(LexError) -> Bool {
    var newline = false
    while position < bytes.count {
      switch bytes[position] {
      case UInt8(ascii: " "), UInt8(ascii: "\t"), 0x0B, 0x0C, 0:
        position += 1
      case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
        newline = true
        position += 1
      case UInt8(ascii: "/") where startsComment(at: position):
        if bytes[position + 1] == UInt8(ascii: "/") {
          while position < bytes.count, bytes[position] != UInt8(ascii: "\n"),
            bytes[position] != UInt8(ascii: "\r")
          {
            position += 1
          }
        } else {
          newline = try skipBlockComment() || newline
        }
      default:
        return newline
      }
    }
    return newline
  }

  private func startsComment(at offset: Int) -> Bool {
    offset + 1 < bytes.count && bytes[offset] == UInt8(ascii: "/")
      && (bytes[offset + 1] == UInt8(ascii: "/") || bytes[offset + 1] == UInt8(ascii: "*"))
  }

  /// Skips a (possibly nested) block comment; returns whether it held a line break.
  private mutating func skipBlockComment() throws(LexError) -> Bool {
    let start = position
    var depth = 0
    var newline = false
    while position < bytes.count {
      if bytes[position] == UInt8(ascii: "/"), position + 1 < bytes.count,
        bytes[position + 1] == UInt8(ascii: "*")
      {
        depth += 1
        position += 2
      } else if bytes[position] == UInt8(ascii: "*"), position + 1 < bytes.count,
        bytes[position + 1] == UInt8(ascii: "/")
      {
        depth -= 1
        position += 2
        if depth == 0 { return newline }
      } else {
        if bytes[position] == UInt8(ascii: "\n") || bytes[position] == UInt8(ascii: "\r") {
          newline = true
        }
        position += 1
      }
    }
    throw LexError("unterminated '/*' comment", at: start..<start + 2)
  }

  // MARK: - Literals

  private mutating func lexNumber() -> Token.Kind {
    var kind = Token.Kind.integer
    let hexadecimal =
      bytes[position] == UInt8(ascii: "0") && position + 1 < bytes.count
      && (bytes[position + 1] == UInt8(ascii: "x") || bytes[position + 1] == UInt8(ascii: "X"))
    // After `tuple.`, `0.1` is two indices, not a number.
    let afterPeriod =
      previous.map { $0.kind == .punctuation && $0.end == position && bytes[$0.start] == 46 }
      ?? false
    while position < bytes.count {
      let byte = bytes[position]
      if Self.isIdentifierBody(byte) {
        let exponent =
          hexadecimal
          ? (byte == UInt8(ascii: "p") || byte == UInt8(ascii: "P"))
          : (byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E"))
        position += 1
        if exponent, position + 1 < bytes.count,
          bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-"),
          Self.isDigit(bytes[position + 1])
        {
          position += 1
          kind = .float
        } else if exponent {
          kind = .float
        }
      } else if byte == UInt8(ascii: "."), !afterPeriod, position + 1 < bytes.count,
        hexadecimal ? Self.isHexDigit(bytes[position + 1]) : Self.isDigit(bytes[position + 1])
      {
        position += 1
        kind = .float
      } else {
        break
      }
    }
    return kind
  }

  /// `#if`, `#Macro`, raw strings `#"…"#`, extended regular expressions `#/…/#`, a lone `#`.
  private mutating func lexPound() throws(LexError) -> Token.Kind {
    let start = position
    var hashes = 0
    while position < bytes.count, bytes[position] == UInt8(ascii: "#") {
      hashes += 1
      position += 1
    }
    if position < bytes.count, bytes[position] == UInt8(ascii: "\"") {
      try lexString(hashes: hashes)
      return .string
    }
    if position < bytes.count, bytes[position] == UInt8(ascii: "/") {
      try lexExtendedRegex(hashes: hashes, start: start)
      return .regex
    }
    position = start + 1
    if hashes == 1, position < bytes.count, Self.isIdentifierHead(bytes[position]) {
      while position < bytes.count, Self.isIdentifierBody(bytes[position]) { position += 1 }
      return .pound
    }
    return .punctuation
  }

  /// A string literal from its opening quote (after `hashes` `#`s) through its closing delimiter.
  private mutating func lexString(hashes: Int) throws(LexError) {
    let start = position - hashes
    let multiline = matches("\"\"\"", at: position)
    position += multiline ? 3 : 1
    while true {
      guard position < bytes.count else {
        throw LexError(
          multiline ? "unterminated multi-line string literal" : "unterminated string literal",
          at: start..<start + hashes + (multiline ? 3 : 1))
      }
      let byte = bytes[position]
      if byte == UInt8(ascii: "\\"), hashesFollow(hashes, at: position + 1) {
        position += 1 + hashes
        guard position < bytes.count else { continue }
        if bytes[position] == UInt8(ascii: "(") {
          try skipInterpolation()
        } else {
          position += 1
        }
      } else if byte == UInt8(ascii: "\""),
        multiline ? matches("\"\"\"", at: position) : true,
        hashesFollow(hashes, at: position + (multiline ? 3 : 1))
      {
        position += (multiline ? 3 : 1) + hashes
        return
      } else if !multiline, byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
        throw LexError("unterminated string literal", at: start..<start + hashes + 1)
      } else {
        position += 1
      }
    }
  }

  /// An interpolation `\( … )` from its `(`: tokens (nested strings, closures) to the matching `)`.
  private mutating func skipInterpolation() throws(LexError) {
    let start = position
    guard interpolationDepth < MaximumNestingLevel.value else {
      throw LexError(
        "string interpolations nested more than \(MaximumNestingLevel.value) levels deep",
        at: start..<start + 1)
    }
    interpolationDepth += 1
    defer { interpolationDepth -= 1 }
    position += 1
    var depth = 1
    while true {
      let token = try next()
      switch token.kind {
      case .endOfFile:
        throw LexError("unterminated string interpolation", at: start..<start + 1)
      case .punctuation where bytes[token.start] == UInt8(ascii: "("):
        depth += 1
      case .punctuation where bytes[token.start] == UInt8(ascii: ")"):
        depth -= 1
        if depth == 0 { return }
      default:
        break
      }
    }
  }

  private mutating func lexExtendedRegex(hashes: Int, start: Int) throws(LexError) {
    position += 1
    while position < bytes.count {
      if bytes[position] == UInt8(ascii: "\\") {
        position += 2
      } else if bytes[position] == UInt8(ascii: "/"), hashesFollow(hashes, at: position + 1) {
        position += 1 + hashes
        return
      } else {
        position += 1
      }
    }
    throw LexError("unterminated regular expression literal", at: start..<start + hashes + 1)
  }

  /// Whether the `/` at `position` starts a bare regular expression literal; if so, consumes it.
  private mutating func startsRegex(triviaBefore: Bool) -> Bool {
    guard position + 1 < bytes.count, !startsComment(at: position) else { return false }
    let following = bytes[position + 1]
    if following == UInt8(ascii: " ") || following == UInt8(ascii: "\t")
      || following == UInt8(ascii: "\n") || following == UInt8(ascii: "\r")
      || following == UInt8(ascii: "=") || following == UInt8(ascii: ")")
    {
      return false
    }
    guard operandMayStart(triviaBefore: triviaBefore) else { return false }
    var offset = position + 1
    var inClass = false
    while offset < bytes.count {
      switch bytes[offset] {
      case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
        return false
      case UInt8(ascii: "\\"):
        offset += 2
        continue
      case UInt8(ascii: "["):
        inClass = true
      case UInt8(ascii: "]"):
        inClass = false
      case UInt8(ascii: "/") where !inClass:
        position = offset + 1
        return true
      default:
        break
      }
      offset += 1
    }
    return false
  }

  /// Whether an operand (rather than a binary operator) may start after the previous token.
  private func operandMayStart(triviaBefore: Bool) -> Bool {
    guard let previous else { return true }
    let text = String(decoding: bytes[previous.range], as: UTF8.self)
    switch previous.kind {
    case .punctuation:
      return ["(", "[", "{", ",", ":", ";", "@"].contains(text)
    case .operator:
      return true
    case .identifier:
      return Keyword(text)?.precedesOperand ?? false
    default:
      return false
    }
  }

  private mutating func lexBackquotedIdentifier() throws(LexError) {
    let start = position
    position += 1
    while position < bytes.count, bytes[position] != UInt8(ascii: "`") {
      if bytes[position] == UInt8(ascii: "\n") || bytes[position] == UInt8(ascii: "\r") {
        break
      }
      position += 1
    }
    guard position < bytes.count, bytes[position] == UInt8(ascii: "`"), position > start + 1
    else {
      throw LexError("unterminated '`' identifier", at: start..<start + 1)
    }
    position += 1
  }

  // MARK: - Characters

  private func matches(_ literal: StaticString, at offset: Int) -> Bool {
    let count = literal.utf8CodeUnitCount
    guard offset + count <= bytes.count else { return false }
    return literal.withUTF8Buffer { buffer in
      (0..<count).allSatisfy { bytes[offset + $0] == buffer[$0] }
    }
  }

  private func hashesFollow(_ count: Int, at offset: Int) -> Bool {
    guard offset + count <= bytes.count else { return false }
    return (0..<count).allSatisfy { bytes[offset + $0] == UInt8(ascii: "#") }
  }

  package static func isIdentifierHead(_ byte: UInt8) -> Bool {
    (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
      || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
      || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$") || byte >= 0x80
  }

  package static func isIdentifierBody(_ byte: UInt8) -> Bool {
    isIdentifierHead(byte) || isDigit(byte)
  }

  package static func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  package static func isHexDigit(_ byte: UInt8) -> Bool {
    isDigit(byte) || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "f"))
      || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "F"))
  }

  package static func isOperatorCharacter(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "/"), UInt8(ascii: "="), UInt8(ascii: "-"), UInt8(ascii: "+"),
      UInt8(ascii: "!"), UInt8(ascii: "*"), UInt8(ascii: "%"), UInt8(ascii: "<"),
      UInt8(ascii: ">"), UInt8(ascii: "&"), UInt8(ascii: "|"), UInt8(ascii: "^"),
      UInt8(ascii: "~"), UInt8(ascii: "?"):
      return true
    default:
      return false
    }
  }
}
