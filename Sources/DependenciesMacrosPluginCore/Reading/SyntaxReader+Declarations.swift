import SwiftSourceLexing

extension SyntaxReader {
  /// The attributes, modifiers and keyword that start a declaration.
  package struct Introducer: Sendable {
    package var start: Int
    /// The attributes, but those in a `#if` block (which only a declaration other than a
    /// property may have: see ``skipConditionalAttributes()``).
    package var attributes: [Attribute]
    package var modifiers: [Modifier]
    /// `var`, `func`, `struct`, …
    package var keyword: String
  }

  /// Reads the declaration `source` holds, the whole of it: the compiler sends one declaration at
  /// a time. With `readingMembers` false, a type's body is skipped, not read.
  package static func readDeclaration(
    _ source: SourceText, readingMembers: Bool = true
  ) throws(ReadError) -> Declaration {
    var reader = try SyntaxReader(source)
    let declaration = try reader.readDeclaration(readingMembers: readingMembers)
    reader.cursor.consume(";")
    try reader.expectEnd("after the declaration")
    return declaration
  }

  /// Reads only the attributes, modifiers and keyword of the declaration `source` holds.
  package static func readIntroducer(_ source: SourceText) throws(ReadError) -> Introducer {
    var reader = try SyntaxReader(source)
    return try reader.readIntroducer()
  }

  package mutating func readIntroducer() throws(ReadError) -> Introducer {
    let start = cursor.current.start
    var attributes: [Attribute] = []
    var conditionalAttributes: Range<Int>?
    while true {
      if cursor.isAt("@") {
        attributes.append(try readAttribute())
      } else if let range = skipConditionalAttributes() {
        conditionalAttributes = conditionalAttributes ?? range
      } else {
        break
      }
    }
    let modifiers = try readModifiers()
    guard let keyword = cursor.currentKeyword, Keyword.declarationIntroducers.contains(keyword)
    else {
      throw ReadError(
        cursor.isAtEnd
          ? "expected a declaration" : "expected a declaration, found '\(cursor.currentText)'",
        at: cursor.current.range)
    }
    if let conditionalAttributes, keyword == .var || keyword == .let {
      throw unsupportedConditionalAttributes(conditionalAttributes, of: cursor.peek())
    }
    return Introducer(
      start: start, attributes: attributes, modifiers: modifiers, keyword: cursor.currentText)
  }

  package mutating func readDeclaration(readingMembers: Bool) throws(ReadError) -> Declaration {
    let introducer = try readIntroducer()
    switch Keyword(introducer.keyword) {
    case .var?, .let?:
      return .variable(try readVariable(introducer))
    case let keyword? where Keyword.typeIntroducers.contains(keyword):
      return .group(try readGroup(introducer, readingMembers: readingMembers))
    default:
      try skipDeclaration(introducer.keyword)
      return .other(
        keyword: introducer.keyword, attributes: introducer.attributes,
        range: introducer.start..<cursor.previousEnd)
    }
  }

  // MARK: - Properties

  /// Reads a property declaration from its `var` or `let`.
  package mutating func readVariable(_ introducer: Introducer) throws(ReadError)
    -> VariableDeclaration
  {
    let isLet = cursor.isAt(.let)
    cursor.advance()
    var bindings: [PatternBinding] = []
    repeat {
      bindings.append(try readPatternBinding())
    } while cursor.consume(",")
    return VariableDeclaration(
      range: introducer.start..<cursor.previousEnd, attributes: introducer.attributes,
      modifiers: introducer.modifiers, isLet: isLet, bindings: bindings)
  }

  private mutating func readPatternBinding() throws(ReadError) -> PatternBinding {
    let start = cursor.current.start
    let pattern: PatternBinding.Pattern
    if cursor.current.kind == .identifier {
      pattern = .identifier(name: cursor.currentText, range: cursor.current.range)
      cursor.advance()
    } else if cursor.isAt("(") {
      try cursor.skipBalanced()
      pattern = .tuple(range: start..<cursor.previousEnd)
    } else {
      throw ReadError(
        cursor.isAtEnd
          ? "expected a property name" : "expected a property name, found '\(cursor.currentText)'",
        at: cursor.current.range)
    }
    // A part nested too deeply is an error that names the property.
    let name = text(start..<cursor.previousEnd)
    var typeAnnotation: TypeSyntax?
    if cursor.consume(":") {
      let typeStart = cursor.current.start
      do {
        typeAnnotation = try readType()
      } catch {
        throw error.naming(name, part: .type, from: typeStart)
      }
    }
    var initializer: ExpressionSyntax?
    if cursor.current.kind == .operator, cursor.currentText == "=" {
      cursor.advance()
      let valueStart = cursor.current.start
      do {
        initializer = try readExpression(.initializer)
      } catch {
        throw error.naming(name, part: .value, from: valueStart)
      }
    }
    var accessorBlock: AccessorBlock?
    if cursor.isAt("{"), initializer == nil || isAtObserversAfterInitializer() {
      let accessorsStart = cursor.current.start
      do {
        accessorBlock = try readAccessorBlock()
      } catch {
        throw error.naming(name, part: .accessors, from: accessorsStart)
      }
    }
    return PatternBinding(
      pattern: pattern, typeAnnotation: typeAnnotation, initializer: initializer,
      accessorBlock: accessorBlock, range: start..<cursor.previousEnd)
  }

