import DependenciesMacrosPluginCore
import Testing

@Suite struct DependencyEndpointMacroTests {
  private func peers(_ declaration: String) -> MacroExpansion {
    expand("DependencyEndpointMacro", .peer, declaration)
  }

  private func accessors(_ declaration: String) -> MacroExpansion {
    expand("DependencyEndpointMacro", .accessor, declaration)
  }

  private let report = #"__dependenciesMacrosReportIssue("Unimplemented: '\(Self.self).endpoint'")"#

  @Test(
    "The storage and its unimplemented default, by the closure's type",
    arguments: [
      (
        "@DependencyEndpoint\nvar endpoint: () -> Void",
        "private var _endpoint: () -> Void = {\n  REPORT\n}"
      ),
      (
        "@DependencyEndpoint\nvar endpoint: () -> ()",
        "private var _endpoint: () -> () = {\n  REPORT\n}"
      ),
      (
        "@DependencyEndpoint\nvar endpoint: (Int, Bool) throws -> Bool",
        "private var _endpoint: (Int, Bool) throws -> Bool = { _, _ in\n  REPORT\n  throw __DependenciesMacrosUnimplemented(\"endpoint\")\n}"
      ),
      (
        "@DependencyEndpoint\nvar endpoint: () async throws(any Error) -> Int",
        "private var _endpoint: () async throws(any Error) -> Int = {\n  REPORT\n  throw __DependenciesMacrosUnimplemented(\"endpoint\")\n}"
      ),
      (
        "@DependencyEndpoint\nvar endpoint: () -> Int?",
        "private var _endpoint: () -> Int? = {\n  REPORT\n  return nil\n}"
      ),
      (
        "@DependencyEndpoint\nvar endpoint: () -> Optional<Int>",
        "private var _endpoint: () -> Optional<Int> = {\n  REPORT\n  return nil\n}"
      ),
      (
        "@DependencyEndpoint\nvar endpoint: @Sendable (Int) -> Void",
        "private var _endpoint: @Sendable (Int) -> Void = { _ in\n  REPORT\n}"
      ),
      (
        "@DependencyEndpoint\nvar endpoint: () -> Int = { 42 }",
        "private var _endpoint: () -> Int = {\n  REPORT\n  return 42\n}"
      ),
      (
        "@DependencyEndpoint\nvar endpoint: () -> Int = { unsafe compute() }",
        "private var _endpoint: () -> Int = {\n  REPORT\n  return unsafe compute()\n}"
      ),
      (
        "@DependencyEndpoint\nvar endpoint: (Int) -> Bool = { _ in false }",
        "private var _endpoint: (Int) -> Bool = { _ in\n  REPORT\n  return false\n}"
      ),
      (
        "@DependencyEndpoint\nvar endpoint: () -> Void = { print(\"}\") }",
        "private var _endpoint: () -> Void = {\n  REPORT\nprint(\"}\")\n}"
      ),
      (
        "@DependencyEndpoint\nvar endpoint: () -> Void = { { fatalError() }() }",
        "private var _endpoint: () -> Void = {\n  REPORT\n  return { fatalError() }()\n}"
      ),
      (
        "@DependencyEndpoint\nvar endpoint: () -> String = { fatalError() }",
        "private var _endpoint: () -> String = {\n  REPORT\nfatalError()\n}"
      ),
      (
        "@DependencyEndpoint\nvar endpoint: (Int) -> [Int] = { n in\n  let x = n * 2\n  return [x]\n}",
        "private var _endpoint: (Int) -> [Int] = { n in\n  REPORT\nlet x = n * 2\n  return [x]\n}"
      ),
      (
        "@DependencyEndpoint\nvar endpoint: (Int) throws(FetchError) -> User = { _ in throw .notFound }",
        "private var _endpoint: (Int) throws(FetchError) -> User = { _ in\n  REPORT\nthrow .notFound\n}"
      ),
      (
        "/// Docs.\n@MainActor @DependencyEndpoint public nonisolated(unsafe) var endpoint: () -> Void",
        "@MainActor private nonisolated(unsafe) var _endpoint: () -> Void = {\n  REPORT\n}"
      ),
      (
        "@DependencyEndpoint\nvar endpoint: () throws -> Void {\n  willSet {\n    print(\"!\")\n  }\n}",
        "private var _endpoint: () throws -> Void = {\n  REPORT\n  throw __DependenciesMacrosUnimplemented(\"endpoint\")\n} {\n  willSet {\n    print(\"!\")\n  }\n}"
      ),
    ])
  func storage(declaration: String, expected: String) {
    let expansion = peers(declaration)
    #expect(expansion.diagnostics.isEmpty)
    #expect(expansion.pieces == [expected.replacing("REPORT", with: report)])
  }

