import SwiftSourceLexing

extension SyntaxReader {
  /// Where an expression is read, which decides where it ends.
  package enum ExpressionContext {
    /// After `=` in a property: ends at `,` (next binding), `;`, a closing bracket, an accessor
    /// block, a `#if` directive, or a line that does not continue it.
    case initializer
    /// A statement in a closure body: ends at `;`, `}`, a `#if` directive, or a line that does not
    /// continue it.
    case statement
    /// An argument between parentheses: ends at `,` or `)`; line breaks do not matter.
    case argument
  }

  /// Reads an expression and the facts ``ExpressionSyntax`` records about it.
  ///
  /// The facts are about the expression's outermost level only (is it a literal, a closure, a
  /// call of `unimplemented`; for a closure, its signature and sole statement): an expression
  /// nested in it is skipped by bracket, never read again, so reading takes time in proportion
  /// to the expression's length however deeply closures nest in it.
  package mutating func readExpression(
    _ context: ExpressionContext
  ) throws(ReadError) -> ExpressionSyntax {
    let startIndex = cursor.index
    let range = try skipExpression(context)
    let endIndex = cursor.index
    return ExpressionSyntax(
      range: range,
      literalKind: literalKind(from: startIndex, to: endIndex),
      closure: try closureLiteral(from: startIndex, to: endIndex),
      isCallOfUnimplemented: isCall(named: "unimplemented", from: startIndex, to: endIndex))
  }

  /// Moves past an expression, to where it ends in `context`; returns its range.
  private mutating func skipExpression(_ context: ExpressionContext) throws(ReadError) -> Range<Int>
  {
    let start = cursor.current.start
    var first = true
    while !cursor.isAtEnd {
      let token = cursor.current
      let text = cursor.currentText
      if token.kind == .punctuation {
        if [")", "]", "}", ";"].contains(text) { break }
        if text == ",", context != .statement { break }
        if text == "{", context == .initializer, !first, isAtObserversAfterInitializer() {
          break
        }
      }
      if !first, context != .argument, token.newlineBefore {
        if token.kind == .pound, Self.directives.contains(text) { break }
        if !endsLineOpen(), !isContinuation() { break }
      }
      try cursor.skipBalanced()
      first = false
    }
    guard !first else {
      throw ReadError(
        cursor.isAtEnd
          ? "expected an expression" : "expected an expression before '\(cursor.currentText)'",
        at: cursor.current.range)
    }
    return start..<cursor.previousEnd
  }

  /// Compiler directives: a line starting with one ends an expression.
  static let directives: Set<String> = [
    "#if", "#else", "#elseif", "#endif", "#sourceLocation", "#warning", "#error",
  ]

  /// Whether the line before the token at the cursor ends in the middle of an expression: with a
  /// binary operator (whitespace before it, as the line break is after it: `isPreview ?`,
  /// `a +`) or the `:` of a ternary (`isPreview ? a :`).
  private func endsLineOpen() -> Bool {
    guard cursor.index > 0 else { return false }
    let previous = cursor.tokens[cursor.index - 1]
    switch previous.kind {
    case .operator: return previous.triviaBefore
    case .punctuation: return cursor.text(previous) == ":"
    default: return false
    }
  }

  /// Whether the token at the start of a line continues the expression on the line before:
  /// member access (`.name`), a binary operator (whitespace after it, as before it), `as`, `is`,
  /// `else`, the `:` of a ternary, or a trailing closure.
  private func isContinuation() -> Bool {
    let token = cursor.current
    let text = cursor.currentText
    switch token.kind {
    case .punctuation:
      return text == "." || text == ":" || text == "{"
    case .operator:
      return cursor.peek().triviaBefore
    case .identifier:
      // `else` continues an `if` expression whose `}` ended the line before.
      return cursor.isAt(.as) || cursor.isAt(.is) || cursor.isAt(.else)
    default:
      return false
    }
  }

