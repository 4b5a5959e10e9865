import DependenciesMacrosPluginCore
import Testing

/// What a test expects of a property declaration.
struct PropertyShape: CustomTestStringConvertible, Sendable {
  var source: String
  var name: String
  var type: String? = nil
  var initializer: String? = nil
  var isLet = false
  var attributes: [String] = []
  var modifiers: [String] = []
  /// "getter", the accessors' keywords joined by ",", or nil.
  var accessors: String? = nil

  var testDescription: String { source }
}

@Suite struct DeclarationReaderTests {
  @Test(
    "Property declarations as the compiler sends them",
    arguments: [
      PropertyShape(
        source:
          "\n  /// Fetches a user { by id }.\n  @MainActor var fetch: (_ id: Int) async throws -> User  // trailing",
        name: "fetch", type: "(_ id: Int) async throws -> User", attributes: ["MainActor"]),
      PropertyShape(
        source: "public var isFavorite: @Sendable (_ id: Int) -> Bool = { _ in false }",
        name: "isFavorite", type: "@Sendable (_ id: Int) -> Bool", initializer: "{ _ in false }",
        modifiers: ["public"]),
      PropertyShape(
        source: "var name: String { \"Blob\" }", name: "name", type: "String", accessors: "getter"),
      PropertyShape(
        source: "var name: String {\n  get { \"Blob\" }\n  set {}\n}", name: "name", type: "String",
        accessors: "get,set"),
      PropertyShape(
        source: "var count: Int = 0 {\n  didSet { print(\"{\") }\n}", name: "count", type: "Int",
        initializer: "0", accessors: "didSet"),
      PropertyShape(
        source: "var endpoint: @Sendable () throws -> Void {\n  willSet(newValue) {\n  }\n}",
        name: "endpoint", type: "@Sendable () throws -> Void", accessors: "willSet"),
      PropertyShape(
        source: "@Dependency(\\.continuousClock) var clock", name: "clock",
        attributes: ["Dependency"]),
      PropertyShape(source: "let id = UUID()", name: "id", initializer: "UUID()", isLet: true),
      PropertyShape(
        source: "var config = Config\n  .default\n  .with(x: 1)", name: "config",
        initializer: "Config\n  .default\n  .with(x: 1)"),
      PropertyShape(
        source: "public private(set) var count: Int", name: "count", type: "Int",
        modifiers: ["public", "private(set)"]),
      PropertyShape(
        source: "nonisolated(unsafe) static var shared = Client()", name: "shared",
        initializer: "Client()", modifiers: ["nonisolated(unsafe)", "static"]),
      PropertyShape(
        source: "var onEvent: ((Event) -> Void)? = nil", name: "onEvent",
        type: "((Event) -> Void)?", initializer: "nil"),
      PropertyShape(
        source: #"var json: () -> String = { "{\"a\": [1, 2]}" }"#, name: "json",
        type: "() -> String", initializer: #"{ "{\"a\": [1, 2]}" }"#),
      PropertyShape(
        source: "var make: () -> () -> Void = { { } }", name: "make", type: "() -> () -> Void",
        initializer: "{ { } }"),
      PropertyShape(
        source: "var `return`: () throws -> Int", name: "`return`", type: "() throws -> Int"),
      PropertyShape(
        source: "var value = [\n  1,  // one }\n  2,\n]", name: "value",
        initializer: "[\n  1,  // one }\n  2,\n]"),
      PropertyShape(
        source: "var choice = condition\n  ? a\n  : b", name: "choice",
        initializer: "condition\n  ? a\n  : b"),
      PropertyShape(
        source: "var mapped = values.map { $0 * 2 }", name: "mapped",
        initializer: "values.map { $0 * 2 }"),
      PropertyShape(
        source: "var mode = if flag {\n  1\n}\nelse {\n  2\n}", name: "mode",
        initializer: "if flag {\n  1\n}\nelse {\n  2\n}"),
      PropertyShape(
        source: "@available(*, deprecated, message: \"use {new}\") var old: () -> Void",
        name: "old", type: "() -> Void", attributes: ["available"]),
      PropertyShape(
        source: "fileprivate var cache: [String: (Int) -> Void] = [:]", name: "cache",
        type: "[String: (Int) -> Void]", initializer: "[:]", modifiers: ["fileprivate"]),
      PropertyShape(
        source: "package var user: any UserProtocol & Sendable = MockUser()", name: "user",
        type: "any UserProtocol & Sendable", initializer: "MockUser()", modifiers: ["package"]),
      PropertyShape(
        source: "var pattern = #/user-(\\d+)/#", name: "pattern", initializer: "#/user-(\\d+)/#"),
      // After a value, only `didSet`, `willSet` or `init` (after attributes, if any) open
      // accessors; any other brace is a trailing closure, as in swift-syntax.
      PropertyShape(
        source: "var x: Int = compute { get() }", name: "x", type: "Int",
        initializer: "compute { get() }"),
      PropertyShape(
        source: "var x: Int = compute {\n  set(1)\n}", name: "x", type: "Int",
        initializer: "compute {\n  set(1)\n}"),
      PropertyShape(
        source: "var x = compute\n{ read }", name: "x", initializer: "compute\n{ read }"),
      PropertyShape(
        source: "var x = 1 { @MainActor(unsafe) willSet {} }", name: "x", initializer: "1",
        accessors: "willSet"),
      PropertyShape(
        source: "var x = 1\n{ didSet {} }", name: "x", initializer: "1", accessors: "didSet"),
    ])
  func properties(_ shape: PropertyShape) throws {
    let source = SourceText(shape.source)
    guard case .variable(let property) = try SyntaxReader.readDeclaration(source) else {
      Issue.record("not a property")
      return
    }
    let binding = try #require(property.bindings.first)
    #expect(property.bindings.count == 1)
    #expect(binding.name == shape.name)
    #expect(binding.typeAnnotation.map { source.text($0.range) } == shape.type)
    #expect(binding.initializer.map { source.text($0.range) } == shape.initializer)
    #expect(property.isLet == shape.isLet)
    #expect(property.attributes.map(\.name) == shape.attributes)
    #expect(property.modifiers.map { source.text($0.range) } == shape.modifiers)
    let accessors: String? =
      switch binding.accessorBlock?.kind {
      case .getter?: "getter"
      case .accessors(let keywords)?: keywords.joined(separator: ",")
      case nil: nil
      }
    #expect(accessors == shape.accessors)
  }

  @Test("Several bindings and tuple patterns are read, for the macros to refuse")
  func bindings() throws {
    let source = SourceText("var a = 1, b: Int = 2, (c, d) = (3, 4)")
    guard case .variable(let property) = try SyntaxReader.readDeclaration(source) else {
      Issue.record("not a property")
      return
    }
    #expect(property.bindings.map(\.name) == ["a", "b", nil])
    #expect(source.text(property.bindings[2].patternRange) == "(c, d)")
  }

  @Test("A struct's members, with what the reader skips")
  func members() throws {
    let source = SourceText(
      """
      /// A client { with a brace in its doc comment.
      @DependencyClient
      public struct Client<T: Sendable>: Sendable where T: Hashable {
        /// Fetches.
        public var fetch: (_ id: Int) async throws -> T
        static let shared = Client()
        var computed: Int { 1 }
        #if DEBUG
          var debugOnly: () -> Void
        #else
          var release: () -> Void = { print("}") }
        #endif
        func helper() -> Int { let s = "}"; return s.count }
        init() {}
        struct Nested { var x: Int }
        enum Kind { case a, b }
        typealias ID = Dictionary<String,
          Int>
        subscript(i: Int) -> Int { i }
        #warning("check {")
        let regex = #/a}b/#
        ; var last: () -> Void
      }
      """)
    guard case .group(let group) = try SyntaxReader.readDeclaration(source) else {
      Issue.record("not a type")
      return
    }
    #expect(group.keyword == "struct")
    #expect(group.name == "Client")
    #expect(group.modifiers.map(\.name) == ["public"])
    #expect(group.attributes.map(\.name) == ["DependencyClient"])
    let kinds = group.members.map { member -> String in
      switch member {
      case .variable(let property): return "var \(property.bindings[0].name ?? "?")"
      case .conditionalBlock: return "#if"
      case .other(let keyword, _): return keyword
      }
    }
    #expect(
      kinds == [
        "var fetch", "var shared", "var computed", "#if", "func", "init", "struct", "enum",
        "typealias", "subscript", "#warning", "var regex", "var last",
      ])
  }

