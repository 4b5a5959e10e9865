import DependenciesMacrosPluginCore
import Testing

@Suite struct DependencyEntryMacroTests {
  private let context = ["extension DependencyValues {}"]

  private func entry(
    _ role: MacroRole, _ declaration: String, context: [String]? = nil
  ) -> MacroExpansion {
    expand("DependencyEntryMacro", role, declaration, lexicalContext: context ?? self.context)
  }

  /// The key type the peer expansion declares.
  private func key(_ declaration: String) -> String? {
    entry(.peer, declaration).pieces?.last
  }

  @Test(
    "Key types, by the property's access, annotation and the macro's arguments",
    arguments: [
      (
        "@DependencyEntry\nvar client = Client.test",
        """
        private nonisolated enum __Key_client: __DependenciesMacrosTestDependencyKey {
          @_DependencyEntryDefaultValue static var testValue = Client.test
        }
        """
      ),
      (
        "@DependencyEntry(liveValue: Client.live)\nvar client = Client.test",
        """
        private nonisolated enum __Key_client: __DependenciesMacrosDependencyKey {
          @_DependencyEntryDefaultValue static var liveValue = Client.live
          @_DependencyEntryDefaultValue static var testValue = Client.test
        }
        """
      ),
      (
        "@DependencyEntry(liveValue: Client.live, previewValue: Client.preview)\nvar client = Client.test",
        """
        private nonisolated enum __Key_client: __DependenciesMacrosDependencyKey {
          @_DependencyEntryDefaultValue static var liveValue = Client.live
          @_DependencyEntryDefaultValue static var previewValue = Client.preview
          @_DependencyEntryDefaultValue static var testValue = Client.test
        }
        """
      ),
      (
        "@DependencyEntry(previewValue: Client.preview)\nvar client = Client.test",
        """
        private nonisolated enum __Key_client: __DependenciesMacrosTestDependencyKey {
          @_DependencyEntryDefaultValue static var previewValue = Client.preview
          @_DependencyEntryDefaultValue static var testValue = Client.test
        }
        """
      ),
      (
        "@DependencyEntry(liveValue: Client.live)\nvar client: Client = .test",
        """
        private nonisolated enum __Key_client: __DependenciesMacrosDependencyKey {
          typealias Value = Client
          static var liveValue: Value {
            Client.live
          }
          static var testValue: Value {
            .test
          }
        }
        """
      ),
      (
        "@DependencyEntry(liveValue: Client.live)\nvar client: Client",
        """
        private nonisolated enum __Key_client: __DependenciesMacrosDependencyKey {
          typealias Value = Client
          static var liveValue: Value {
            Client.live
          }
        }
        """
      ),
      (
        "@DependencyEntry(\"APIClientKey\", liveValue: Client.live)\npublic var client = Client.test",
        """
        public nonisolated enum APIClientKey: __DependenciesMacrosDependencyKey {
          @_DependencyEntryDefaultValue public static var liveValue = Client.live
          @_DependencyEntryDefaultValue public static var testValue = Client.test
        }
        """
      ),
      (
        "@DependencyEntry\npackage var client = Client.test",
        """
        package nonisolated enum ClientKey: __DependenciesMacrosTestDependencyKey {
          @_DependencyEntryDefaultValue package static var testValue = Client.test
        }
        """
      ),
      (
        "@DependencyEntry(\"ExplicitAPIClientKey\")\npublic var client: any APIClient = MockAPIClient()",
        """
        public nonisolated enum ExplicitAPIClientKey: __DependenciesMacrosTestDependencyKey {
          public typealias Value = any APIClient
          public static var testValue: Value {
            MockAPIClient()
          }
        }
        """
      ),
      (
        "@DependencyEntry(\"ClientKey\")\nvar client = Client.test",
        """
        private nonisolated enum __Key_client: __DependenciesMacrosTestDependencyKey {
          @_DependencyEntryDefaultValue public static var testValue = Client.test
        }
        """
      ),
    ])
  func keys(declaration: String, expected: String) {
    #expect(key(declaration) == expected)
  }

