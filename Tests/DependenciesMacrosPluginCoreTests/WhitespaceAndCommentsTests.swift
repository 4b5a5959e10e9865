import DependenciesMacrosPluginCore
import Testing

/// Whitespace and comments where Swift allows them, in both language modes (as swiftc 6.3 reads
/// them with `-swift-version 5` and `-swift-version 6`): before a generic argument list's `<` in
/// a type (both modes), after `@` (Swift 5 mode warns, Swift 6 mode reports an error but reads
/// the attribute), and between a declaration attribute's name and its arguments (the same).
@Suite struct WhitespaceAndCommentsTests {
  @Test(
    "Types with trivia before '<' are generic types",
    arguments: [
      ("Array <Int>", "Array"), ("Array/* of */<Int>", "Array"), ("Array\n  <Int>", "Array"),
      ("Dictionary <String, Array <Int>>", "Dictionary"), ("Swift.Array <Int>", "Array"),
      ("Result <Int, any Error>.Success", "Success"), ("Optional <Int>?", nil),
    ])
  func genericArguments(type: String, lastName: String?) throws {
    let (reader, syntax) = try readWholeType(type)
    #expect(reader.text(syntax.range) == type)
    #expect(syntax.lastName == lastName)
    #expect(syntax.functionType == nil)
  }

  @Test(
    "Closure types with trivia before '<', after '@', before an attribute's arguments",
    arguments: [
      ("(Array <Int>) -> Optional <Int>", ["Array <Int>"], "Optional <Int>", [String]()),
      ("(_ ids: Set <Int>) async -> [Int]", ["Set <Int>"], "[Int]", []),
      ("@ Sendable () -> Void", [], "Void", ["Sendable"]),
      ("@/* c */Sendable (Int) -> Void", ["Int"], "Void", ["Sendable"]),
      ("@\n  Sendable @ MainActor () -> Void", [], "Void", ["Sendable", "MainActor"]),
      // A type attribute's `(` after a space is the function's parameter list …
      ("@MainActor (Int) -> Void", ["Int"], "Void", ["MainActor"]),
      // … but for attributes that take arguments.
      ("@convention (c) (Int32) -> Int32", ["Int32"], "Int32", ["convention"]),
    ])
  func closureTypes(
    type: String, parameters: [String], returns: String, attributes: [String]
  ) throws {
    let (reader, syntax) = try readWholeType(type)
    let function = try #require(syntax.functionType)
    #expect(function.parameters.map { reader.text($0.type.range) } == parameters)
    #expect(reader.text(function.returnType.range) == returns)
    #expect(syntax.attributeNames == attributes)
    #expect(reader.text(syntax.range) == type)
  }

  @Test(
    "Declarations with trivia after '@', before '<' and before an attribute's arguments",
    arguments: [
      ("@DependencyEndpoint (method: \"load\") var fetch: () -> Void", "fetch", #"method: "load""#),
      (
        "@DependencyEndpoint/* c */(method: \"load\") var fetch: () -> Void", "fetch",
        #"method: "load""#
      ),
      ("@ DependencyEndpoint var fetch: () -> Void", "fetch", nil),
      ("@DependencyEntry var values: Array <Int> = []", "values", nil),
      ("@Wrapper <Int> (1) var value: Int", "value", "1"),
      ("@Wrapper\n  <Int> var value: Int", "value", nil),
    ])
  func declarations(source: String, name: String, arguments: String?) throws {
    let text = SourceText(source)
    guard case .variable(let property) = try SyntaxReader.readDeclaration(text) else {
      Issue.record("not a property")
      return
    }
    #expect(property.bindings.first?.name == name)
    #expect(property.attributes.first?.arguments.map(text.text) == arguments)
  }

  @Test("An attribute's arguments start on its line: a '(' on the next line is not them")
  func argumentsOnTheNextLine() {
    #expect(throws: ReadError.self) {
      try SyntaxReader.readDeclaration(SourceText("@Wrapper\n(1) var value: Int"))
    }
  }

  @Test("The macro's own attribute, with a space before its arguments")
  func macroAttribute() throws {
    let (attribute, arguments) = try SyntaxReader.readAttributeWithArguments(
      SourceText(#"@DependencyEndpoint (method: "load")"#))
    #expect(attribute.name == "DependencyEndpoint")
    #expect(arguments.map(\.label) == ["method"])
  }

  @Test("The macros expand declarations written so")
  func expansions() throws {
    let method = expand(
      "DependencyEndpointMacro", .peer,
      "@DependencyEndpoint (method: \"load\")\nvar fetch: (_ id: Int) -> Array <Int> = { _ in [] }")
    #expect(method.diagnostics.isEmpty)
    #expect(method.pieces?.first == "func load(id p0: Int) -> Array <Int> {\n  self.fetch(p0)\n}")

    let sendable = expand(
      "DependencyEndpointMacro", .peer, "@ DependencyEndpoint\nvar fetch: @ Sendable () -> Void")
    #expect(sendable.diagnostics.isEmpty)
    #expect(sendable.pieces?.contains { $0.contains("var _fetch: @ Sendable () -> Void") } == true)

    let entry = expand(
      "DependencyEntryMacro", .peer, "@DependencyEntry\nvar values: Array <Int> = []",
      lexicalContext: ["extension DependencyValues {}"])
    #expect(entry.diagnostics.isEmpty)
    #expect(entry.pieces?.last?.contains("typealias Value = Array <Int>\n") == true)
  }
}