  private mutating func readAccessorBlock() throws(ReadError) -> AccessorBlock {
    let open = cursor.current
    guard isAtAccessorBlock() else {
      try cursor.skipBalanced()
      return AccessorBlock(kind: .getter, range: open.start..<cursor.previousEnd)
    }
    cursor.advance()
    var keywords: [String] = []
    while !cursor.isAt("}") {
      guard !cursor.isAtEnd else {
        throw ReadError("'{' is never closed", at: open.range)
      }
      _ = try readAttributes()
      while let keyword = cursor.currentKeyword, Keyword.accessorModifiers.contains(keyword) {
        cursor.advance()
      }
      guard let keyword = cursor.currentKeyword, Keyword.accessors.contains(keyword) else {
        throw ReadError(
          "expected an accessor ('get', 'set', 'willSet', 'didSet'), found '\(cursor.currentText)'",
          at: cursor.current.range)
      }
      keywords.append(cursor.currentText)
      cursor.advance()
      if cursor.isAt("(") { try cursor.skipBalanced() }
      while cursor.isAt(.async) || cursor.isAt(.throws) {
        cursor.advance()
        if cursor.isAt("("), !cursor.current.newlineBefore { try cursor.skipBalanced() }
      }
      if cursor.isAt("{") { try cursor.skipBalanced() }
      cursor.consume(";")
    }
    cursor.advance()
    return AccessorBlock(kind: .accessors(keywords), range: open.start..<cursor.previousEnd)
  }

  // MARK: - Types and extensions

  private mutating func readGroup(
    _ introducer: Introducer, readingMembers: Bool
  ) throws(ReadError) -> DeclarationGroup {
    cursor.advance()
    var name: String
    var extendedType: TypeSyntax?
    if introducer.keyword == Keyword.extension.rawValue {
      let type: TypeSyntax
      let typeStart = cursor.current.start
      do {
        type = try readType()
      } catch {
        throw error.naming("extension", part: .type, from: typeStart)
      }
      extendedType = type
      name = type.lastName ?? text(type.range)
    } else {
      guard cursor.current.kind == .identifier else {
        throw ReadError(
          "expected a name after '\(introducer.keyword)'", at: cursor.current.range)
      }
      name = cursor.currentText
      cursor.advance()
    }
    // Generic parameters, inheritance clause, `where` clause: skipped to the body.
    while !cursor.isAt("{") {
      guard !cursor.isAtEnd else {
        throw ReadError("expected '{' to open the body of '\(name)'", at: cursor.current.range)
      }
      try cursor.skipBalanced()
    }
    let members = readingMembers ? try readMembers(of: name) : []
    if !readingMembers { try cursor.skipBalanced() }
    return DeclarationGroup(
      keyword: introducer.keyword, name: name, extendedType: extendedType,
      attributes: introducer.attributes, modifiers: introducer.modifiers,
      range: introducer.start..<cursor.previousEnd, members: members)
  }

  /// Reads a type's body, from its `{` through its `}`.
  private mutating func readMembers(of name: String) throws(ReadError) -> [Member] {
    let open = cursor.current
    try cursor.expect("{", "to open the body of '\(name)'")
    var members: [Member] = []
    while !cursor.isAt("}") {
      guard !cursor.isAtEnd else {
        throw ReadError("the body of '\(name)' is never closed", at: open.range)
      }
      if cursor.consume(";") { continue }
      let start = cursor.current.start
      if cursor.current.kind == .pound, !isAtConditionalAttributes() {
        let directive = cursor.currentText
        if directive == "#if" {
          try skipConditionalBlock()
          members.append(.conditionalBlock(range: start..<cursor.previousEnd))
          continue
        }
        guard
          !Self.directives.contains(directive) || directive == "#warning"
            || directive == "#error" || directive == "#sourceLocation"
        else {
          throw ReadError("unexpected '\(directive)'", at: cursor.current.range)
        }
        // `#warning(…)`, `#sourceLocation(…)`, a freestanding macro with its trailing closures.
        cursor.advance()
        if cursor.isAt("("), !cursor.current.newlineBefore { try cursor.skipBalanced() }
        while cursor.isAt("{"), !cursor.current.newlineBefore { try cursor.skipBalanced() }
        members.append(.other(keyword: directive, range: start..<cursor.previousEnd))
        continue
      }
      let introducer: Introducer
      do {
        introducer = try readIntroducer()
      } catch {
        if error.isUnsupportedConstruct { throw error }
        throw ReadError(
          "expected a declaration in the body of '\(name)', found '\(cursor.currentText)'",
          at: cursor.current.range)
      }
      switch Keyword(introducer.keyword) {
      case .var?, .let?:
        members.append(.variable(try readVariable(introducer)))
      case let keyword? where Keyword.typeIntroducers.contains(keyword):
        _ = try readGroup(introducer, readingMembers: false)
        members.append(.other(keyword: introducer.keyword, range: start..<cursor.previousEnd))
      default:
        try skipDeclaration(introducer.keyword)
        members.append(.other(keyword: introducer.keyword, range: start..<cursor.previousEnd))
      }
    }
    cursor.advance()
    return members
  }

