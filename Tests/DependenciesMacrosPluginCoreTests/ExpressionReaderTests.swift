import DependenciesMacrosPluginCore
import Testing

/// What a test expects of a closure literal.
struct ClosureLiteralShape: CustomTestStringConvertible, Sendable {
  var source: String
  var signature: String? = nil
  var body: String?
  var soleExpression: String? = nil
  var startsWithFatalError = false
  var isClosureCall = false

  var testDescription: String { source }
}

@Suite struct ExpressionReaderTests {
  private func read(_ text: String) throws -> (SourceText, ExpressionSyntax) {
    let source = SourceText(text)
    var reader = try SyntaxReader(source)
    let expression = try reader.readExpression(.initializer)
    try reader.expectEnd("after the expression")
    return (source, expression)
  }

  @Test(
    "Closure literals: signature, body, and whether the body is one expression",
    arguments: [
      ClosureLiteralShape(
        source: "{ _ in false }", signature: "_ in", body: "false", soleExpression: "false"),
      ClosureLiteralShape(source: "{ 42 }", body: "42", soleExpression: "42"),
      ClosureLiteralShape(source: "{ }", body: nil),
      ClosureLiteralShape(
        source: "{ fatalError() }", body: "fatalError()", soleExpression: "fatalError()",
        startsWithFatalError: true),
      ClosureLiteralShape(
        source: "{ _ in fatalError(\"Goodbye\") }", signature: "_ in",
        body: "fatalError(\"Goodbye\")", soleExpression: "fatalError(\"Goodbye\")",
        startsWithFatalError: true),
      ClosureLiteralShape(
        source: "{\n  fatalError()\n}", body: "fatalError()", soleExpression: "fatalError()"),
      ClosureLiteralShape(
        source: "{ { fatalError() }() }", body: "{ fatalError() }()",
        soleExpression: "{ fatalError() }()", isClosureCall: true),
      ClosureLiteralShape(
        source: "{ [weak self] id in self?.load(id) }", signature: "[weak self] id in",
        body: "self?.load(id)", soleExpression: "self?.load(id)"),
      ClosureLiteralShape(
        source: "{ (a: Int, b: Int) async throws -> Int in a + b }",
        signature: "(a: Int, b: Int) async throws -> Int in", body: "a + b",
        soleExpression: "a + b"),
      ClosureLiteralShape(
        source: "{ @MainActor in run() }", signature: "@MainActor in", body: "run()",
        soleExpression: "run()"),
      ClosureLiteralShape(source: "{ let x = 1; return x }", body: "let x = 1; return x"),
      ClosureLiteralShape(source: "{ a(); b() }", body: "a(); b()"),
      ClosureLiteralShape(source: "{ a()\n  b() }", body: "a()\n  b()"),
      ClosureLiteralShape(source: "{ if x { 1 } else { 2 } }", body: "if x { 1 } else { 2 }"),
      ClosureLiteralShape(
        source: "{ try await fetch() }", body: "try await fetch()",
        soleExpression: "try await fetch()"),
      ClosureLiteralShape(
        source: "{ values in\n  values\n    .map { $0 }\n    .sorted()\n}", signature: "values in",
        body: "values\n    .map { $0 }\n    .sorted()",
        soleExpression: "values\n    .map { $0 }\n    .sorted()"),
      ClosureLiteralShape(source: "{ 1; }", body: "1;", soleExpression: "1"),
      ClosureLiteralShape(
        source: "{ _, _ in \"{ not a brace }\" }", signature: "_, _ in",
        body: "\"{ not a brace }\"", soleExpression: "\"{ not a brace }\""),
      ClosureLiteralShape(
        source: "{ #if DEBUG\n  1\n  #else\n  2\n  #endif\n}",
        body: "#if DEBUG\n  1\n  #else\n  2\n  #endif"),
      // A word spelled like a modifier starts a declaration only before a declaration keyword
      // or another modifier: `unsafe compute()` is an expression (SE-0458).
      ClosureLiteralShape(
        source: "{ unsafe compute() }", body: "unsafe compute()",
        soleExpression: "unsafe compute()"),
      ClosureLiteralShape(
        source: "{ private func f() -> Int { 1 }; return f() }",
        body: "private func f() -> Int { 1 }; return f()"),
      ClosureLiteralShape(
        source: "{ nonisolated(unsafe) var x = 1; return x }",
        body: "nonisolated(unsafe) var x = 1; return x"),
      ClosureLiteralShape(
        source: "{ fileprivate static let x = 1 }", body: "fileprivate static let x = 1"),
    ])
  func closures(_ shape: ClosureLiteralShape) throws {
    let (source, expression) = try read(shape.source)
    let closure = try #require(expression.closure)
    #expect(closure.signature.map(source.text) == shape.signature)
    #expect(closure.body.map(source.text) == shape.body)
    #expect(closure.soleExpression.map { source.text($0.range) } == shape.soleExpression)
    #expect(
      (closure.soleExpression?.startsWithFatalErrorCall ?? false) == shape.startsWithFatalError)
    #expect((closure.soleExpression?.isClosureCall ?? false) == shape.isClosureCall)
  }

  @Test(
    "Literal kinds, as the classic macro infers a property's type",
    arguments: [
      ("false", ExpressionSyntax.LiteralKind.boolean), ("true", .boolean), ("1", .integer),
      ("0x1F", .integer), ("1.0", .float), ("\"Blob\"", .string), ("\"\\(name)\"", .string),
      ("#\"raw\"#", .string),
    ])
  func literals(text: String, kind: ExpressionSyntax.LiteralKind) throws {
    #expect(try read(text).1.literalKind == kind)
  }

  @Test("Not literals", arguments: ["-1", "Value()", "[1]", "1 + 1", "nil", ".zero"])
  func nonLiterals(text: String) throws {
    #expect(try read(text).1.literalKind == nil)
    #expect(try read(text).1.closure == nil)
  }

  @Test(
    "Calls of unimplemented",
    arguments: [
      ("unimplemented()", true), ("unimplemented(\"Client.fetch\", placeholder: 0)", true),
      ("unimplemented { 0 }", true), ("IssueReporting.unimplemented()", false),
      ("unimplemented", false), ("unimplemented().self", false),
    ])
  func unimplementedCalls(text: String, isCall: Bool) throws {
    #expect(try read(text).1.isCallOfUnimplemented == isCall)
  }

  @Test("An initializer ends where the next member starts")
  func initializerExtent() throws {
    let source = SourceText("a\n  .b ?? c\n  + d\nvar next")
    var reader = try SyntaxReader(source)
    let expression = try reader.readExpression(.initializer)
    #expect(source.text(expression.range) == "a\n  .b ?? c\n  + d")
    #expect(reader.cursor.currentText == "var")
  }

  @Test(
    "A line that ends with a binary operator or a ternary's ':' continues on the next",
    arguments: [
      (
        "isPreview ?\n  Client.preview : Client.live\nvar next",
        "isPreview ?\n  Client.preview : Client.live"
      ),
      (
        "isPreview ? Client.preview :\n  Client.live\nvar next",
        "isPreview ? Client.preview :\n  Client.live"
      ),
      ("a +\n  b ??\n  c\nvar next", "a +\n  b ??\n  c"),
      // A postfix operator (no whitespace before it) ends the line's expression.
      ("a!\nvar next", "a!"),
    ])
  func lineEndingOpen(text: String, expected: String) throws {
    let source = SourceText(text)
    var reader = try SyntaxReader(source)
    let expression = try reader.readExpression(.initializer)
    #expect(source.text(expression.range) == expected)
    #expect(reader.cursor.currentText == "var")
  }

  @Test("A prefix operator on the next line starts a new statement")
  func prefixOperator() throws {
    let source = SourceText("a\n-b")
    var reader = try SyntaxReader(source)
    let expression = try reader.readExpression(.statement)
    #expect(source.text(expression.range) == "a")
  }

  @Test("Attribute arguments, labeled and not")
  func attributeArguments() throws {
    let source = SourceText(
      "@DependencyEntry(\"APIClientKey\", liveValue: LiveClient(base: \"x\", retries: 3),\n  previewValue: .preview)"
    )
    let (attribute, arguments) = try SyntaxReader.readAttributeWithArguments(source)
    #expect(attribute.name == "DependencyEntry")
    #expect(arguments.map(\.label) == [nil, "liveValue", "previewValue"])
    #expect(
      arguments.map { source.text($0.expression.range) } == [
        "\"APIClientKey\"", "LiveClient(base: \"x\", retries: 3)", ".preview",
      ])
    #expect(StaticStringLiteral(arguments[0].expression, in: source)?.content == "APIClientKey")
    #expect(StaticStringLiteral(arguments[1].expression, in: source) == nil)
  }

  @Test(
    "Static string literals",
    arguments: [
      ("\"fetch\"", "fetch"), ("#\"fetch\"#", "fetch"), ("\"`class`\"", "`class`"),
      ("#\"a\\(b)\"#", "a\\(b)"), ("\"\"", ""),
    ])
  func staticStrings(text: String, content: String) throws {
    let (source, expression) = try read(text)
    #expect(StaticStringLiteral(expression, in: source)?.content == content)
  }

  @Test("Interpolations are not static", arguments: ["\"\\(Self.self)\"", "#\"a\\#(b)\"#"])
  func interpolations(text: String) throws {
    let (source, expression) = try read(text)
    #expect(StaticStringLiteral(expression, in: source) == nil)
  }
}
