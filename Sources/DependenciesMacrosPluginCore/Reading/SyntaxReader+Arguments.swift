/// One argument of an attribute: `liveValue: Client.live`, `"APIClientKey"`.
package struct Argument: Sendable {
  package var label: String?
  package var expression: ExpressionSyntax
}

extension SyntaxReader {
  /// Reads the attribute `source` holds, with its arguments.
  package static func readAttributeWithArguments(
    _ source: SourceText
  ) throws(ReadError) -> (attribute: Attribute, arguments: [Argument]) {
    var reader = try SyntaxReader(source)
    let attribute = try reader.readAttribute()
    try reader.expectEnd("after the attribute")
    guard let range = attribute.arguments else { return (attribute, []) }
    // Read the arguments again, from the `(`.
    var arguments: [Argument] = []
    var argumentsReader = reader
    guard
      let open = reader.cursor.tokens.firstIndex(where: {
        $0.end == range.lowerBound && $0.kind == .punctuation
      })
    else { return (attribute, []) }
    argumentsReader.cursor.rewind(to: open + 1)
    while argumentsReader.cursor.current.start < range.upperBound, !argumentsReader.cursor.isAtEnd {
      var label: String?
      if argumentsReader.cursor.current.kind == .identifier,
        argumentsReader.cursor.isAt(":", ahead: 1)
      {
        label = argumentsReader.cursor.currentText
        argumentsReader.cursor.advance()
        argumentsReader.cursor.advance()
      }
      let expression = try argumentsReader.readExpression(.argument)
      arguments.append(Argument(label: label, expression: expression))
      if !argumentsReader.cursor.consume(",") { break }
    }
    return (attribute, arguments)
  }
}

/// A string literal's text, when it is written without interpolations.
package struct StaticStringLiteral: Sendable {
  /// The text between the delimiters, as written (escapes not processed).
  package var content: String

  /// The literal `range` of `source` is, if it is a single string literal without
  /// interpolations.
  package init?(_ expression: ExpressionSyntax, in source: SourceText) {
    guard expression.literalKind == .string else { return nil }
    let bytes = Array(source.bytes[expression.range])
    var hashes = 0
    while hashes < bytes.count, bytes[hashes] == UInt8(ascii: "#") { hashes += 1 }
    let multiline =
      bytes.count >= hashes + 6 && bytes[hashes..<hashes + 3].allSatisfy { $0 == 34 }
    let quotes = multiline ? 3 : 1
    guard bytes.count >= 2 * (hashes + quotes) else { return nil }
    let inner = bytes[(hashes + quotes)..<(bytes.count - hashes - quotes)]
    // `\(` (or `\#(` in a raw string) starts an interpolation.
    let interpolation =
      [UInt8(ascii: "\\")] + Array(repeating: UInt8(ascii: "#"), count: hashes)
      + [UInt8(ascii: "(")]
    let innerArray = Array(inner)
    if innerArray.count >= interpolation.count {
      for index in 0...(innerArray.count - interpolation.count)
      where Array(innerArray[index..<index + interpolation.count]) == interpolation {
        return nil
      }
    }
    content = String(decoding: inner, as: UTF8.self)
  }
}
