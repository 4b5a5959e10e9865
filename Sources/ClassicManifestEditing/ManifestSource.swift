import SwiftSourceLexing

/// A manifest's text as the edit reads it: its tokens (from the package's one Swift lexer,
/// `SwiftSourceLexing`), which bracket closes which, and its lines.
///
/// Line breaks are `\n`, `\r\n` or `\r`, as Swift's; the edit keeps the manifest's own.
///
/// ```swift
/// let source = try ManifestSource(#".product(name: "Clocks", package: "swift-clocks")"#)
/// source.tokens.count  // 12, with the end-of-file token
/// ```
public struct ManifestSource: Sendable {
  /// The text, as UTF-8.
  public let bytes: [UInt8]
  /// The tokens, ending with one end-of-file token.
  package let tokens: [Token]
  /// For each opening bracket token, the index of its closing one, and the other way round.
  package let matching: [Int: Int]

  /// Reads `text`.
  ///
  /// - Throws: ``ManifestEditError/unreadable(line:reason:)`` for what the lexer cannot read
  ///   (an unterminated comment or string literal), a bracket that is never closed or closes
  ///   nothing, or brackets nested deeper than the lexer's limit.
  public init(_ text: String) throws(ManifestEditError) {
    bytes = Array(text.utf8)
    do {
      tokens = try Lexer.tokenize(bytes)
    } catch {
      throw .unreadable(
        line: Self.line(of: error.range.lowerBound, in: bytes), reason: error.message)
    }
    var matching: [Int: Int] = [:]
    var open: [Int] = []
    for index in tokens.indices where tokens[index].kind == .punctuation {
      let byte = bytes[tokens[index].start]
      switch byte {
      case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
        guard open.count < MaximumNestingLevel.value else {
          throw .unreadable(
            line: Self.line(of: tokens[index].start, in: bytes),
            reason: "brackets nested more than \(MaximumNestingLevel.value) levels deep")
        }
        open.append(index)
      case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
        guard let opening = open.popLast(), Self.closes(byte, bytes[tokens[opening].start]) else {
          throw .unreadable(
            line: Self.line(of: tokens[index].start, in: bytes),
            reason: "'\(String(decoding: [byte], as: UTF8.self))' closes no bracket")
        }
        matching[opening] = index
        matching[index] = opening
      default:
        break
      }
    }
    if let unclosed = open.last {
      throw .unreadable(
        line: Self.line(of: tokens[unclosed].start, in: bytes),
        reason:
          "'\(String(decoding: [bytes[tokens[unclosed].start]], as: UTF8.self))' is never closed")
    }
    self.matching = matching
  }

  private static func closes(_ closing: UInt8, _ opening: UInt8) -> Bool {
    switch opening {
    case UInt8(ascii: "("): closing == UInt8(ascii: ")")
    case UInt8(ascii: "["): closing == UInt8(ascii: "]")
    default: closing == UInt8(ascii: "}")
    }
  }

  // MARK: - Tokens

  /// The text of token `index`.
  package func text(_ index: Int) -> String {
    String(decoding: bytes[tokens[index].range], as: UTF8.self)
  }

  /// The text from byte `start` to byte `end`.
  public func text(_ start: Int, _ end: Int) -> String {
    String(decoding: bytes[start..<end], as: UTF8.self)
  }

  /// Whether token `index` is the punctuation `character` (`(`, `,`, `.`, …).
  package func isPunctuation(_ index: Int, _ character: Character) -> Bool {
    index >= 0 && index < tokens.count && tokens[index].kind == .punctuation
      && bytes[tokens[index].start] == character.asciiValue
  }

  /// The elements between the bracket at `open` and its match at `close` (tokens `open + 1 ..<
  /// close`), split at the commas outside nested brackets: each element's token range (never empty:
  /// nothing after a trailing comma, or between two commas, counts) and the comma after it, if any.
  package func elements(between open: Int, and close: Int) -> [(
    tokens: Range<Int>, comma: Int?
  )] {
    var elements: [(tokens: Range<Int>, comma: Int?)] = []
    var start = open + 1
    var index = open + 1
    while index < close {
      if let other = matching[index], other > index {
        index = other + 1
        continue
      }
      if isPunctuation(index, ",") {
        if start < index { elements.append((start..<index, index)) }
        start = index + 1
      }
      index += 1
    }
    if start < close { elements.append((start..<close, nil)) }
    return elements
  }

  /// Whether token `index` is an identifier spelled `name`.
  package func isIdentifier(_ index: Int, _ name: String) -> Bool {
    index >= 0 && index < tokens.count && tokens[index].kind == .identifier && text(index) == name
  }

  /// Whether token `index` is the keyword `keyword`.
  package func isKeyword(_ index: Int, _ keyword: Keyword) -> Bool {
    isIdentifier(index, keyword.rawValue)
  }

  /// What string literal token `index` holds, if it is one the lexer could read whole.
  package func stringLiteral(_ index: Int) -> StringLiteralValue? {
    guard index >= 0, index < tokens.count, tokens[index].kind == .string else { return nil }
    return StringLiteralValue(bytes[tokens[index].range])
  }

  /// The index of the innermost bracket that encloses token `index`, or nil at the top level.
  package func enclosingBracket(of index: Int) -> Int? {
    var cursor = index - 1
    while cursor >= 0 {
      if let other = matching[cursor] {
        if other > cursor {
          // An opening bracket whose closing one comes after `index`: it encloses it.
          if other > index { return cursor }
        } else {
          // A closing bracket: jump over its group.
          cursor = other
        }
      }
      cursor -= 1
    }
    return nil
  }

  // MARK: - Lines

  /// The 1-based line of byte `offset`.
  public func line(of offset: Int) -> Int { Self.line(of: offset, in: bytes) }

  static func line(of offset: Int, in bytes: [UInt8]) -> Int {
    var line = 1
    var index = 0
    while index < offset, index < bytes.count {
      if bytes[index] == UInt8(ascii: "\n") {
        line += 1
      } else if bytes[index] == UInt8(ascii: "\r") {
        line += 1
        if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\n"), index + 1 < offset {
          index += 1
        }
      }
      index += 1
    }
    return line
  }

  /// Whether the byte at `offset` is `\n` or `\r`.
  func isLineBreak(at offset: Int) -> Bool {
    offset < bytes.count
      && (bytes[offset] == UInt8(ascii: "\n") || bytes[offset] == UInt8(ascii: "\r"))
  }

  /// Whether the byte at `offset` is a space or a tab.
  func isBlank(at offset: Int) -> Bool {
    offset < bytes.count && (bytes[offset] == UInt8(ascii: " ") || bytes[offset] == 9)
  }

  /// The offset of the first byte of the line `offset` is on.
  func lineStart(of offset: Int) -> Int {
    var start = offset
    while start > 0, !isLineBreak(at: start - 1) { start -= 1 }
    return start
  }

  /// The offset after the line break that ends the line at `offset` (the end of the text on the
  /// last line); `offset` must be at a line break or the end.
  func afterLineBreak(at offset: Int) -> Int {
    guard offset < bytes.count else { return offset }
    if bytes[offset] == UInt8(ascii: "\r"), offset + 1 < bytes.count,
      bytes[offset + 1] == UInt8(ascii: "\n")
    {
      return offset + 2
    }
    return offset + 1
  }
}