  /// At `{`: whether it opens an accessor block (`{ didSet { … } }`, `{ get … }`) rather than a
  /// trailing closure.
  package func isAtAccessorBlock() -> Bool {
    var lookahead = self
    lookahead.cursor.advance()
    while lookahead.cursor.isAt("@") {
      guard (try? lookahead.readAttribute()) != nil else { return false }
    }
    while let keyword = lookahead.cursor.currentKeyword, Keyword.accessorModifiers.contains(keyword)
    {
      lookahead.cursor.advance()
    }
    guard let keyword = lookahead.cursor.currentKeyword, Keyword.accessors.contains(keyword)
    else { return false }
    let next = lookahead.cursor.peek()
    let nextText = lookahead.cursor.text(next)
    switch next.kind {
    case .punctuation: return ["{", "(", "}"].contains(nextText)
    case .identifier:
      guard let nextKeyword = lookahead.cursor.keyword(next) else { return false }
      return nextKeyword == .async || nextKeyword == .throws
        || Keyword.accessors.contains(nextKeyword)
    case .endOfFile: return true
    default: return false
    }
  }

  /// At `{` after a property's initializer: whether it opens the property's observers rather than
  /// a trailing closure of the initializer. A property with a value has no `get` or `set`, so
  /// Swift decides as swift-syntax's `atStartOfGetSetAccessor` does: `didSet`, `willSet` or
  /// `init` right after the brace, or after attributes (`@name`, `@name(…)`). Anything else
  /// (`compute { get() }`) is a trailing closure.
  package func isAtObserversAfterInitializer() -> Bool {
    var lookahead = cursor
    lookahead.advance()
    while lookahead.consume("@") {
      guard lookahead.current.kind == .identifier else { return false }
      lookahead.advance()
      if lookahead.isAt("(") {
        guard (try? lookahead.skipBalanced()) != nil else { return false }
      }
    }
    return lookahead.currentKeyword.map(Keyword.observers.contains) ?? false
  }

  // MARK: - Shape

  private func literalKind(from start: Int, to end: Int) -> ExpressionSyntax.LiteralKind? {
    guard end == start + 1 else { return nil }
    let token = cursor.tokens[start]
    switch token.kind {
    case .integer: return .integer
    case .float: return .float
    case .string: return .string
    case .identifier:
      let keyword = cursor.keyword(token)
      return keyword == .true || keyword == .false ? .boolean : nil
    default: return nil
    }
  }

  /// Whether the tokens are `name(…)`, with trailing closures if any.
  private func isCall(named name: String, from start: Int, to end: Int) -> Bool {
    var lookahead = self
    lookahead.cursor.rewind(to: start)
    guard lookahead.cursor.current.kind == .identifier, lookahead.cursor.currentText == name,
      lookahead.cursor.isAt("(", ahead: 1) || lookahead.cursor.isAt("{", ahead: 1)
    else { return false }
    lookahead.cursor.advance()
    if lookahead.cursor.isAt("(") {
      guard (try? lookahead.cursor.skipBalanced()) != nil else { return false }
    }
    while lookahead.cursor.index < end, lookahead.cursor.isAt("{") {
      guard (try? lookahead.cursor.skipBalanced()) != nil else { return false }
    }
    return lookahead.cursor.index == end
  }

  /// The closure literal the tokens are, if they are exactly one.
  private func closureLiteral(from start: Int, to end: Int) throws(ReadError) -> ClosureLiteral? {
    guard cursor.tokens[start].kind == .punctuation, cursor.text(cursor.tokens[start]) == "{"
    else { return nil }
    var reader = self
    reader.cursor.rewind(to: start)
    try reader.cursor.skipBalanced()
    guard reader.cursor.index == end else { return nil }
    let closeBrace = cursor.tokens[end - 1]

    reader.cursor.rewind(to: start + 1)
    var signature: Range<Int>?
    let signatureStart = reader.cursor.current.start
    var lookahead = reader
    if lookahead.readClosureSignature() {
      signature = signatureStart..<lookahead.cursor.previousEnd
      reader = lookahead
    }
    guard reader.cursor.index < end - 1 else {
      return ClosureLiteral(
        range: cursor.tokens[start].start..<closeBrace.end, signature: signature, body: nil,
        soleExpression: nil)
    }
    let body = reader.cursor.current.start..<cursor.tokens[end - 2].end
    var soleExpression: SoleExpression?
    if reader.isAtExpressionStatement() {
      let statementStart = reader.cursor.index
      let statementRange = try reader.skipExpression(.statement)
      let statementEnd = reader.cursor.index
      while reader.cursor.isAt(";") { reader.cursor.advance() }
      if reader.cursor.index == end - 1 {
        let firstToken = cursor.tokens[statementStart]
        let startsWithFatalError =
          cursor.text(firstToken) == "fatalError" && !firstToken.newlineBefore
          && cursor.tokens[statementStart + 1].kind == .punctuation
          && cursor.text(cursor.tokens[statementStart + 1]) == "("
          && !cursor.tokens[statementStart + 1].triviaBefore
        soleExpression = SoleExpression(
          range: statementRange, startsWithFatalErrorCall: startsWithFatalError,
          isClosureCall: isClosureCall(from: statementStart, to: statementEnd))
      }
    }
    return ClosureLiteral(
      range: cursor.tokens[start].start..<closeBrace.end, signature: signature, body: body,
      soleExpression: soleExpression)
  }