  @Test(
    "Public key names derived from the type, or else the name",
    arguments: [
      ("public var client: MockAPIClient = MockAPIClient()", "MockAPIClientKey"),
      ("public var client: any APIClient = MockAPIClient()", "APIClientKey"),
      ("public var client: (any APIClient)? = nil", "APIClientKey"),
      ("public var clients: [String: Client] = [:]", "StringClientKey"),
      ("public var pair: (Client, Other) = (.init(), .init())", "ClientOtherKey"),
      ("public var client: Dependencies.Client = .init()", "ClientKey"),
      ("public var onEvent: @Sendable () -> Void = {}", "OnEventKey"),
      ("public var `default` = Client()", "DefaultKey"),
      ("public var apiClient = Client()", "ApiClientKey"),
    ])
  func publicKeyNames(declaration: String, name: String) {
    #expect(
      key("@DependencyEntry\n" + declaration)?.hasPrefix("public nonisolated enum \(name):") == true
    )
  }

  @Test("Accessors: the checks, then the key's value")
  func accessors() {
    let expansion = entry(
      .accessor,
      "@DependencyEntry(liveValue: Client.live, previewValue: .preview)\nvar client = Client.test")
    #expect(expansion.diagnostics.isEmpty)
    #expect(
      expansion.pieces == [
        """
        get {
          #if DEBUG
          func __dependencyEntryIsolationProbe() {
          }
          #sourceLocation(file: "/tmp/Test.swift", line: 1)
          #IsolationCheck(__dependencyEntryIsolationProbe)
          #sourceLocation(file: "/tmp/Test.swift", line: 1)
          #TypeCheck(\\DependencyValues.client, liveValue: Client.live)
          #sourceLocation(file: "/tmp/Test.swift", line: 1)
          #TypeCheck(\\DependencyValues.client, previewValue: .preview)
          #sourceLocation()
          #endif
          return self[__Key_client.self]
        }
        """,
        "set {\n  self[__Key_client.self] = newValue\n}",
        "_modify {\n  yield &self[__Key_client.self]\n}",
      ])
  }

  @Test("The Sendable check, for the extension as written")
  func sendableCheck() {
    let expansion = entry(
      .peer, "@DependencyEntry\nvar client = Client.test",
      context: ["extension Dependencies.DependencyValues {}"])
    #expect(
      expansion.pieces?.first == """
        #if DEBUG
        #sourceLocation(file: "/tmp/Test.swift", line: 1)
        #IsolationCheck(keyPath: \\Dependencies.DependencyValues.client)
        #sourceLocation()
        #endif
        """)
  }

  @Test(
    "Diagnostics",
    arguments: [
      (
        "@DependencyEntry\nvar client = Client.test", ["struct Foo {}"],
        [
          "1:1: error: '@DependencyEntry' macro can only attach to 'var' declarations inside extensions of 'DependencyValues'"
        ]
      ),
      (
        "@DependencyEntry\nvar client = Client.test", ["extension Foo {}"],
        [
          "1:1: error: '@DependencyEntry' macro can only attach to 'var' declarations inside extensions of 'DependencyValues'"
        ]
      ),
      (
        "@DependencyEntry\nlet client = Client.test", ["extension DependencyValues {}"],
        [
          "1:1: error: '@DependencyEntry' macro can only attach to 'var' declarations inside extensions of 'DependencyValues'"
        ]
      ),
      (
        "@DependencyEntry\nvar client: Client", ["extension DependencyValues {}"],
        [
          "1:1: error: '@DependencyEntry' requires an initializer to define the property's test value, or a 'liveValue' argument to fall back on"
        ]
      ),
      (
        "@DependencyEntry(keyName)\npublic var client = Client()",
        ["extension DependencyValues {}"],
        ["1:18: error: '@DependencyEntry' key name must be a string literal without interpolations"]
      ),
      (
        "@DependencyEntry\nvar a = 1, b = 2", ["extension DependencyValues {}"],
        [
          "1:1: error: '@DependencyEntry' cannot read this declaration: declare one property, with a name, per '@DependencyEntry var'"
        ]
      ),
    ])
  func diagnostics(declaration: String, context: [String], expected: [String]) {
    #expect(entry(.peer, declaration, context: context).summaries == expected)
    // The accessors add nothing then, and report nothing: the peer expansion has.
    #expect(entry(.accessor, declaration, context: context).pieces == [])
    #expect(entry(.accessor, declaration, context: context).diagnostics.isEmpty)
  }

  @Test("A raw or non-ASCII name gets a backquoted key name")
  func rawNames() {
    #expect(
      key("@DependencyEntry\npublic var `a→b` = Client.test")?.hasPrefix(
        "public nonisolated enum `A→bKey`:") == true)
    #expect(
      key("@DependencyEntry\npublic var `my client` = Client.test")?.hasPrefix(
        "public nonisolated enum `My clientKey`:") == true)
    #expect(
      key("@DependencyEntry\nvar `a→b` = Client.test")?.hasPrefix(
        "private nonisolated enum `__Key_a→b`:") == true)
  }

  @Test("A value that reads whole only between parentheses is parenthesised; others are not")
  func multilineValues() throws {
    let ternary = "isPreview ?\n  Client.preview : Client.live"
    let key = try #require(
      self.key(
        "@DependencyEntry(liveValue: \(ternary), previewValue: try\n  Client.make())\nvar client = Client.test"
      ))
    let lines = key.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(
      lines[1...5].joined(separator: "\n") == """
          @_DependencyEntryDefaultValue static var liveValue = isPreview ?
            Client.preview : Client.live
          @_DependencyEntryDefaultValue static var previewValue = (try
            Client.make())
          @_DependencyEntryDefaultValue static var testValue = Client.test
        """)
    // Each reads whole in `_DependencyEntryDefaultValue`, which makes it a getter.
    for line in [1, 3, 5] {
      let member = String(lines[line]) + (line == 5 ? "" : "\n" + lines[line + 1])
      let getter = expand("DependencyEntryDefaultValueMacro", .accessor, member)
      #expect(getter.diagnostics.isEmpty)
      #expect(getter.pieces?.first?.hasPrefix("get {\n") == true)
    }
  }

  @Test(
    "_DependencyEntryDefaultValue: what it cannot read is an error, never a stored property",
    arguments: [
      (
        "@_DependencyEntryDefaultValue static var liveValue = try\n  Client.make()",
        "2:3: error: '@_DependencyEntryDefaultValue' cannot read this declaration: unexpected 'Client' after the declaration"
      ),
      (
        "@_DependencyEntryDefaultValue static var liveValue: Client",
        "1:1: error: '@_DependencyEntryDefaultValue' must be attached to a 'static var' with an initializer"
      ),
    ])
  func defaultValueErrors(declaration: String, expected: String) {
    let expansion = expand("DependencyEntryDefaultValueMacro", .accessor, declaration)
    #expect(expansion.pieces == nil)
    #expect(expansion.summaries == [expected])
  }

  @Test("_DependencyEntryDefaultValue makes the initializer a getter")
  func defaultValue() {
    let expansion = expand(
      "DependencyEntryDefaultValueMacro", .accessor,
      "@_DependencyEntryDefaultValue static var liveValue = Client(\n  base: 1)")
    #expect(expansion.pieces == ["get {\n  Client(\n  base: 1)\n}"])
  }

  @Test(
    "Isolation checks report what they are for",
    arguments: [
      ("DependencyEntryIsolationCheckMacro", nil),
      (
        "DependencyEntryMainActorIsolationCheckMacro",
        "entry must be 'nonisolated var' when default isolation is '@MainActor'"
      ),
      (
        "DependencyClientMainActorCheckMacro",
        "client must be 'nonisolated struct' when default isolation is '@MainActor'"
      ),
      ("DependencyEntrySendableCheckMacro", "entry value must be 'Sendable'"),
    ] as [(String, String?)])
  func isolationChecks(typeName: String, message: String?) throws {
    let syntax = SourceText("\n  #IsolationCheck(client: probe)", location: testLocation)
    let expansion = try #require(
      Macros.expandFreestanding(
        typeName: typeName, FreestandingMacroInput(role: .declaration, syntax: syntax)))
    #expect(expansion.pieces == [])
    #expect(expansion.diagnostics.map(\.message) == (message.map { [$0] } ?? []))
    #expect(
      expansion.diagnostics.first?.node.text ?? "#IsolationCheck(client: probe)"
        == "#IsolationCheck(client: probe)")
  }
}
