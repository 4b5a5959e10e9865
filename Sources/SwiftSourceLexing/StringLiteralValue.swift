/// What a single-line string literal token holds: its value when it is written without
/// interpolations, and otherwise the text after its last interpolation.
///
/// ```swift
/// StringLiteralValue(Array(#""https://github.com/pointfreeco/swift-clocks""#.utf8)[...])?.value
/// // "https://github.com/pointfreeco/swift-clocks"
/// StringLiteralValue(Array(#""\(base)/swift-clocks.git""#.utf8)[...])?.staticSuffix
/// // "/swift-clocks.git"
/// ```
///
/// Escapes are decoded (`\"`, `\\`, `\n`, `\t`, `\r`, `\0`, `\'`, `\u{…}`, and their raw-string
/// forms `\#n`). A multi-line literal, or one whose escapes are not valid, gives `nil`: a reader
/// that needs its value treats it as one it cannot know.
package struct StringLiteralValue: Sendable, Equatable {
  /// The value, when the literal has no interpolation.
  package var value: String?
  /// The decoded text after the last interpolation; the whole value without interpolations.
  package var staticSuffix: String

  /// Reads the literal whose token bytes (delimiters included) are `token`.
  package init?(_ token: ArraySlice<UInt8>) {
    var bytes = token
    var hashes = 0
    while bytes.first == UInt8(ascii: "#") {
      bytes.removeFirst()
      hashes += 1
    }
    guard bytes.count >= 2 + hashes, bytes.first == UInt8(ascii: "\""),
      bytes.dropFirst().first != UInt8(ascii: "\"") || bytes.count == 2 + hashes
    else { return nil }
    let inner = bytes.dropFirst().dropLast(1 + hashes)
    guard bytes.dropFirst(bytes.count - 1 - hashes).first == UInt8(ascii: "\"") else {
      return nil
    }
    var segment: [UInt8] = []
    var interpolated = false
    var index = inner.startIndex
    func escapeFollows(at offset: Int) -> Bool {
      inner[offset] == UInt8(ascii: "\\")
        && (0..<hashes).allSatisfy {
          offset + 1 + $0 < inner.endIndex && inner[offset + 1 + $0] == UInt8(ascii: "#")
        }
    }
    while index < inner.endIndex {
      guard escapeFollows(at: index) else {
        segment.append(inner[index])
        index += 1
        continue
      }
      index += 1 + hashes
      guard index < inner.endIndex else { return nil }
      let escaped = inner[index]
      index += 1
      switch escaped {
      case UInt8(ascii: "("):
        // An interpolation: skip to its closing parenthesis (the lexer has checked the literal,
        // so strings inside it are balanced).
        var depth = 1
        var inString = false
        while index < inner.endIndex, depth > 0 {
          let byte = inner[index]
          if byte == UInt8(ascii: "\\"), inString {
            index += 2
            continue
          }
          if byte == UInt8(ascii: "\"") { inString.toggle() }
          if !inString, byte == UInt8(ascii: "(") { depth += 1 }
          if !inString, byte == UInt8(ascii: ")") { depth -= 1 }
          index += 1
        }
        guard depth == 0 else { return nil }
        interpolated = true
        segment = []
      case UInt8(ascii: "n"): segment.append(UInt8(ascii: "\n"))
      case UInt8(ascii: "t"): segment.append(UInt8(ascii: "\t"))
      case UInt8(ascii: "r"): segment.append(UInt8(ascii: "\r"))
      case UInt8(ascii: "0"): segment.append(0)
      case UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "\\"): segment.append(escaped)
      case UInt8(ascii: "u"):
        guard index < inner.endIndex, inner[index] == UInt8(ascii: "{"),
          let close = inner[index...].firstIndex(of: UInt8(ascii: "}")),
          let scalarValue = UInt32(
            String(decoding: inner[(index + 1)..<close], as: UTF8.self), radix: 16),
          let scalar = Unicode.Scalar(scalarValue)
        else { return nil }
        segment += Array(String(Character(scalar)).utf8)
        index = close + 1
      default:
        return nil
      }
    }
    staticSuffix = String(decoding: segment, as: UTF8.self)
    value = interpolated ? nil : staticSuffix
  }
}
