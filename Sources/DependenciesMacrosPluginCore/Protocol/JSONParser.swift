/// Parses JSON text (RFC 8259) into a ``JSON`` value.
///
/// Total: any input gives a value or a ``JSONParser/Error`` with the byte offset of the problem,
/// never a crash (nesting deeper than ``maximumDepth`` is an error, not a stack overflow).
package struct JSONParser {
  package struct Error: Swift.Error, Equatable, CustomStringConvertible, Sendable {
    package var message: String
    package var offset: Int

    package init(message: String, offset: Int) {
      self.message = message
      self.offset = offset
    }

    package var description: String { "\(message) at byte \(offset)" }
  }

  package static let maximumDepth = 512

  private let bytes: [UInt8]
  private var position = 0

  private init(_ bytes: [UInt8]) {
    self.bytes = bytes
  }

  package static func parse(_ bytes: [UInt8]) throws(Error) -> JSON {
    var parser = JSONParser(bytes)
    let value = try parser.parseValue(depth: 0)
    parser.skipWhitespace()
    guard parser.position == bytes.count else {
      throw parser.error("unexpected text after the JSON value")
    }
    return value
  }

  private func error(_ message: String) -> Error {
    Error(message: message, offset: position)
  }

  private mutating func skipWhitespace() {
    while position < bytes.count,
      [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position])
    {
      position += 1
    }
  }

  private mutating func parseValue(depth: Int) throws(Error) -> JSON {
    guard depth < Self.maximumDepth else { throw error("JSON nested too deeply") }
    skipWhitespace()
    guard position < bytes.count else { throw error("unexpected end of JSON") }
    switch bytes[position] {
    case UInt8(ascii: "{"): return try parseObject(depth: depth)
    case UInt8(ascii: "["): return try parseArray(depth: depth)
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "t"): return try parseKeyword("true", .bool(true))
    case UInt8(ascii: "f"): return try parseKeyword("false", .bool(false))
    case UInt8(ascii: "n"): return try parseKeyword("null", .null)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
    default:
      throw error("unexpected character '\(String(decoding: [bytes[position]], as: UTF8.self))'")
    }
  }

  private mutating func parseKeyword(_ keyword: String, _ value: JSON) throws(Error) -> JSON {
    let utf8 = Array(keyword.utf8)
    guard position + utf8.count <= bytes.count,
      Array(bytes[position..<position + utf8.count]) == utf8
    else { throw error("invalid literal (expected '\(keyword)')") }
    position += utf8.count
    return value
  }

  private mutating func parseObject(depth: Int) throws(Error) -> JSON {
    position += 1
    var members: [String: JSON] = [:]
    skipWhitespace()
    if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
      position += 1
      return .object(members)
    }
    while true {
      skipWhitespace()
      guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
        throw error("expected a string key in the object")
      }
      let key = try parseString()
      skipWhitespace()
      guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else {
        throw error("expected ':' after the key \"\(key)\"")
      }
      position += 1
      members[key] = try parseValue(depth: depth + 1)
      skipWhitespace()
      guard position < bytes.count else { throw error("unexpected end of JSON in an object") }
      if bytes[position] == UInt8(ascii: ",") {
        position += 1
      } else if bytes[position] == UInt8(ascii: "}") {
        position += 1
        return .object(members)
      } else {
        throw error("expected ',' or '}' in the object")
      }
    }
  }

  private mutating func parseArray(depth: Int) throws(Error) -> JSON {
    position += 1
    var elements: [JSON] = []
    skipWhitespace()
    if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
      position += 1
      return .array(elements)
    }
    while true {
      elements.append(try parseValue(depth: depth + 1))
      skipWhitespace()
      guard position < bytes.count else { throw error("unexpected end of JSON in an array") }
      if bytes[position] == UInt8(ascii: ",") {
        position += 1
      } else if bytes[position] == UInt8(ascii: "]") {
        position += 1
        return .array(elements)
      } else {
        throw error("expected ',' or ']' in the array")
      }
    }
  }

  private mutating func parseString() throws(Error) -> String {
    position += 1
    var utf8: [UInt8] = []
    while true {
      guard position < bytes.count else { throw error("unterminated string") }
      let byte = bytes[position]
      switch byte {
      case UInt8(ascii: "\""):
        position += 1
        return String(decoding: utf8, as: UTF8.self)
      case UInt8(ascii: "\\"):
        position += 1
        guard position < bytes.count else { throw error("unterminated escape") }
        let escape = bytes[position]
        position += 1
        switch escape {
        case UInt8(ascii: "\""): utf8.append(0x22)
        case UInt8(ascii: "\\"): utf8.append(0x5C)
        case UInt8(ascii: "/"): utf8.append(0x2F)
        case UInt8(ascii: "b"): utf8.append(0x08)
        case UInt8(ascii: "f"): utf8.append(0x0C)
        case UInt8(ascii: "n"): utf8.append(0x0A)
        case UInt8(ascii: "r"): utf8.append(0x0D)
        case UInt8(ascii: "t"): utf8.append(0x09)
        case UInt8(ascii: "u"):
          var scalar = try parseHexQuad()
          if (0xD800..<0xDC00).contains(scalar) {
            // A high surrogate must be followed by `\u` and a low one.
            guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"),
              bytes[position + 1] == UInt8(ascii: "u")
            else { throw error("unpaired surrogate in \\u escape") }
            position += 2
            let low = try parseHexQuad()
            guard (0xDC00..<0xE000).contains(low) else {
              throw error("unpaired surrogate in \\u escape")
            }
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
          }
          guard let unicode = Unicode.Scalar(scalar) else {
            throw error("invalid \\u escape")
          }
          utf8.append(contentsOf: Array(String(Character(unicode)).utf8))
        default:
          throw error("invalid escape '\\\(String(decoding: [escape], as: UTF8.self))'")
        }
      case 0..<0x20:
        throw error("control character in a string")
      default:
        utf8.append(byte)
        position += 1
      }
    }
  }

  private mutating func parseHexQuad() throws(Error) -> UInt32 {
    guard position + 4 <= bytes.count else { throw error("incomplete \\u escape") }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = bytes[position]
      let digit: UInt32
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
      default: throw error("invalid hexadecimal digit in \\u escape")
      }
      value = value * 16 + digit
      position += 1
    }
    return value
  }

  private mutating func parseNumber() throws(Error) -> JSON {
    let start = position
    if bytes[position] == UInt8(ascii: "-") { position += 1 }
    func digits() -> Int {
      let digitsStart = position
      while position < bytes.count, bytes[position] >= 0x30, bytes[position] <= 0x39 {
        position += 1
      }
      return position - digitsStart
    }
    guard digits() > 0 else { throw error("invalid number") }
    var integral = true
    if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
      position += 1
      integral = false
      guard digits() > 0 else { throw error("invalid number") }
    }
    if position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == 0x45 {
      position += 1
      integral = false
      if position < bytes.count, bytes[position] == 0x2B || bytes[position] == 0x2D {
        position += 1
      }
      guard digits() > 0 else { throw error("invalid number") }
    }
    let text = String(decoding: bytes[start..<position], as: UTF8.self)
    if integral, let value = Int(text) { return .integer(value) }
    guard let value = Double(text) else {
      position = start
      throw error("invalid number")
    }
    return .double(value)
  }
}