  @Test("An extension's header, as the lexical context holds it")
  func extensionHeader() throws {
    let source = SourceText("\n\nextension Dependencies.DependencyValues {}")
    guard case .group(let group) = try SyntaxReader.readDeclaration(source, readingMembers: false)
    else {
      Issue.record("not an extension")
      return
    }
    #expect(group.keyword == "extension")
    #expect(group.name == "DependencyValues")
    #expect(group.extendedType.map { source.text($0.range) } == "Dependencies.DependencyValues")
  }

  @Test(
    "What the reader cannot read is an error at its place",
    arguments: [
      (
        "struct S {\n  var x = y\n  #if DEBUG\n  .z\n  #endif\n}",
        "cannot read a '#if' block that continues the expression before it (write the member "
          + "access on the line of the expression, or declare the property in each branch)",
        37
      ),
      ("struct S {\n  var x: Int\n", "the body of 'S' is never closed", 9),
      ("struct S { foo() }", "expected a declaration in the body of 'S', found 'foo'", 11),
      ("var = 5", "expected a property name, found '='", 4),
      ("var x: = 5", "expected a type, found '='", 7),
      ("var x = ", "expected an expression", 8),
      (
        "var x: Int {\n  get {}\n  frobnicate {}\n}",
        "expected an accessor ('get', 'set', 'willSet', 'didSet'), found 'frobnicate'", 24
      ),
      ("var x = (1, 2", "'(' is never closed", 8),
      ("var x = 1 }", "unexpected '}' after the declaration", 10),
    ])
  func errors(source: String, message: String, offset: Int) {
    do {
      _ = try SyntaxReader.readDeclaration(SourceText(source))
      Issue.record("read \(source)")
    } catch {
      #expect(error.message == message)
      #expect(error.range.lowerBound == offset)
    }
  }
}