  /// Whether the tokens are `{ … }(…)`.
  private func isClosureCall(from start: Int, to end: Int) -> Bool {
    var lookahead = self
    lookahead.cursor.rewind(to: start)
    guard lookahead.cursor.isAt("{"), (try? lookahead.cursor.skipBalanced()) != nil,
      lookahead.cursor.isAt("("), !lookahead.cursor.current.newlineBefore,
      (try? lookahead.cursor.skipBalanced()) != nil
    else { return false }
    return lookahead.cursor.index == end
  }

  /// Reads a closure signature (`[captures] (params) async throws -> T in`, `a, b in`, `_ in`)
  /// through its `in`; returns false, having read some of it, when there is none.
  private mutating func readClosureSignature() -> Bool {
    while cursor.isAt("@") {
      guard (try? readAttribute(in: .type)) != nil else { return false }
    }
    if cursor.isAt("[") {
      guard (try? cursor.skipBalanced()) != nil else { return false }
    }
    if cursor.isAt("(") {
      guard (try? cursor.skipBalanced()) != nil else { return false }
    } else {
      while cursor.current.kind == .identifier, !cursor.isAt(.in) {
        cursor.advance()
        if !cursor.consume(",") { break }
      }
    }
    while let keyword = cursor.currentKeyword, Keyword.effects.contains(keyword) {
      cursor.advance()
      if cursor.isAt("("), !cursor.current.newlineBefore {
        guard (try? cursor.skipBalanced()) != nil else { return false }
      }
    }
    if cursor.current.kind == .operator, cursor.currentText == "->" {
      cursor.advance()
      guard (try? readType()) != nil else { return false }
    }
    return cursor.consume(.in)
  }

  /// Whether the statement at the cursor is an expression (as swift-syntax classifies it: `if` and
  /// `switch` at the start of a statement are statements).
  private func isAtExpressionStatement() -> Bool {
    let token = cursor.current
    let text = cursor.currentText
    switch token.kind {
    case .pound:
      return !Self.directives.contains(text)
    case .punctuation:
      return text != "@"
    case .identifier:
      let keyword = cursor.currentKeyword
      if let keyword, Keyword.statementIntroducers.contains(keyword) { return false }
      let next = cursor.peek()
      if let keyword, Keyword.namedStatementIntroducers.contains(keyword),
        next.kind == .identifier
      {
        return false
      }
      // A modifier starts a declaration only before its keyword or another modifier, or with
      // its detail (`nonisolated(unsafe)`): `unsafe compute()` is an expression.
      if isAtModifier() {
        if next.kind == .punctuation, cursor.text(next) == "(" { return false }
        if let nextKeyword = cursor.keyword(next),
          Keyword.declarationIntroducers.contains(nextKeyword) || nextKeyword.isModifier
        {
          return false
        }
      }
      // A labeled statement: `outer: for …`.
      if cursor.isAt(":", ahead: 1),
        let statement = cursor.keyword(cursor.peek(2)),
        Keyword.labelableStatements.contains(statement)
      {
        return false
      }
      return true
    default:
      return true
    }
  }
}

extension SyntaxReader {
  /// Whether `text` reads as one expression in `context`, all of it.
  package static func readsWhole(_ text: String, as context: ExpressionContext) -> Bool {
    guard var reader = try? SyntaxReader(SourceText(text)),
      (try? reader.readExpression(context)) != nil
    else { return false }
    return reader.cursor.isAtEnd
  }
}
