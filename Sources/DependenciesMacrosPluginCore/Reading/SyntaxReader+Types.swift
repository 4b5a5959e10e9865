import SwiftSourceLexing

extension SyntaxReader {
  /// Reads a type, with its specifiers and attributes.
  package mutating func readType() throws(ReadError) -> TypeSyntax {
    let start = cursor.current.start
    var specifiers: [(text: String, range: Range<Int>)] = []
    var attributes: [Attribute] = []
    while true {
      if cursor.isAt("@") {
        attributes.append(try readAttribute(in: .type))
      } else if cursor.current.kind == .identifier, isAtTypeSpecifier() {
        let token = cursor.current
        cursor.advance()
        if cursor.keyword(token) == .nonisolated {
          try cursor.skipBalanced()  // `(nonsending)`
        }
        specifiers.append((text: cursor.text(token), range: token.start..<cursor.previousEnd))
      } else {
        break
      }
    }
    let base = try readCompositionOrFunctionType()
    guard !specifiers.isEmpty || !attributes.isEmpty else { return base }
    return TypeSyntax(
      kind: .attributed(
        AttributedTypeSyntax(specifiers: specifiers, attributes: attributes, base: base)),
      range: start..<base.range.upperBound)
  }

  private func isAtTypeSpecifier() -> Bool {
    let next = cursor.peek()
    let nextText = cursor.text(next)
    if cursor.isAt(.nonisolated) {
      return next.kind == .punctuation && nextText == "(" && !next.triviaBefore
    }
    guard let keyword = cursor.currentKeyword, Keyword.typeSpecifiers.contains(keyword) else {
      return false
    }
    // A specifier is followed by the type it applies to, not by `.`, `<`, `?`, `,` or `)`.
    switch next.kind {
    case .identifier: return true
    case .punctuation: return ["(", "[", "@"].contains(nextText)
    case .operator: return nextText.hasPrefix("~")
    default: return false
    }
  }

  /// `P & Q`, a function type, or a single type.
  private mutating func readCompositionOrFunctionType() throws(ReadError) -> TypeSyntax {
    let first = try readPostfixType()
    if case .function = first.kind { return first }
    var elements = [first]
    while cursor.isAtOperatorCharacter(UInt8(ascii: "&")), cursor.currentText.hasPrefix("&") {
      _ = cursor.consumeOperatorCharacter(UInt8(ascii: "&"))
      elements.append(try readPostfixType())
    }
    guard elements.count > 1 else { return first }
    return TypeSyntax(
      kind: .composition(elements),
      range: first.range.lowerBound..<elements[elements.count - 1].range.upperBound)
  }

  /// A primary type and its postfix forms (`?`, `!`, `.Type`, `.Member`); a parenthesized list
  /// followed by effects or `->` is a function type.
  ///
  /// Every way a type nests another passes through here, so here the levels are counted: past
  /// ``MaximumNestingLevel`` the read stops with an error, before the stack runs out.
  private mutating func readPostfixType() throws(ReadError) -> TypeSyntax {
    guard typeNesting < MaximumNestingLevel.value else {
      throw .nestingLimit("types", at: cursor.current.range)
    }
    typeNesting += 1
    defer { typeNesting -= 1 }
    var type = try readPrimaryType()
    if case .tuple(let elements) = type.kind, let function = try readFunctionTail(elements) {
      return TypeSyntax(
        kind: .function(function), range: type.range.lowerBound..<cursor.previousEnd)
    }
    while true {
      let start = type.range.lowerBound
      if !cursor.current.triviaBefore, cursor.consumeOperatorCharacter(UInt8(ascii: "?")) {
        type = TypeSyntax(kind: .optional(type), range: start..<cursor.previousEnd)
      } else if !cursor.current.triviaBefore,
        cursor.consumeOperatorCharacter(UInt8(ascii: "!"))
      {
        type = TypeSyntax(
          kind: .implicitlyUnwrappedOptional(type), range: start..<cursor.previousEnd)
      } else if cursor.isAt("."), cursor.peek().kind == .identifier {
        cursor.advance()
        let name = cursor.currentText
        let isMetatype = cursor.isAt(.Type) || cursor.isAt(.Protocol)
        cursor.advance()
        if isMetatype {
          type = TypeSyntax(
            kind: .metatype(base: type, keyword: name), range: start..<cursor.previousEnd)
        } else {
          let arguments = try readGenericArgumentsIfPresent()
          type = TypeSyntax(
            kind: .member(base: type, name: name, genericArguments: arguments),
            range: start..<cursor.previousEnd)
        }
      } else {
        return type
      }
    }
  }

