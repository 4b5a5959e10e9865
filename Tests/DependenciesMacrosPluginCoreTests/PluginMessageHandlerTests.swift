import DependenciesMacrosPluginCore
import Testing

/// A syntax object as the compiler sends it.
func syntaxJSON(
  _ source: String, kind: String = "declaration", offset: Int = 100, line: Int = 5,
  column: Int = 1
) -> JSON {
  .object([
    "kind": .string(kind), "source": .string(source),
    "location": .object([
      "fileID": .string("App/Client.swift"), "fileName": .string("/src/App/Client.swift"),
      "offset": .integer(offset), "line": .integer(line), "column": .integer(column),
    ]),
  ])
}

func macroJSON(_ typeName: String, _ name: String) -> JSON {
  .object([
    "moduleName": .string("DependenciesMacrosPlugin"), "typeName": .string(typeName),
    "name": .string(name),
  ])
}

@Suite struct PluginMessageHandlerTests {
  private let capability = JSON.object([
    "getCapability": .object(["capability": .object(["protocolVersion": .integer(7)])])
  ])

  private func attached(
    _ typeName: String, _ name: String, role: String, attribute: String, declaration: String,
    lexicalContext: [String] = []
  ) -> JSON {
    .object([
      "expandAttachedMacro": .object([
        "macro": macroJSON(typeName, name), "macroRole": .string(role),
        "discriminator": .string("$s3App6ClientfMp_"),
        "attributeSyntax": syntaxJSON(attribute, kind: "attribute"),
        "declSyntax": syntaxJSON(declaration),
        "lexicalContext": .array(
          lexicalContext.map { syntaxJSON($0, offset: 0, line: 0, column: 0) }),
        "staticBuildConfiguration": .string("{\"customConditions\":[\"DEBUG\"]}"),
      ])
    ])
  }

