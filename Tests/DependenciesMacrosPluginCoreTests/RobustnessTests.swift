import DependenciesMacrosPluginCore
import Testing

/// The reader and the macros are total: mutated declarations (truncated, with brackets, quotes,
/// comments and directives inserted or removed) never crash them, and an expansion that produces
/// no code always says why with an error.
@Suite struct RobustnessTests {
  /// SplitMix64: a seeded generator, so that a failure reproduces.
  struct Generator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }

  private let samples = [
    """
    /// A client { with a brace }.
    @DependencyClient
    public struct Client<T: Sendable>: Sendable where T: Hashable {
      public var fetch: @Sendable (_ id: Int) async throws -> T
      var isFavorite: (_ id: Int, String...) -> Bool = { _, _ in "}" == "{" }
      let config: [String: (Int) -> Void] = [:]
      #if DEBUG
        var debug: () -> Void
      #endif
      var computed: Int { get { 1 } set {} }
      func helper() -> String { #"raw "\\(x)" \\#(y)"# }
    }
    """,
    """
    @DependencyEndpoint(method: "fetch")
    var fetchByID: @MainActor (_ a: inout Int, _ b: @autoclosure () -> Int) throws(E) -> (Int, String)? = { a, b in
      /* nested /* comment */ */ fatalError("\\(a)")
    } { willSet { print("!") } }
    """,
    """
    @DependencyEntry("Key", liveValue: Live(values: [1, 2], text: \"\"\"
      multi { line
      \"\"\"), previewValue: .preview)
    public var client: any APIClient & Sendable = MockAPIClient()
    """,
    """
    @_DependencyEntryDefaultValue static var liveValue = isPreview ?
      Client.preview : Client(base: "{", retries: [1, 2].count)
    """,
  ]

  private let insertions = [
    "{", "}", "(", ")", "[", "]", "\"", "\"\"\"", "#if X\n", "#endif\n", "\\(", "/*", "*/", "//",
    "@", "<", ">", "->", ",", ":", "=", "`", "#\"", "\n", " in ", "...", "?", "!", "&", "#/",
    "/a/", "var ", "let ", "struct ", ";", "$0", "_ ", "\u{0}", "é",
  ]

  private func mutate(_ text: String, _ generator: inout Generator) -> String {
    var bytes = Array(text.utf8)
    for _ in 0..<Int.random(in: 1...3, using: &generator) {
      let position = Int.random(in: 0...bytes.count, using: &generator)
      switch Int.random(in: 0..<4, using: &generator) {
      case 0:
        bytes.removeSubrange(position...)
      case 1:
        let end = min(bytes.count, position + Int.random(in: 1...12, using: &generator))
        bytes.removeSubrange(position..<end)
      case 2:
        let insertion = insertions.randomElement(using: &generator)!
        bytes.insert(contentsOf: Array(insertion.utf8), at: position)
      default:
        let end = min(bytes.count, position + Int.random(in: 1...20, using: &generator))
        bytes.insert(contentsOf: Array(bytes[position..<end]), at: position)
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  @Test func mutatedDeclarations() {
    var generator = Generator(state: 2026)
    let roles: [(String, MacroRole)] = [
      ("DependencyClientMacro", .member), ("DependencyClientMacro", .memberAttribute),
      ("DependencyEndpointMacro", .accessor), ("DependencyEndpointMacro", .peer),
      ("DependencyEntryMacro", .accessor), ("DependencyEntryMacro", .peer),
      ("DependencyEntryDefaultValueMacro", .accessor),
    ]
    var silentFailures: [String] = []
    for _ in 0..<800 {
      let sample = samples.randomElement(using: &generator)!
      let declaration = mutate(sample, &generator)
      let attribute = mutate("@DependencyEntry(\"Key\", liveValue: Live())", &generator)
      for (typeName, role) in roles {
        let input = AttachedMacroInput(
          role: role, attribute: SourceText(attribute, location: testLocation),
          declaration: SourceText(declaration, location: testLocation),
          parent: SourceText(mutate("struct Client {}", &generator)),
          lexicalContext: [SourceText(mutate("extension DependencyValues {}", &generator))])
        let expansion = Macros.expandAttached(typeName: typeName, input)!
        // No code without an error; and these roles always add code or say why.
        let expectsCode =
          (typeName, role) == ("DependencyEntryMacro", .peer)
          || (typeName, role) == ("DependencyEntryDefaultValueMacro", .accessor)
        if expansion.pieces == nil || (expectsCode && expansion.pieces == []),
          !expansion.diagnostics.contains(where: { $0.severity == .error })
        {
          silentFailures.append("\(typeName) \(role): \(declaration)")
        }
        // Every diagnostic points inside its text.
        for diagnostic in expansion.diagnostics {
          #expect(diagnostic.node.range.upperBound <= diagnostic.node.source.bytes.count)
          #expect(diagnostic.node.range.lowerBound >= 0)
        }
      }
    }
    #expect(silentFailures.isEmpty, "\(silentFailures.prefix(3))")
  }

  @Test func mutatedMessages() {
    var generator = Generator(state: 7)
    let message = #"""
      {"expandAttachedMacro":{"macro":{"moduleName":"DependenciesMacrosPlugin","typeName":"DependencyClientMacro","name":"DependencyClient"},"macroRole":"member","discriminator":"x","attributeSyntax":{"kind":"attribute","source":"@DependencyClient","location":{"fileID":"A/B.swift","fileName":"/B.swift","offset":0,"line":1,"column":1}},"declSyntax":{"kind":"declaration","source":"@DependencyClient\nstruct A {\n  var f: () -> Void\n}","location":{"fileID":"A/B.swift","fileName":"/B.swift","offset":0,"line":1,"column":1}}}}
      """#
    for _ in 0..<2000 {
      var handler = PluginMessageHandler()
      let mutated = mutate(message, &generator)
      guard let json = try? JSONParser.parse(Array(mutated.utf8)) else { continue }
      _ = try? handler.reply(to: json)
    }
  }
}
