import DependenciesMacrosPluginCore
import Testing

@Suite struct DependencyClientMacroTests {
  private let availabilityAttributes = ["iOS", "macOS", "tvOS", "watchOS"].map {
    """
    @available(\($0), deprecated: 9999, message: "This property has a method equivalent that is \
    preferred for autocomplete via this deprecation. It is perfectly fine to use for overriding \
    and accessing via '@Dependency'.")
    """
  }

  /// The initializers' signatures on one line each: `init(a: Int, b: @escaping () -> Void)`.
  private func signatures(_ source: String) -> [String]? {
    expand("DependencyClientMacro", .member, source).pieces?.map { piece in
      let signature = String(piece.prefix { $0 != "{" }).trimmingSuffixSpaces
      return signature.replacing("(\n  ", with: "(").replacing(",\n  ", with: ", ")
        .replacing("\n)", with: ")")
    }
  }

  @Test("The memberwise initializer, with the isolation check, and the unimplemented client")
  func initializers() {
    let expansion = expand(
      "DependencyClientMacro", .member,
      """
      @DependencyClient
      struct Client {
        var config: Bool = false
        var endpoint: () -> Void
      }
      """)
    #expect(expansion.diagnostics.isEmpty)
    #expect(
      expansion.pieces == [
        """
        init(
          config: Bool = false,
          endpoint: @escaping () -> Void
        ) {
          #if DEBUG
          func __dependencyClientIsolationProbe() {
          }
          #sourceLocation(file: "/tmp/Test.swift", line: 1)
          #IsolationCheck(client: __dependencyClientIsolationProbe)
          #sourceLocation()
          #endif
          self.config = config
          self.endpoint = endpoint
        }
        """,
        """
        init(
          config: Bool = false
        ) {
          self.config = config
        }
        """,
      ])
  }

  @Test(
    "Which properties the initializers take, and with what access",
    arguments: [
      (
        "struct Client {\n  var config = false\n  var endpoint: () -> Void\n}",
        [
          "init(config: Swift.Bool = false, endpoint: @escaping () -> Void)",
          "init(config: Swift.Bool = false)",
        ]
      ),
      (
        "struct Client {\n  var a = 1.0\n  var b = 1\n  var c = \"Blob\"\n  var endpoint: () -> Void\n}",
        [
          "init(a: Swift.Double = 1.0, b: Swift.Int = 1, c: Swift.String = \"Blob\", endpoint: @escaping () -> Void)",
          "init(a: Swift.Double = 1.0, b: Swift.Int = 1, c: Swift.String = \"Blob\")",
        ]
      ),
      (
        "struct Client {\n  private var config: Bool\n  var endpoint: () -> Void\n}",
        [
          "private init(config: Bool, endpoint: @escaping () -> Void)",
          "private init(config: Bool)",
        ]
      ),
      (
        "struct Client {\n  private var config: Bool = false\n  var endpoint: () -> Void\n}",
        ["init(endpoint: @escaping () -> Void)", "init()"]
      ),
      (
        "public struct Client {\n  private var config = false\n  public var endpoint: () -> Void\n}",
        ["public init(endpoint: @escaping () -> Void)", "public init()"]
      ),
      (
        "public struct Client {\n  var endpoint: () -> Void\n}",
        ["init(endpoint: @escaping () -> Void)", "init()"]
      ),
      (
        "package struct Client {\n  package var endpoint: () -> Void\n}",
        ["package init(endpoint: @escaping () -> Void)", "package init()"]
      ),
      (
        "fileprivate struct Client {\n  fileprivate var endpoint: () -> Void\n}",
        ["init(endpoint: @escaping () -> Void)", "init()"]
      ),
      (
        "struct Blah {\n  public var foo: () -> String = { { fatalError() }() }\n}",
        ["public init(foo: @escaping () -> String)", "public init()"]
      ),
      (
        "struct Client: Sendable {\n  var name: String?\n  var endpoint: @Sendable () -> Void\n}",
        [
          "init(name: String? = nil, endpoint: @Sendable @escaping () -> Void)",
          "init(name: String? = nil)",
        ]
      ),
      (
        "struct Client {\n  var name: Optional<String>\n  var endpoint: @Sendable @MainActor () -> Void\n}",
        [
          "init(name: Optional<String>, endpoint: @Sendable @MainActor @escaping () -> Void)",
          "init(name: Optional<String>)",
        ]
      ),
      (
        """
        struct Client: Sendable {
          let id = UUID()
          let key: String
          static var shared = Client()
          var computed: Int { 1 }
          var computedGet: Int { get { 1 } }
          var observed: () -> Void { willSet { print("!") } }
          @Dependency(\\.uuid) var uuid
          @DependencyEndpointIgnored var ignored: () -> Void = {}
          var endpoint: () -> Int = { 42 }
          let config: () -> Void
          #if DEBUG
            var debugOnly: () -> Void
          #endif
        }
        """,
        [
          "init(key: String, observed: @escaping () -> Void, endpoint: @escaping () -> Int, config: @escaping () -> Void)",
          "init(key: String, config: @escaping () -> Void)",
        ]
      ),
      (
        "struct Client<Value: Sendable> where Value: Hashable {\n  var fetch: (_ id: Int) async throws -> Value\n}",
        ["init(fetch: @escaping (_ id: Int) async throws -> Value)", "init()"]
      ),
      (
        "struct Client {\n  /// Fetches.\n  var fetch: (\n    _ id: Int,  // the id\n    _ name: String\n  ) -> Void  // trailing\n}",
        [
          // (The test's one-line rendering also joins the type's first line.)
          "init(fetch: @escaping (  _ id: Int,  // the id\n    _ name: String\n  ) -> Void)",
          "init()",
        ]
      ),
    ])
  func parameters(source: String, expected: [String]) {
    #expect(signatures("@DependencyClient\n" + source) == expected)
  }

  /// A divergence kept on purpose (MigratingFromClassic.md, "Macros"): classic recognizes only
  /// `@Dependency`, and makes `@Dependencies.Dependency var uuid: UUIDGenerator` a parameter the
  /// initializer cannot assign (the wrapped property has no setter).
  @Test("'@Dependencies.Dependency' properties are not parameters, as '@Dependency' ones are not")
  func moduleQualifiedDependency() {
    #expect(
      signatures(
        """
        @DependencyClient
        struct Client {
          @Dependencies.Dependency(\\.uuid) var uuid: UUIDGenerator
          @Dependency(\\.date) var date: DateGenerator
          var endpoint: () -> Void
        }
        """) == ["init(endpoint: @escaping () -> Void)", "init()"])
    let attributes = expand(
      "DependencyClientMacro", .memberAttribute,
      "@Dependencies.Dependency(\\.callback) var callback: () -> Void",
      attribute: "@DependencyClient", parent: parent)
    #expect(attributes.pieces == [])
  }

  @Test("A value with a trailing closure that starts with 'get' is a stored property's")
  func trailingClosureValue() {
    let expansion = expand(
      "DependencyClientMacro", .member,
      "@DependencyClient\nstruct Client {\n  var x: Int = compute { get() }\n  var endpoint: () -> Void\n}"
    )
    #expect(expansion.pieces?.count == 2)
    #expect(expansion.pieces?.allSatisfy { $0.contains("\n  x: Int = compute { get() }") } == true)
  }

  @Test("A declaration of several stored properties gives a parameter for each")
  func severalBindings() {
    #expect(
      signatures(
        """
        @DependencyClient
        struct Client {
          var width = 1.0, height: Double
          var name, title: String?
          let x = 1, y = 2
          var endpoint: () -> Void
        }
        """)
        == [
          "init(width: Swift.Double = 1.0, height: Double, name: String? = nil, title: String? = nil, endpoint: @escaping () -> Void)",
          "init(width: Swift.Double = 1.0, height: Double, name: String? = nil, title: String? = nil)",
        ])
  }

  @Test(
    "Without an endpoint, no initializers",
    arguments: [
      "struct S {\n  var x: Int\n}",
      "struct S {\n  @DependencyEndpointIgnored var x: () -> Void = {}\n  let y: () -> Void\n}",
    ])
  func noEndpoints(source: String) {
    let expansion = expand("DependencyClientMacro", .member, "@DependencyClient\n" + source)
    #expect(expansion.pieces == [])
    #expect(expansion.diagnostics.isEmpty)
  }

  @Test("Stored properties are set before endpoints")
  func assignmentOrder() throws {
    let expansion = expand(
      "DependencyClientMacro", .member,
      "@DependencyClient\nstruct Client {\n  var endpoint: () -> Void\n  let config: () -> Void\n}")
    let first = try #require(expansion.pieces?.first)
    #expect(first.hasSuffix("  self.config = config\n  self.endpoint = endpoint\n}"))
  }

  @Test(
    "Member diagnostics",
    arguments: [
      (
        "@DependencyClient\nclass Client {\n  var endpoint: () -> Void\n}",
        ["1:1: error: '@DependencyClient' can only be applied to struct types"]
      ),
      (
        "@DependencyClient\nenum Client {}",
        ["1:1: error: '@DependencyClient' can only be applied to struct types"]
      ),
      (
        "@DependencyClient\nstruct Client {\n  var endpoint: () -> Void\n  var value = Value()\n}",
        [
          "4:7: error: '@DependencyClient' requires 'value' to have a type annotation in order to generate a memberwise initializer"
        ]
      ),
      (
        "@DependencyClient\nstruct Client {\n  var a: () -> Void, b: () -> Void\n}",
        [
          "3:3: error: '@DependencyClient' cannot read a declaration of 2 closure properties: declare each endpoint with its own 'var'"
        ]
      ),
      (
        "@DependencyClient\nstruct Client {\n  var (a, b): (Int, Int)\n  var endpoint: () -> Void\n}",
        [
          "3:7: error: '@DependencyClient' cannot read the tuple pattern '(a, b)': declare each property with its own 'var'"
        ]
      ),
      (
        "@DependencyClient\nstruct Client {\n  var x = y\n  #if DEBUG\n  .z\n  #endif\n}",
        [
          "5:3: error: '@DependencyClient' cannot read a '#if' block that continues the expression before it (write the member access on the line of the expression, or declare the property in each branch)"
        ]
      ),
    ])
  func memberDiagnostics(source: String, expected: [String]) {
    #expect(expand("DependencyClientMacro", .member, source).summaries == expected)
  }

  @Test("The missing type annotation's fix-it inserts a placeholder after the name")
  func typeAnnotationFixIt() throws {
    let source =
      "@DependencyClient\nstruct Client {\n  var endpoint: () -> Void\n  var value = Value()\n}"
    let expansion = expand("DependencyClientMacro", .member, source)
    #expect(expansion.pieces == [])
    let fixIt = try #require(expansion.diagnostics.first?.fixIts.first)
    #expect(fixIt.message == "Insert ': <#Type#>'")
    #expect(fixIt.changes.map(\.newText) == [": <#Type#>"])
    #expect(fixIt.changes.first?.range.range.lowerBound == source.utf8Offset(of: " = Value()"))
  }

  // MARK: - Member attributes

  private let parent = "@DependencyClient\nstruct Client {}"

  @Test(
    "Which members become endpoints",
    arguments: [
      ("var endpoint: () -> Void", ["@DependencyEndpoint"]),
      ("var endpoint: @Sendable () async throws -> Int", ["@DependencyEndpoint"]),
      ("var endpoint: () -> Int?", ["@DependencyEndpoint"]),
      ("var endpoint: () -> Optional<Int>", ["@DependencyEndpoint"]),
      ("var endpoint: () throws(any Error) -> Int", ["@DependencyEndpoint"]),
      ("var endpoint: () -> Bool = { false }", ["@DependencyEndpoint"]),
      ("var endpoint: () -> String = { { fatalError() }() }", ["@DependencyEndpoint"]),
      ("static var endpoint: () -> Void", ["@DependencyEndpoint"]),
      ("@DependencyEndpoint var endpoint: () -> Void", []),
      ("@DependenciesMacros.DependencyEndpoint var endpoint: () -> Void", []),
      ("@DependencyEndpointIgnored var endpoint: () -> Void", []),
      ("@Dependency(\\.client) var client", []),
      ("let endpoint: () -> Void", []),
      ("var config: Bool", []),
      ("var callback: (() -> Void)?", []),
      ("var computed: () -> Void { {} }", ["@DependencyEndpoint"]),
      ("func helper() -> Int { 1 }", []),
      ("init() {}", []),
    ])
  func memberAttributes(member: String, expected: [String]) {
    let expansion = expand(
      "DependencyClientMacro", .memberAttribute, member, attribute: "@DependencyClient",
      parent: parent)
    #expect(expansion.pieces == expected)
    #expect(expansion.diagnostics.isEmpty)
  }

  @Test("Argument labels deprecate the property on Apple platforms, as classic does")
  func availability() {
    let labeled = expand(
      "DependencyClientMacro", .memberAttribute, "var fetch: (_ id: Int) throws -> String",
      attribute: "@DependencyClient", parent: parent)
    #expect(labeled.pieces == ["@DependencyEndpoint"] + availabilityAttributes)
    let renamed = expand(
      "DependencyClientMacro", .memberAttribute,
      "@DependencyEndpoint(method: \"foo\")\nvar fetch: (_ id: Int) throws -> String",
      attribute: "@DependencyClient", parent: parent)
    #expect(renamed.pieces == availabilityAttributes)
  }

  @Test("A non-throwing endpoint without a default needs one, with a fix-it")
  func defaultRequired() throws {
    let member = "var isFavorite: (Int, String) -> Bool  // comment"
    let expansion = expand(
      "DependencyClientMacro", .memberAttribute, member, attribute: "@DependencyClient",
      parent: parent)
    #expect(expansion.pieces == [])
    let diagnostic = try #require(expansion.diagnostics.first)
    #expect(
      diagnostic.message == """
        Default value required for non-throwing closure 'isFavorite'

        Defaults are required so that the macro can generate a default, "unimplemented" version \
        of the dependency via 'Client()'. The default value can be anything and does not need to \
        signify a real value. For example, if the endpoint returns a boolean, you can return \
        'false', or if it returns an array, you can return '[]'.

        See the documentation for @DependencyClient for more information: \
        https://swiftpackageindex.com/pointfreeco/swift-dependencies/main/documentation/dependenciesmacros/dependencyclient()#Restrictions
        """)
    #expect(diagnostic.summary.hasPrefix("1:5: error:"))
    #expect(diagnostic.node.text == "isFavorite: (Int, String) -> Bool")
    let fixIt = try #require(diagnostic.fixIts.first)
    #expect(fixIt.message == "Insert '= { _, _ in <#Bool#> }'")
    #expect(fixIt.changes.map(\.newText) == [" = { _, _ in <#Bool#> }"])
    #expect(
      fixIt.changes.first?.range.range == member.utf8Offset(
        of: "  // comment")..<member.utf8Offset(of: "  // comment"))
  }

  @Test("A typed-throwing endpoint without a default needs one: it cannot throw Unimplemented")
  func typedThrowsDefaultRequired() throws {
    let expansion = expand(
      "DependencyClientMacro", .memberAttribute,
      "var fetch: (_ id: Int) throws(FetchError) -> User",
      attribute: "@DependencyClient", parent: parent)
    #expect(expansion.pieces == [])
    let diagnostic = try #require(expansion.diagnostics.first)
    #expect(
      diagnostic.summary
        == "1:5: error: Default value required for closure 'fetch' that throws 'FetchError'")
    #expect(
      diagnostic.fixIts.first?.changes.first?.newText
        == " = { _ throws(FetchError) in throw <#FetchError#> }")
  }

  @Test("A default that is not a closure literal is an error; unimplemented() also a warning")
  func nonClosureDefault() {
    let expansion = expand(
      "DependencyClientMacro", .memberAttribute, "var bar: () -> Int = unimplemented()",
      attribute: "@DependencyClient", parent: parent)
    #expect(expansion.pieces == nil)
    #expect(
      expansion.summaries == [
        "1:22: error: '@DependencyClient' default must be closure literal",
        "1:22: warning: Do not use 'unimplemented' with '@DependencyClient'; the '@DependencyClient' macro already includes the behavior of 'unimplemented'.",
      ])
  }

  @Test("A fatalError() default gets a warning and a fix-it, and no endpoint")
  func fatalErrorDefault() throws {
    let member = "public var foo: () -> String = { fatalError(\"Goodbye\") }"
    let expansion = expand(
      "DependencyClientMacro", .memberAttribute, member, attribute: "@DependencyClient",
      parent: parent)
    #expect(expansion.pieces == [])
    let diagnostic = try #require(expansion.diagnostics.first)
    #expect(
      diagnostic.summary
        == "1:34: warning: Prefer returning a default mock value over 'fatalError()' to avoid crashes in previews and tests."
    )
    let fixIt = try #require(diagnostic.fixIts.first)
    #expect(fixIt.message == "Wrap in a synchronously executed closure to silence this warning")
    #expect(fixIt.changes.map(\.newText) == ["{ fatalError(\"Goodbye\") }()"])
    #expect(fixIt.changes.first?.range.text == "fatalError(\"Goodbye\")")
  }
}

extension String {
  var trimmingSuffixSpaces: String {
    var result = self
    while result.last == " " { result.removeLast() }
    return result
  }

  /// The UTF-8 offset of the first occurrence of `text`.
  func utf8Offset(of text: String) -> Int {
    let haystack = Array(utf8)
    let needle = Array(text.utf8)
    guard needle.count <= haystack.count else { return -1 }
    for start in 0...(haystack.count - needle.count)
    where Array(haystack[start..<start + needle.count]) == needle {
      return start
    }
    return -1
  }
}
