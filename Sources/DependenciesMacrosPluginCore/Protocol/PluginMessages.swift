/// The compiler's plugin messages this plugin understands, read from their JSON form.
///
/// The shapes are those of swift-syntax's `HostToPluginMessage` (`PluginMessages.swift`): an
/// object with one key, the message's name, whose value holds its fields.
package enum HostMessage: Sendable {
  /// The compiler's protocol version (absent in the oldest compilers).
  case getCapability(protocolVersion: Int?)
  case expandAttachedMacro(MacroReference, AttachedMacroInput)
  case expandFreestandingMacro(MacroReference, FreestandingMacroInput)
  case loadPluginLibrary(libraryPath: String, moduleName: String)

  /// Which macro declaration and implementation an expansion is for.
  package struct MacroReference: Equatable, Sendable {
    package var moduleName: String
    package var typeName: String
    /// The macro's name as used: `DependencyClient`.
    package var name: String
  }

  /// A message that is not one of the above, or lacks a field: the protocol is broken.
  package struct DecodingError: Error, CustomStringConvertible, Sendable {
    package var description: String
  }

  package init(_ json: JSON) throws(DecodingError) {
    guard case .object(let message) = json, message.count == 1, let (name, body) = message.first
    else {
      throw DecodingError(description: "a message must be a JSON object with one key")
    }
    guard case .object(let fields) = body else {
      throw DecodingError(description: "the fields of message '\(name)' are not a JSON object")
    }
    func field(_ key: String) throws(DecodingError) -> JSON {
      guard let value = fields[key], value != .null else {
        throw DecodingError(description: "message '\(name)' has no '\(key)'")
      }
      return value
    }
    func string(_ key: String) throws(DecodingError) -> String {
      guard let value = try field(key).string else {
        throw DecodingError(description: "'\(key)' of message '\(name)' is not a string")
      }
      return value
    }
    func macro() throws(DecodingError) -> MacroReference {
      let value = try field("macro")
      guard let moduleName = value["moduleName"]?.string, let typeName = value["typeName"]?.string,
        let macroName = value["name"]?.string
      else {
        throw DecodingError(description: "'macro' of message '\(name)' is incomplete")
      }
      return MacroReference(moduleName: moduleName, typeName: typeName, name: macroName)
    }
    func syntax(_ key: String) throws(DecodingError) -> SourceText {
      try Self.syntax(try field(key), key: key, message: name)
    }
    func optionalSyntax(_ key: String) throws(DecodingError) -> SourceText? {
      guard let value = fields[key], value != .null else { return nil }
      return try Self.syntax(value, key: key, message: name)
    }
    func lexicalContext() throws(DecodingError) -> [SourceText] {
      guard let value = fields["lexicalContext"], value != .null else { return [] }
      guard let elements = value.array else {
        throw DecodingError(description: "'lexicalContext' of message '\(name)' is not an array")
      }
      var context: [SourceText] = []
      for element in elements {
        context.append(try Self.syntax(element, key: "lexicalContext", message: name))
      }
      return context
    }
    func role(_ key: String) throws(DecodingError) -> MacroRole? {
      guard let value = fields[key], value != .null else { return nil }
      guard let text = value.string else {
        throw DecodingError(description: "'\(key)' of message '\(name)' is not a string")
      }
      // Old compilers name the declaration role "freeStandingDeclaration".
      guard let role = MacroRole(rawValue: text == "freeStandingDeclaration" ? "declaration" : text)
      else {
        throw DecodingError(description: "unknown macro role '\(text)' in message '\(name)'")
      }
      return role
    }

    switch name {
    case "getCapability":
      self = .getCapability(protocolVersion: fields["capability"]?["protocolVersion"]?.integer)
    case "expandAttachedMacro":
      guard let macroRole = try role("macroRole") else {
        throw DecodingError(description: "message '\(name)' has no 'macroRole'")
      }
      self = .expandAttachedMacro(
        try macro(),
        AttachedMacroInput(
          role: macroRole, attribute: try syntax("attributeSyntax"),
          declaration: try syntax("declSyntax"), parent: try optionalSyntax("parentDeclSyntax"),
          lexicalContext: try lexicalContext()))
    case "expandFreestandingMacro":
      self = .expandFreestandingMacro(
        try macro(),
        FreestandingMacroInput(role: try role("macroRole"), syntax: try syntax("syntax")))
    case "loadPluginLibrary":
      self = .loadPluginLibrary(
        libraryPath: try string("libraryPath"), moduleName: try string("moduleName"))
    default:
      throw DecodingError(description: "unknown message '\(name)'")
    }
  }

  /// A `PluginMessage.Syntax`: `{kind, source, location: {fileID, fileName, offset, line, column}}`.
  private static func syntax(
    _ value: JSON, key: String, message: String
  ) throws(DecodingError) -> SourceText {
    guard let source = value["source"]?.string, let location = value["location"],
      let fileID = location["fileID"]?.string, let fileName = location["fileName"]?.string,
      let offset = location["offset"]?.integer, let line = location["line"]?.integer,
      let column = location["column"]?.integer
    else {
      throw DecodingError(description: "'\(key)' of message '\(message)' is not a syntax object")
    }
    // Positions the plugin adds to (a diagnostic's offset, its line) must not overflow: the
    // compiler's are 32-bit.
    for (field, value) in [("offset", offset), ("line", line), ("column", column)]
    where !(0...Int(Int32.max)).contains(value) {
      throw DecodingError(
        description:
          "'\(key)' of message '\(message)' has \(field) \(value), outside 0...\(Int32.max)")
    }
    return SourceText(
      source,
      location: SourceText.Location(
        fileID: fileID, fileName: fileName, offset: offset, line: line, column: column))
  }
}