  private mutating func readPrimaryType() throws(ReadError) -> TypeSyntax {
    let token = cursor.current
    let start = token.start
    switch token.kind {
    case .punctuation where cursor.isAt("("):
      cursor.advance()
      var elements: [TupleTypeElement] = []
      while !cursor.isAt(")") {
        elements.append(try readTupleTypeElement())
        if !cursor.consume(",") { break }
      }
      try cursor.expect(")", "to close the parenthesized type")
      return TypeSyntax(kind: .tuple(elements), range: start..<cursor.previousEnd)

    case .punctuation where cursor.isAt("["):
      cursor.advance()
      let first = try readTypeOrInteger()
      let kind: TypeSyntax.Kind
      if cursor.consume(":") {
        kind = .dictionary(key: first, value: try readType())
      } else if cursor.isAt(.of) {
        cursor.advance()
        kind = .inlineArray(count: first, element: try readType())
      } else {
        kind = .array(first)
      }
      try cursor.expect("]", "to close the collection type")
      return TypeSyntax(kind: kind, range: start..<cursor.previousEnd)

    case .operator where cursor.currentText.hasPrefix("~"):
      _ = cursor.consumeOperatorCharacter(UInt8(ascii: "~"))
      let suppressed = try readPostfixType()
      return TypeSyntax(kind: .suppressed(suppressed), range: start..<cursor.previousEnd)

    case .identifier:
      let name = cursor.currentText
      let keyword = cursor.currentKeyword
      let next = cursor.peek()
      let nextStartsType =
        next.kind == .identifier
        || (next.kind == .punctuation && ["(", "[", "@"].contains(cursor.text(next)))
        || (next.kind == .operator && cursor.text(next).hasPrefix("~"))
      if keyword == .some || keyword == .any, nextStartsType {
        cursor.advance()
        let constraint = try readCompositionOrFunctionType()
        return TypeSyntax(
          kind: .someOrAny(keyword: name, constraint: constraint),
          range: start..<cursor.previousEnd)
      }
      if keyword == .each || keyword == .repeat, nextStartsType {
        cursor.advance()
        let pattern = try readPostfixType()
        return TypeSyntax(
          kind: keyword == .each ? .packElement(pattern) : .packExpansion(pattern),
          range: start..<cursor.previousEnd)
      }
      cursor.advance()
      if keyword == .wildcard {
        return TypeSyntax(kind: .placeholder, range: start..<cursor.previousEnd)
      }
      let arguments = try readGenericArgumentsIfPresent()
      return TypeSyntax(
        kind: .identifier(name: name, genericArguments: arguments),
        range: start..<cursor.previousEnd)

    default:
      throw ReadError(
        token.kind == .endOfFile
          ? "expected a type" : "expected a type, found '\(cursor.currentText)'",
        at: token.range)
    }
  }

  /// A type, or an integer (the count of an inline array, a value generic argument).
  private mutating func readTypeOrInteger() throws(ReadError) -> TypeSyntax {
    let start = cursor.current.start
    if cursor.current.kind == .integer {
      cursor.advance()
      return TypeSyntax(kind: .integer, range: start..<cursor.previousEnd)
    }
    if cursor.isAt("-"), cursor.peek().kind == .integer, !cursor.peek().triviaBefore {
      cursor.advance()
      cursor.advance()
      return TypeSyntax(kind: .integer, range: start..<cursor.previousEnd)
    }
    return try readType()
  }

