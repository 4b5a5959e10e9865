import Foundation
import Testing

/// Declarations whose types nest deeper than the reader's limit (256 levels), sent to the built
/// plugin as the compiler sends them: each gets a reply with an error naming the property, and
/// the plugin goes on; before the limit, types ~600 levels deep overflowed the plugin's stack
/// and swiftc reported only "failed to receive result from plugin".
@Suite struct NestingLimitTests {
  private static func nested(_ shape: String, _ depth: Int) -> String {
    switch shape {
    case "optional":
      String(repeating: "Optional<", count: depth) + "Int" + String(repeating: ">", count: depth)
    case "array":
      String(repeating: "[", count: depth) + "Int" + String(repeating: "]", count: depth)
    default:
      String(repeating: "() -> ", count: depth) + "Int"
    }
  }

  /// An `expandAttachedMacro` request for `@DependencyClient` (role member) on `declaration`.
  private static func clientRequest(_ declaration: String) throws -> Data {
    let location: [String: Any] = [
      "fileID": "App/Client.swift", "fileName": "Client.swift", "offset": 0, "line": 1,
      "column": 1,
    ]
    let request: [String: Any] = [
      "expandAttachedMacro": [
        "macro": [
          "moduleName": "DependenciesMacrosPlugin", "name": "DependencyClient",
          "typeName": "DependencyClientMacro",
        ],
        "macroRole": "member", "discriminator": "$s3App6ClientV",
        "attributeSyntax": [
          "kind": "attribute", "source": "@DependencyClient", "location": location,
        ],
        "declSyntax": ["kind": "declaration", "source": declaration, "location": location],
        "lexicalContext": [Any](),
      ]
    ]
    return try JSONSerialization.data(withJSONObject: request)
  }

  @Test("Each too-deep member gets an error naming it; the plugin goes on")
  func deepTypes() throws {
    let shapes = ["optional", "array", "curried"]
    var requests = try shapes.map { shape in
      try Self.clientRequest(
        "@DependencyClient\nstruct Client {\n  var fetch: () -> \(Self.nested(shape, 600))\n}")
    }
    requests.append(
      try Self.clientRequest("@DependencyClient\nstruct Client {\n  var reset: () -> Void\n}"))
    let result = try PluginExecutable.run(input: PluginExecutable.framed(requests))
    #expect(result.status == 0, "stderr: \(result.stderr)")
    let replies = try PluginExecutable.unframed(result.stdout).map {
      try JSONSerialization.jsonObject(with: $0) as? [String: Any]
    }
    #expect(replies.count == 4)
    for reply in replies.prefix(3) {
      let result = reply?["expandAttachedMacroResult"] as? [String: Any]
      let diagnostics = result?["diagnostics"] as? [[String: Any]] ?? []
      #expect(diagnostics.count == 1)
      let message = diagnostics.first?["message"] as? String ?? ""
      #expect(
        message.hasPrefix(
          "'@DependencyClient' cannot read 'fetch': its type nests more than 256 levels deep"),
        "\(message)")
    }
    let last = replies.last??["expandAttachedMacroResult"] as? [String: Any]
    #expect((last?["diagnostics"] as? [Any])?.isEmpty == true)
    #expect((last?["expandedSources"] as? [String])?.first?.hasPrefix("init(") == true)
  }
}
