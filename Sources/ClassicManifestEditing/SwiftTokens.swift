/// The tokens of Swift source that the manifest edit needs: identifiers, string literals and
/// punctuation, each with its byte range; whitespace and comments are skipped.
///
/// It is not a Swift parser. It knows enough to find a call such as
/// `.package(url: "…", from: "1.0.0")` in a manifest and never to be misled by what is inside a
/// comment or a string literal (including multi-line and raw strings, and interpolations):
///
/// ```swift
/// let tokens = try SwiftTokens(#".product(name: "Clocks", package: "swift-clocks")"#)
/// tokens.count  // 11
/// ```
public struct SwiftTokens: Sendable {
  /// What a token is.
  public enum Kind: Sendable, Equatable {
    /// An identifier or keyword (`package`, `url`), or a `#` directive name (`#if`).
    case identifier(String)
    /// A string literal: its value when it has no interpolation, `nil` otherwise.
    case string(String?)
    /// One character of punctuation or an operator (`(`, `,`, `:`, `.`).
    case punctuation(UInt8)
    /// A number or anything else the edit does not look into.
    case other
  }

  /// A token: its kind and where it is in the source (UTF-8 offsets, `end` excluded).
  public struct Token: Sendable, Equatable {
    public var kind: Kind
    public var start: Int
    public var end: Int
  }

  /// The source, as UTF-8.
  public let bytes: [UInt8]
  /// The tokens, in order.
  public let tokens: [Token]

  /// The number of tokens.
  public var count: Int { tokens.count }

  /// Reads the tokens of `source`.
  ///
  /// - Throws: ``ManifestEditError/unreadable(_:)`` for an unterminated comment or string literal.
  public init(_ source: String) throws(ManifestEditError) {
    var lexer = Lexer(bytes: Array(source.utf8))
    var tokens: [Token] = []
    while let token = try lexer.next() { tokens.append(token) }
    self.bytes = lexer.bytes
    self.tokens = tokens
  }

  /// The source text from byte `start` to byte `end`.
  public func text(_ start: Int, _ end: Int) -> String {
    String(decoding: bytes[start..<end], as: UTF8.self)
  }

  /// The 1-based line number of byte `offset`.
  public func line(of offset: Int) -> Int {
    1 + bytes[..<offset].reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
  }
}

/// Reads tokens one at a time from UTF-8 bytes.
private struct Lexer {
  let bytes: [UInt8]
  var index = 0

  init(bytes: [UInt8]) { self.bytes = bytes }

  func peek(_ offset: Int = 0) -> UInt8? {
    index + offset < bytes.count ? bytes[index + offset] : nil
  }

