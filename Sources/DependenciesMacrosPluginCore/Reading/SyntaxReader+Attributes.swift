extension SyntaxReader {
  /// Where an attribute is written, which decides whether a `(` after its name, with whitespace
  /// between them, opens its arguments.
  package enum AttributePosition: Sendable {
    /// On a declaration or an accessor: a `(` on the attribute's line opens its arguments.
    /// (Swift 5 mode accepts whitespace or a comment before it with a warning, Swift 6 mode
    /// reports an error and reads the arguments all the same.)
    case declaration
    /// On a type or a closure (`@Sendable (Int) -> Void`, `{ @MainActor (x) in … }`): a `(`
    /// after whitespace is the function type's or closure's parameter list, but for the
    /// attributes that take arguments (`@convention (c)`).
    case type
  }

  /// Type attributes that take arguments even when a space separates the name from `(`.
  private static let spacedArgumentTypeAttributes: Set<String> = [
    "available", "_spi", "objc", "backDeployed", "_originallyDefinedIn", "convention",
    "isolated", "differentiable", "derivative", "transpose", "lifetime", "abi",
  ]

  /// Reads the attributes at the cursor (possibly none).
  package mutating func readAttributes(
    in position: AttributePosition = .declaration
  ) throws(ReadError) -> [Attribute] {
    var attributes: [Attribute] = []
    while cursor.isAt("@") {
      attributes.append(try readAttribute(in: position))
    }
    return attributes
  }

  /// Reads one attribute, from its `@`.
  ///
  /// Whitespace and comments may separate `@` from the name (`@ Sendable`: a warning in Swift 5
  /// mode, an error in Swift 6 mode, which reads the attribute all the same) and the name from
  /// its generic arguments (`@Wrapper <Int>`); see ``AttributePosition`` for its arguments.
  package mutating func readAttribute(
    in position: AttributePosition = .declaration
  ) throws(ReadError) -> Attribute {
    let start = cursor.current.start
    try cursor.expect("@", "to start an attribute")
    guard cursor.current.kind == .identifier else {
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
    if cursor.isAtOperatorCharacter(UInt8(ascii: "<")) {
      _ = try readGenericArguments()
    }
    var arguments: Range<Int>?
    let opensArguments: Bool
    switch position {
    case .declaration:
      opensArguments = !cursor.current.newlineBefore
    case .type:
      opensArguments =
        !cursor.current.triviaBefore
        || (!cursor.current.newlineBefore && Self.spacedArgumentTypeAttributes.contains(name))
    }
    if cursor.isAt("("), opensArguments {
      let open = cursor.current
      try cursor.skipBalanced()
      arguments = open.end..<(cursor.previousEnd - 1)
    }
    return Attribute(name: name, range: start..<cursor.previousEnd, arguments: arguments)
  }
}
