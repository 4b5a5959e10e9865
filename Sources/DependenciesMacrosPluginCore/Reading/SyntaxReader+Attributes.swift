extension SyntaxReader {
  /// Attributes with arguments even when a space separates the name from `(`.
  private static let spacedArgumentAttributes: Set<String> = [
    "available", "_spi", "objc", "backDeployed", "_originallyDefinedIn", "convention",
    "isolated", "differentiable", "derivative", "transpose", "lifetime", "abi",
  ]

  /// Reads the attributes at the cursor (possibly none).
  package mutating func readAttributes() throws(ReadError) -> [Attribute] {
    var attributes: [Attribute] = []
    while cursor.isAt("@") {
      attributes.append(try readAttribute())
    }
    return attributes
  }

  /// Reads one attribute, from its `@`.
  package mutating func readAttribute() throws(ReadError) -> Attribute {
    let start = cursor.current.start
    try cursor.expect("@", "to start an attribute")
    guard cursor.current.kind == .identifier, !cursor.current.triviaBefore else {
      throw ReadError("expected an attribute name after '@'", at: cursor.current.range)
    }
    var name = cursor.currentText
    cursor.advance()
    while cursor.isAt("."), !cursor.current.triviaBefore, cursor.peek().kind == .identifier {
      cursor.advance()
      name += "." + cursor.currentText
      cursor.advance()
    }
    // Generic arguments of a property wrapper: `@Wrapper<Int>`.
    if cursor.isAtOperatorCharacter(UInt8(ascii: "<")), !cursor.current.triviaBefore {
      _ = try readGenericArguments()
    }
    var arguments: Range<Int>?
    if cursor.isAt("("),
      !cursor.current.triviaBefore || Self.spacedArgumentAttributes.contains(name)
    {
      let open = cursor.current
      try cursor.skipBalanced()
      arguments = open.end..<(cursor.previousEnd - 1)
    }
    return Attribute(name: name, range: start..<cursor.previousEnd, arguments: arguments)
  }
}