  mutating func next() throws(ManifestEditError) -> SwiftTokens.Token? {
    skipTrivia: while let byte = peek() {
      switch byte {
      case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
        index += 1
      case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "/"):
        while let byte = peek(), byte != UInt8(ascii: "\n") { index += 1 }
      case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "*"):
        try skipBlockComment()
      default:
        break skipTrivia
      }
    }
    guard let byte = peek() else { return nil }
    let start = index
    if byte == UInt8(ascii: "\"") || (byte == UInt8(ascii: "#") && rawStringFollows()) {
      let value = try readString()
      return .init(kind: .string(value), start: start, end: index)
    }
    if isIdentifierHead(byte)
      || (byte == UInt8(ascii: "#") && peek(1).map(isIdentifierHead) == true)
    {
      index += 1
      while let byte = peek(), isIdentifierBody(byte) { index += 1 }
      return .init(kind: .identifier(text(start, index)), start: start, end: index)
    }
    if isDigit(byte) {
      while let byte = peek(), isIdentifierBody(byte) || byte == UInt8(ascii: ".") { index += 1 }
      return .init(kind: .other, start: start, end: index)
    }
    index += 1
    return .init(kind: .punctuation(byte), start: start, end: index)
  }

  func text(_ start: Int, _ end: Int) -> String {
    String(decoding: bytes[start..<end], as: UTF8.self)
  }

  mutating func skipBlockComment() throws(ManifestEditError) {
    let start = index
    var depth = 0
    repeat {
      if peek() == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "*") {
        depth += 1
        index += 2
      } else if peek() == UInt8(ascii: "*"), peek(1) == UInt8(ascii: "/") {
        depth -= 1
        index += 2
      } else if peek() == nil {
        throw .unreadable("a /* comment */ that starts at byte \(start) does not end")
      } else {
        index += 1
      }
    } while depth > 0
  }

  func rawStringFollows() -> Bool {
    var offset = 0
    while peek(offset) == UInt8(ascii: "#") { offset += 1 }
    return peek(offset) == UInt8(ascii: "\"")
  }

  /// Reads a string literal at `index`; returns its value when it has no interpolation and no
  /// escape other than `\"`, `\\`, `\n` and `\t`, `nil` otherwise.
  mutating func readString() throws(ManifestEditError) -> String? {
    let start = index
    var hashes = 0
    while peek() == UInt8(ascii: "#") {
      hashes += 1
      index += 1
    }
    let multiline = peek(1) == UInt8(ascii: "\"") && peek(2) == UInt8(ascii: "\"")
    index += multiline ? 3 : 1
    var value: [UInt8]? = []
    while true {
      guard let byte = peek() else {
        throw .unreadable("a string literal that starts at byte \(start) does not end")
      }
      if byte == UInt8(ascii: "\""), closes(multiline: multiline, hashes: hashes) {
        index += (multiline ? 3 : 1) + hashes
        return value.map { String(decoding: $0, as: UTF8.self) }
      }
      if byte == UInt8(ascii: "\n"), !multiline {
        throw .unreadable("a string literal that starts at byte \(start) does not end on its line")
      }
      if byte == UInt8(ascii: "\\"), escapeFollows(hashes: hashes) {
        index += 1 + hashes
        switch peek() {
        case UInt8(ascii: "("):
          value = nil
          try skipInterpolation()
          continue
        case UInt8(ascii: "\""): value?.append(UInt8(ascii: "\""))
        case UInt8(ascii: "\\"): value?.append(UInt8(ascii: "\\"))
        case UInt8(ascii: "n"): value?.append(UInt8(ascii: "\n"))
        case UInt8(ascii: "t"): value?.append(UInt8(ascii: "\t"))
        default: value = nil
        }
        index += 1
        continue
      }
      value?.append(byte)
      index += 1
    }
  }

  func closes(multiline: Bool, hashes: Int) -> Bool {
    if multiline, !(peek(1) == UInt8(ascii: "\"") && peek(2) == UInt8(ascii: "\"")) {
      return false
    }
    let after = multiline ? 3 : 1
    return (0..<hashes).allSatisfy { peek(after + $0) == UInt8(ascii: "#") }
  }

  func escapeFollows(hashes: Int) -> Bool {
    (0..<hashes).allSatisfy { peek(1 + $0) == UInt8(ascii: "#") }
  }

  /// Skips `( … )` of an interpolation, with the strings and parentheses inside it.
  mutating func skipInterpolation() throws(ManifestEditError) {
    let start = index
    var depth = 0
    repeat {
      guard let token = try next() else {
        throw .unreadable("an interpolation that starts at byte \(start) does not end")
      }
      if token.kind == .punctuation(UInt8(ascii: "(")) { depth += 1 }
      if token.kind == .punctuation(UInt8(ascii: ")")) { depth -= 1 }
    } while depth > 0
  }
}

private func isIdentifierHead(_ byte: UInt8) -> Bool {
  (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
    || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) || byte == UInt8(ascii: "_")
    || byte >= 0x80
}

private func isIdentifierBody(_ byte: UInt8) -> Bool {
  isIdentifierHead(byte) || isDigit(byte)
}

private func isDigit(_ byte: UInt8) -> Bool {
  byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
}