  /// `_ name: Type`, `name: Type`, `Type`, `Type...`.
  private mutating func readTupleTypeElement() throws(ReadError) -> TupleTypeElement {
    let start = cursor.current.start
    var firstName: (text: String, range: Range<Int>)?
    var secondName: (text: String, range: Range<Int>)?
    if cursor.current.kind == .identifier {
      if cursor.isAt(":", ahead: 1) {
        firstName = (cursor.currentText, cursor.current.range)
        cursor.advance()
        cursor.advance()
      } else if cursor.peek().kind == .identifier, cursor.isAt(":", ahead: 2) {
        firstName = (cursor.currentText, cursor.current.range)
        cursor.advance()
        secondName = (cursor.currentText, cursor.current.range)
        cursor.advance()
        cursor.advance()
      }
    }
    let type = try readType()
    var ellipsis: Range<Int>?
    if cursor.current.kind == .operator, cursor.currentText == "..." {
      ellipsis = cursor.current.range
      cursor.advance()
    }
    return TupleTypeElement(
      firstName: firstName, secondName: secondName, type: type, ellipsis: ellipsis,
      range: start..<cursor.previousEnd)
  }

  /// After a parenthesized list: `async`, `throws`, `throws(E)`, `rethrows`, then `-> Result`.
  /// Returns nil when the list is not followed by either (it is a tuple type).
  private mutating func readFunctionTail(
    _ parameters: [TupleTypeElement]
  ) throws(ReadError) -> FunctionTypeSyntax? {
    var asyncRange: Range<Int>?
    var throwsRange: Range<Int>?
    var thrownType: TypeSyntax?
    var effectsStart: Int?
    effects: while let keyword = cursor.currentKeyword {
      let token = cursor.current
      switch keyword {
      case .async where asyncRange == nil:
        cursor.advance()
        asyncRange = token.range
      case .throws where throwsRange == nil, .rethrows where throwsRange == nil:
        cursor.advance()
        if cursor.isAt("("), keyword == .throws {
          cursor.advance()
          thrownType = try readType()
          try cursor.expect(")", "to close the thrown type")
        }
        throwsRange = token.start..<cursor.previousEnd
      default:
        break effects
      }
      effectsStart = effectsStart ?? token.start
    }
    guard cursor.current.kind == .operator, cursor.currentText.hasPrefix("->") else {
      if effectsStart != nil {
        throw ReadError("expected '->' in the function type", at: cursor.current.range)
      }
      return nil
    }
    let effectsRange = effectsStart.map { $0..<cursor.previousEnd }
    _ = cursor.consumeOperatorCharacter(UInt8(ascii: "-"))
    _ = cursor.consumeOperatorCharacter(UInt8(ascii: ">"))
    let returnType = try readType()
    return FunctionTypeSyntax(
      parameters: parameters, asyncRange: asyncRange, throwsRange: throwsRange,
      thrownType: thrownType, effectsRange: effectsRange, returnType: returnType)
  }

  /// `<A, B>` after a type's name, if there is one. Whitespace, comments and line breaks may
  /// come before the `<` (`Array <Int>`): in a type, Swift reads a `<` after a name as the
  /// start of its generic arguments, whatever is between them.
  private mutating func readGenericArgumentsIfPresent() throws(ReadError) -> [TypeSyntax]? {
    guard cursor.isAtOperatorCharacter(UInt8(ascii: "<")) else { return nil }
    return try readGenericArguments()
  }

  /// `<A, B>`, from the `<`.
  package mutating func readGenericArguments() throws(ReadError) -> [TypeSyntax] {
    let open = cursor.current
    guard cursor.consumeOperatorCharacter(UInt8(ascii: "<")) else {
      throw ReadError("expected '<'", at: open.range)
    }
    var arguments: [TypeSyntax] = []
    repeat {
      arguments.append(try readTypeOrInteger())
    } while cursor.consume(",")
    guard cursor.consumeOperatorCharacter(UInt8(ascii: ">")) else {
      throw ReadError("expected '>' to close the generic arguments", at: cursor.current.range)
    }
    return arguments
  }
}