/// The plugin's replies, in their JSON form (swift-syntax's `PluginToHostMessage`).
package enum PluginReply {
  /// The protocol version this plugin speaks: 7, the messages of Swift 6.x compilers
  /// (expansion results in one message, lexical context, the static build configuration, which
  /// it ignores). Version 8 adds accessor syntax for body macros, which it does not have.
  package static let protocolVersion = 7

  package static func capability() -> JSON {
    .object([
      "getCapabilityResult": .object([
        "capability": .object(["protocolVersion": .integer(protocolVersion)])
      ])
    ])
  }

  /// The reply to an expansion request. Compilers before protocol version 5 expect the older
  /// per-kind result messages.
  package static func expansion(
    _ expansion: MacroExpansion, role: MacroRole, attached: Bool, wrapAccessors: Bool,
    hostProtocolVersion: Int
  ) -> JSON {
    let diagnostics = JSON.array(expansion.diagnostics.map(Self.diagnostic))
    var fields: [String: JSON] = ["diagnostics": diagnostics]
    if hostProtocolVersion >= 5 {
      if let source = expansion.collapsed(role: role, wrapAccessors: wrapAccessors) {
        fields["expandedSource"] = .string(source)
      }
      return .object(["expandMacroResult": .object(fields)])
    }
    if attached {
      if let pieces = expansion.pieces {
        fields["expandedSources"] = .array(pieces.map(JSON.string))
      }
      return .object(["expandAttachedMacroResult": .object(fields)])
    }
    if let source = expansion.collapsed(role: role, wrapAccessors: false) {
      fields["expandedSource"] = .string(source)
    }
    return .object(["expandFreestandingMacroResult": .object(fields)])
  }

  package static func libraryNotLoaded(_ path: String) -> JSON {
    .object([
      "loadPluginLibraryResult": .object([
        "loaded": .bool(false),
        "diagnostics": .array([
          .object([
            "message": .string(
              "DependenciesMacrosPlugin does not load plugin libraries ('\(path)')"),
            "severity": .string("error"),
            "position": .object(["fileName": .string(""), "offset": .integer(0)]),
            "highlights": .array([]), "notes": .array([]), "fixIts": .array([]),
          ])
        ]),
      ])
    ])
  }

  /// A `PluginMessage.Diagnostic`: positions are file names and UTF-8 offsets in the file.
  package static func diagnostic(_ diagnostic: Diagnostic) -> JSON {
    .object([
      "message": .string(diagnostic.message),
      "severity": .string(diagnostic.severity.rawValue),
      "position": .object([
        "fileName": .string(diagnostic.node.source.location.fileName),
        "offset": .integer(
          diagnostic.node.source.location.offset + diagnostic.node.range.lowerBound),
      ]),
      "highlights": .array([range(diagnostic.node)]),
      "notes": .array([]),
      "fixIts": .array(
        diagnostic.fixIts.map { fixIt in
          .object([
            "message": .string(fixIt.message),
            "changes": .array(
              fixIt.changes.map {
                .object(["range": range($0.range), "newText": .string($0.newText)])
              }),
          ])
        }),
    ])
  }

  private static func range(_ range: SourceRange) -> JSON {
    let base = range.source.location.offset
    return .object([
      "fileName": .string(range.source.location.fileName),
      "startOffset": .integer(base + range.range.lowerBound),
      "endOffset": .integer(base + range.range.upperBound),
    ])
  }
}