  @Test("Accessors over the storage; a property with observers gets no braces")
  func accessorPieces() {
    let expansion = accessors("@DependencyEndpoint\nvar endpoint: () -> Void")
    #expect(expansion.pieces == ["get {\n  _endpoint\n}", "set {\n  _endpoint = newValue\n}"])
    #expect(
      expansion.collapsed(role: .accessor, wrapAccessors: true)
        == "{\n    get {\n      _endpoint\n    }\n    set {\n      _endpoint = newValue\n    }\n}")
    #expect(
      expansion.collapsed(role: .accessor, wrapAccessors: false)
        == "get {\n  _endpoint\n}\n\nset {\n  _endpoint = newValue\n}")
  }

  @Test(
    "Escaped and raw names",
    arguments: [
      (
        "@DependencyEndpoint\nvar `return`: (_ id: Int) throws -> Int",
        [
          "func `return`(id p0: Int) throws -> Int {\n  try self.`return`(p0)\n}",
          "private var _return: (_ id: Int) throws -> Int = { _ in\n  __dependenciesMacrosReportIssue(\"Unimplemented: '\\(Self.self).return'\")\n  throw __DependenciesMacrosUnimplemented(\"return\")\n}",
        ]
      ),
      (
        "@DependencyEndpoint\nvar `load \"it\"`: () -> Void",
        [
          "private var `_load \"it\"`: () -> Void = {\n  __dependenciesMacrosReportIssue(\"Unimplemented: '\\(Self.self).load \\\"it\\\"'\")\n}"
        ]
      ),
      // Names with characters other than ASCII are backquoted: `_a→b` would be `_a`, `→`, `b`.
      (
        "@DependencyEndpoint\nvar `a→b`: (_ id: Int) -> Void",
        [
          "func `a→b`(id p0: Int) -> Void {\n  self.`a→b`(p0)\n}",
          "private var `_a→b`: (_ id: Int) -> Void = { _ in\n  __dependenciesMacrosReportIssue(\"Unimplemented: '\\(Self.self).a→b'\")\n}",
        ]
      ),
      (
        "@DependencyEndpoint(method: \"café\")\nvar endpoint: () -> Void",
        [
          "func `café`() -> Void {\n  self.endpoint()\n}",
          "private var _endpoint: () -> Void = {\n  __dependenciesMacrosReportIssue(\"Unimplemented: '\\(Self.self).endpoint'\")\n}",
        ]
      ),
    ])
  func names(declaration: String, expected: [String]) {
    #expect(peers(declaration).pieces == expected)
  }

  @Test(
    "Methods keep the closure's labels and effects",
    arguments: [
      (
        "@DependencyEndpoint\npublic var endpoint: @Sendable (String, _ id: Int, _ progress: Float) async -> Void",
        "public func endpoint(_ p0: String, id p1: Int, progress p2: Float) async -> Void {\n  await self.endpoint(p0, p1, p2)\n}"
      ),
      (
        "@DependencyEndpoint\npublic var endpoint: @MainActor @Sendable (_ id: Int) async -> Void",
        "@MainActor public func endpoint(id p0: Int) async -> Void {\n  await self.endpoint(p0)\n}"
      ),
      (
        "@DependencyEndpoint\npackage var endpoint: (_ id: Int) -> Void",
        "package func endpoint(id p0: Int) -> Void {\n  self.endpoint(p0)\n}"
      ),
      (
        "@DependencyEndpoint(method: \"myEndpoint\")\nvar endpoint: (_ id: Int) -> Void",
        "func myEndpoint(id p0: Int) -> Void {\n  self.endpoint(p0)\n}"
      ),
      (
        "@DependencyEndpoint(method: \"myEndpoint\")\nvar endpoint: () -> Void",
        "func myEndpoint() -> Void {\n  self.endpoint()\n}"
      ),
      (
        "@DependencyEndpoint(method: \"`class`\")\nvar endpoint: (_ id: Int) -> Void",
        "func `class`(id p0: Int) -> Void {\n  self.endpoint(p0)\n}"
      ),
      (
        "@DependencyEndpoint\npublic var doAThing: (_ a: inout Int, _ b: Int, _ c: inout Bool) -> String = { _, _, _ in \"\" }",
        "public func doAThing(a p0: inout Int, b p1: Int, c p2: inout Bool) -> String {\n  self.doAThing(&p0, p1, &p2)\n}"
      ),
      (
        "@DependencyEndpoint\nvar bar: (_ a: @autoclosure () -> Int, _ b: () -> Int) -> Void",
        "func bar(a p0: @autoclosure () -> Int, b p1: () -> Int) -> Void {\n  self.bar(p0(), p1)\n}"
      ),
      (
        "@DependencyEndpoint\nvar fetch: (_ id: Int) async throws(FetchError) -> User = { _ in throw .notFound }",
        "func fetch(id p0: Int) async throws(FetchError) -> User {\n  try await self.fetch(p0)\n}"
      ),
      (
        "@DependencyEndpoint\nvar make: (_ seed: Int) -> () -> Void = { _ in {} }",
        "func make(seed p0: Int) -> () -> Void {\n  self.make(p0)\n}"
      ),
      (
        "@DependencyEndpoint\nvar apply: @convention(block) (_ x: Int) -> Void",
        "func apply(x p0: Int) -> Void {\n  self.apply(p0)\n}"
      ),
    ])
  func methods(declaration: String, expected: String) {
    let expansion = peers(declaration)
    #expect(expansion.diagnostics.isEmpty)
    #expect(expansion.pieces?.first == expected)
    #expect(expansion.pieces?.count == 2)
  }

  @Test("A variadic parameter cannot be passed on from a method: an error, and no method")
  func variadic() {
    let expansion = peers("@DependencyEndpoint\nvar log: (_ items: Any..., _ level: Int) -> Void")
    #expect(expansion.pieces?.count == 1)
    #expect(
      expansion.summaries == [
        "2:11: error: '@DependencyEndpoint' cannot generate a method for 'log': its parameter 'items' is variadic, and Swift cannot pass variadic arguments on to the closure; take an array instead ('[Any]'), or drop the argument labels and 'method:' to call the closure directly"
      ])
    // Without labels there is no method, and a variadic closure is fine.
    let unlabeled = peers("@DependencyEndpoint\nvar log: (Any...) -> Void")
    #expect(unlabeled.diagnostics.isEmpty)
    #expect(unlabeled.pieces?.count == 1)
  }

  @Test(
    "Diagnostics of the peer expansion",
    arguments: [
      (
        "@DependencyEndpoint\nvar endpoint: () -> Bool",
        ["2:5: error: Default value required for non-throwing closure 'endpoint'"]
      ),
      (
        "@DependencyEndpoint\nvar fetch: (_ id: Int) throws(FetchError) -> User",
        ["2:5: error: Default value required for closure 'fetch' that throws 'FetchError'"]
      ),
      (
        "@DependencyEndpoint(method: \"~ok~\")\nvar endpoint: (_ id: Int) -> Void",
        ["1:29: error: 'method' must be a valid identifier"]
      ),
      (
        "@DependencyEndpoint(method: \"\")\nvar endpoint: (_ id: Int) -> Void",
        ["1:29: error: 'method' must be a valid identifier"]
      ),
      (
        "@DependencyEndpoint(method: \"\\(Self.self)\".lowercased())\nvar endpoint: (_ id: Int) -> Void",
        ["1:29: error: 'method' must be a static string literal"]
      ),
      (
        "@DependencyEndpoint\nvar endpoint: Int",
        ["1:1: error: '@DependencyEndpoint' must be attached to closure property"]
      ),
      (
        "@DependencyEndpoint\nfunc endpoint() {}",
        ["1:1: error: '@DependencyEndpoint' must be attached to closure property"]
      ),
      (
        "@DependencyEndpoint\nvar a: () -> Void, b: () -> Void",
        [
          "1:1: error: '@DependencyEndpoint' cannot read a declaration of 2 properties: declare each endpoint with its own 'var'"
        ]
      ),
    ])
  func peerDiagnostics(declaration: String, expected: [String]) {
    #expect(peers(declaration).summaries == expected)
  }

  @Test("Without storage there are no accessors; an invalid method name keeps the storage")
  func accessorsFollowStorage() {
    #expect(accessors("@DependencyEndpoint\nvar endpoint: () -> Bool").pieces == [])
    #expect(accessors("@DependencyEndpoint\nvar endpoint: () throws(E) -> Bool").pieces == [])
    let invalidName = "@DependencyEndpoint(method: \"~ok~\")\nvar endpoint: (_ id: Int) -> Void"
    #expect(accessors(invalidName).pieces?.count == 2)
    #expect(peers(invalidName).pieces?.count == 1)
  }

  @Test("A default that is not a closure literal fails the accessors")
  func nonClosureDefault() {
    let expansion = accessors("@DependencyEndpoint\nvar bar: () -> Int = unimplemented()")
    #expect(expansion.pieces == nil)
    #expect(
      expansion.summaries == [
        "2:22: error: '@DependencyEndpoint' default must be closure literal",
        "2:22: warning: Do not use 'unimplemented' with '@DependencyEndpoint'; the '@DependencyEndpoint' macro already includes the behavior of 'unimplemented'.",
      ])
    #expect(peers("@DependencyEndpoint\nvar bar: () -> Int = unimplemented()").pieces == [])
  }

  @Test("A fatalError() default: a warning, and the endpoint still works")
  func fatalErrorDefault() {
    let expansion = accessors(
      "@DependencyEndpoint\npublic var foo: () -> String = { fatalError() }")
    #expect(expansion.pieces?.count == 2)
    #expect(
      expansion.summaries == [
        "2:34: warning: Prefer returning a default mock value over 'fatalError()' to avoid crashes in previews and tests."
      ])
  }

  @Test("@DependencyEndpointIgnored adds nothing")
  func ignored() {
    let expansion = expand(
      "DependencyEndpointIgnoredMacro", .accessor, "@DependencyEndpointIgnored\nvar x: () -> Void")
    #expect(expansion.pieces == [])
    #expect(expansion.diagnostics.isEmpty)
  }
}