  @Test("Capabilities: the plugin speaks version 7 and remembers the compiler's")
  func capabilities() throws {
    var handler = PluginMessageHandler()
    #expect(
      try handler.reply(to: capability)
        == .object([
          "getCapabilityResult": .object(["capability": .object(["protocolVersion": .integer(7)])])
        ]))
    #expect(handler.hostProtocolVersion == 7)
    var old = PluginMessageHandler()
    _ = try old.reply(to: .object(["getCapability": .object([:])]))
    #expect(old.hostProtocolVersion == 0)
  }

  @Test("An accessor expansion comes back as one text, wrapped in braces")
  func accessorExpansion() throws {
    var handler = PluginMessageHandler()
    _ = try handler.reply(to: capability)
    let reply = try handler.reply(
      to: attached(
        "DependencyEndpointMacro", "DependencyEndpoint", role: "accessor",
        attribute: "\n  @DependencyEndpoint",
        declaration: "\n  @DependencyEndpoint\n  var fetch: () -> Void"))
    #expect(
      reply
        == .object([
          "expandMacroResult": .object([
            "expandedSource": .string(
              "{\n    get {\n      _fetch\n    }\n    set {\n      _fetch = newValue\n    }\n}"),
            "diagnostics": .array([]),
          ])
        ]))
  }

  @Test("A compiler that never sent its capability gets the old per-kind results")
  func legacyResults() throws {
    var handler = PluginMessageHandler()
    let reply = try handler.reply(
      to: attached(
        "DependencyEndpointMacro", "DependencyEndpoint", role: "accessor",
        attribute: "@DependencyEndpoint", declaration: "@DependencyEndpoint var fetch: () -> Void"))
    #expect(
      reply["expandAttachedMacroResult"]?["expandedSources"]
        == .array([.string("get {\n  _fetch\n}"), .string("set {\n  _fetch = newValue\n}")]))
  }

  @Test("Diagnostics carry file offsets, highlights and fix-its")
  func diagnostics() throws {
    var handler = PluginMessageHandler()
    _ = try handler.reply(to: capability)
    let declaration = "\n  var isFavorite: () -> Bool"
    let reply = try handler.reply(
      to: .object([
        "expandAttachedMacro": .object([
          "macro": macroJSON("DependencyClientMacro", "DependencyClient"),
          "macroRole": .string("memberAttribute"), "discriminator": .string("x"),
          "attributeSyntax": syntaxJSON("@DependencyClient", kind: "attribute", offset: 10),
          "declSyntax": syntaxJSON(declaration, offset: 100),
          "parentDeclSyntax": syntaxJSON("@DependencyClient\nstruct Client {}", offset: 10),
        ])
      ]))
    let result = try #require(reply["expandMacroResult"])
    #expect(result["expandedSource"] == .string(""))
    let diagnostic = try #require(result["diagnostics"]?.array?.first)
    // `isFavorite` starts 7 bytes into the declaration, which starts at offset 100 of the file.
    #expect(
      diagnostic["position"]
        == .object(["fileName": .string("/src/App/Client.swift"), "offset": .integer(107)]))
    #expect(diagnostic["severity"] == .string("error"))
    #expect(
      diagnostic["highlights"]
        == .array([
          .object([
            "fileName": .string("/src/App/Client.swift"), "startOffset": .integer(107),
            "endOffset": .integer(129),
          ])
        ]))
    #expect(
      diagnostic["fixIts"]
        == .array([
          .object([
            "message": .string("Insert '= { <#Bool#> }'"),
            "changes": .array([
              .object([
                "range": .object([
                  "fileName": .string("/src/App/Client.swift"), "startOffset": .integer(129),
                  "endOffset": .integer(129),
                ]),
                "newText": .string(" = { <#Bool#> }"),
              ])
            ]),
          ])
        ]))
  }

  @Test("An entry reads its extension from the lexical context")
  func lexicalContext() throws {
    var handler = PluginMessageHandler()
    _ = try handler.reply(to: capability)
    let reply = try handler.reply(
      to: attached(
        "DependencyEntryMacro", "DependencyEntry", role: "peer", attribute: "@DependencyEntry",
        declaration: "@DependencyEntry var client = Client()",
        lexicalContext: ["extension DependencyValues {}"]))
    let source = try #require(reply["expandMacroResult"]?["expandedSource"]?.string)
    #expect(
      source.contains(
        "private nonisolated enum __Key_client: __DependenciesMacrosTestDependencyKey"))
    #expect(source.contains("#sourceLocation(file: \"/src/App/Client.swift\", line: 5)"))
  }

  @Test("A freestanding check reports its error at the expansion")
  func freestanding() throws {
    var handler = PluginMessageHandler()
    _ = try handler.reply(to: capability)
    let reply = try handler.reply(
      to: .object([
        "expandFreestandingMacro": .object([
          "macro": macroJSON("DependencyEntrySendableCheckMacro", "IsolationCheck"),
          "macroRole": .string("declaration"), "discriminator": .string("x"),
          "syntax": syntaxJSON(
            "\n#IsolationCheck(keyPath: \\DependencyValues.client)", kind: "expression"),
          "lexicalContext": .array([]),
        ])
      ]))
    let result = try #require(reply["expandMacroResult"])
    #expect(result["expandedSource"] == .string(""))
    #expect(
      result["diagnostics"]?.array?.first?["message"] == .string("entry value must be 'Sendable'"))
    #expect(result["diagnostics"]?.array?.first?["position"]?["offset"] == .integer(101))
  }

  @Test("A macro type this plugin does not have is an error where it is used")
  func unknownMacro() throws {
    var handler = PluginMessageHandler()
    _ = try handler.reply(to: capability)
    let reply = try handler.reply(
      to: attached(
        "NoSuchMacro", "Nope", role: "peer", attribute: "@Nope", declaration: "@Nope var x = 1"))
    let result = try #require(reply["expandMacroResult"])
    #expect(result["expandedSource"] == nil)
    #expect(
      result["diagnostics"]?.array?.first?["message"]
        == .string(
          "macro type 'DependenciesMacrosPlugin.NoSuchMacro' not found when expanding macro 'Nope'")
    )
  }

  @Test("Loading a plugin library is refused")
  func loadLibrary() throws {
    var handler = PluginMessageHandler()
    let reply = try handler.reply(
      to: .object([
        "loadPluginLibrary": .object([
          "libraryPath": .string("/lib/x.so"), "moduleName": .string("X"),
        ])
      ]))
    #expect(reply["loadPluginLibraryResult"]?["loaded"] == .bool(false))
  }

  @Test(
    "Messages that are not the protocol's are refused with a reason",
    arguments: [
      (JSON.array([]), "a message must be a JSON object with one key"),
      (
        .object(["a": .object([:]), "b": .object([:])]),
        "a message must be a JSON object with one key"
      ),
      (.object(["frobnicate": .object([:])]), "unknown message 'frobnicate'"),
      (
        .object(["getCapability": .string("x")]),
        "the fields of message 'getCapability' are not a JSON object"
      ),
      (
        .object(["expandAttachedMacro": .object([:])]),
        "message 'expandAttachedMacro' has no 'macroRole'"
      ),
      (
        .object(["expandAttachedMacro": .object(["macroRole": .string("sideways")])]),
        "unknown macro role 'sideways' in message 'expandAttachedMacro'"
      ),
      (
        .object([
          "expandFreestandingMacro": .object([
            "macro": macroJSON("A", "B"), "syntax": .object(["source": .string("x")]),
          ])
        ]),
        "'syntax' of message 'expandFreestandingMacro' is not a syntax object"
      ),
      (
        .object(["loadPluginLibrary": .object(["libraryPath": .integer(1)])]),
        "'libraryPath' of message 'loadPluginLibrary' is not a string"
      ),
      // Positions the plugin would add to and overflow.
      (
        .object([
          "expandFreestandingMacro": .object([
            "macro": macroJSON("A", "B"), "macroRole": .string("expression"),
            "syntax": syntaxJSON("#A", offset: Int.max),
          ])
        ]),
        "'syntax' of message 'expandFreestandingMacro' has offset 9223372036854775807, "
          + "outside 0...2147483647"
      ),
      (
        .object([
          "expandAttachedMacro": .object([
            "macro": macroJSON("DependencyClientMacro", "DependencyClient"),
            "macroRole": .string("member"), "discriminator": .string("x"),
            "attributeSyntax": syntaxJSON("@DependencyClient", line: Int.max),
            "declSyntax": syntaxJSON("struct A {}"),
          ])
        ]),
        "'attributeSyntax' of message 'expandAttachedMacro' has line 9223372036854775807, "
          + "outside 0...2147483647"
      ),
      (
        .object([
          "expandAttachedMacro": .object([
            "macro": macroJSON("DependencyClientMacro", "DependencyClient"),
            "macroRole": .string("member"), "discriminator": .string("x"),
            "attributeSyntax": syntaxJSON("@DependencyClient"),
            "declSyntax": syntaxJSON("struct A {}", column: -1),
          ])
        ]),
        "'declSyntax' of message 'expandAttachedMacro' has column -1, outside 0...2147483647"
      ),
    ])
  func malformed(message: JSON, reason: String) {
    var handler = PluginMessageHandler()
    #expect(throws: HostMessage.DecodingError.self) { try handler.reply(to: message) }
    do {
      _ = try handler.reply(to: message)
    } catch {
      #expect(error.description == reason)
    }
  }
}