  /// Skips a `#if … #endif` block at member level. A clause that starts with `.` continues the
  /// expression before the block (`#if` around a member access): that cannot be read.
  private mutating func skipConditionalBlock() throws(ReadError) {
    let open = cursor.current
    var depth = 0
    var clauseStart = true
    repeat {
      guard !cursor.isAtEnd else {
        throw ReadError("'#if' is never closed by '#endif'", at: open.range)
      }
      let token = cursor.current
      let text = cursor.currentText
      if token.kind == .pound, ["#if", "#elseif", "#else", "#endif"].contains(text) {
        if text == "#if" { depth += 1 }
        if text == "#endif" { depth -= 1 }
        cursor.advance()
        // The condition runs to the end of its line.
        while !cursor.isAtEnd, !cursor.current.newlineBefore { try cursor.skipBalanced() }
        clauseStart = depth > 0
        continue
      }
      if clauseStart, cursor.isAt(".") {
        throw ReadError.unsupported(
          "cannot read a '#if' block that continues the expression before it "
            + "(write the member access on the line of the expression, or declare the property "
            + "in each branch)",
          at: token.range)
      }
      clauseStart = false
      try cursor.skipBalanced()
    } while depth > 0
  }

  /// Skips a declaration that is not a property or a type, from its keyword.
  private mutating func skipDeclaration(_ keyword: String) throws(ReadError) {
    cursor.advance()
    switch Keyword(keyword) {
    case .typealias?:
      guard cursor.current.kind == .identifier else {
        throw ReadError("expected a name after 'typealias'", at: cursor.current.range)
      }
      cursor.advance()
      if cursor.isAtOperatorCharacter(UInt8(ascii: "<")) { try skipAngleBrackets() }
      guard cursor.current.kind == .operator, cursor.currentText == "=" else {
        throw ReadError("expected '=' in the typealias", at: cursor.current.range)
      }
      cursor.advance()
      let typeStart = cursor.current.start
      do {
        _ = try readType()
      } catch {
        throw error.naming("typealias", part: .type, from: typeStart)
      }
      skipToEndOfLine()
    case .import?, .case?, .associatedtype?, .operator?:
      skipToEndOfLine()
    default:
      // Functions, initializers, subscripts, macros, precedence groups: to the end of the body,
      // or, without a body, to the line that starts the next declaration.
      while !cursor.isAtEnd, !cursor.isAt("}") {
        if cursor.isAt("{") {
          try cursor.skipBalanced()
          return
        }
        if cursor.current.newlineBefore, startsDeclaration() { return }
        try cursor.skipBalanced()
      }
    }
  }

  /// Skips bracketed tokens to the end of the line (or `;`, or a closing `}`).
  private mutating func skipToEndOfLine() {
    while !cursor.isAtEnd, !cursor.current.newlineBefore, !cursor.isAt(";"), !cursor.isAt("}") {
      guard (try? cursor.skipBalanced()) != nil else { return }
    }
  }

  /// Whether the token at the cursor starts a declaration.
  private func startsDeclaration() -> Bool {
    cursor.isAt("@") || isAtModifier() || cursor.current.kind == .pound
      || cursor.currentKeyword.map(Keyword.declarationIntroducers.contains) == true
  }

  /// `<…>` with nested angle brackets, from the `<`.
  private mutating func skipAngleBrackets() throws(ReadError) {
    let open = cursor.current
    var depth = 0
    repeat {
      guard !cursor.isAtEnd else {
        throw ReadError("'<' is never closed", at: open.range)
      }
      if cursor.consumeOperatorCharacter(UInt8(ascii: "<")) {
        depth += 1
      } else if cursor.consumeOperatorCharacter(UInt8(ascii: ">")) {
        depth -= 1
      } else if cursor.current.kind == .operator, cursor.currentText.hasPrefix("->") {
        cursor.advance()
      } else {
        try cursor.skipBalanced()
      }
    } while depth > 0
  }
}

extension TypeSyntax {
  /// The last name of a nominal type (`DependencyValues` for `Dependencies.DependencyValues`).
  package var lastName: String? {
    switch kind {
    case .identifier(let name, _), .member(_, let name, _): return name
    default: return nil
    }
  }
}
