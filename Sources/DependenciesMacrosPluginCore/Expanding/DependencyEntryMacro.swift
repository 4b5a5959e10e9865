/// `@DependencyEntry`: declares a `DependencyValues` property with a key type of its own, as the
/// classic macro does: the property's default is the key's `testValue`, `liveValue:` and
/// `previewValue:` arguments its other values; the key is private (`__Key_name`) unless the
/// property is public or package (then `NameKey`, after its type, or the name given as the first
/// argument).
enum DependencyEntryMacro {
  static func expand(_ input: AttachedMacroInput) -> MacroExpansion {
    MacroExpansion.expanding { context throws(ExpansionFailure) in
      switch input.role {
      case .accessor: try accessors(input)
      case .peer: try peers(input, context: &context)
      default: []
      }
    }
  }

  /// What the entry is made of: the property, its attribute's arguments, the extension.
  private struct Entry {
    let input: AttachedMacroInput
    let attribute: Attribute
    let property: VariableDeclaration
    let binding: PatternBinding
    let name: String
    /// The extended type as written (`DependencyValues`, `Dependencies.DependencyValues`).
    let extendedType: String
    let liveValue: ExpressionSyntax?
    let previewValue: ExpressionSyntax?
    let keyNameArgument: String?

    func declarationText(_ range: Range<Int>) -> String { input.declaration.text(range) }
    func attributeText(_ range: Range<Int>) -> String { input.attribute.text(range) }

    /// `public` or `package`, when the property is either.
    var publicOrPackage: String? {
      property.modifiers.first { $0.name == "public" || $0.name == "package" }?.name
    }

    var keyName: String {
      guard let publicOrPackage = publicOrPackage else {
        return ("__Key_" + name.withoutBackquotes).asIdentifier
      }
      _ = publicOrPackage
      if let keyNameArgument { return keyNameArgument }
      if let type = binding.typeAnnotation, let typeName = EntryKeyName.name(of: type) {
        return typeName + "Key"
      }
      return (name.withoutBackquotes.uppercasingFirst + "Key").asIdentifier
    }

    var keyAccess: String {
      guard keyNameArgument != nil || publicOrPackage != nil else { return "private" }
      return publicOrPackage ?? "private"
    }

    var memberAccess: String {
      guard let publicOrPackage else { return keyNameArgument != nil ? "public " : "" }
      return publicOrPackage + " "
    }
  }

  /// Reads the entry; nil when the attribute is not on a `var` of an extension of
  /// `DependencyValues`. Read errors are reported by the peer expansion only.
  private static func entry(
    _ input: AttachedMacroInput
  ) throws(ExpansionFailure) -> Entry? {
    let attribute: Attribute
    let arguments: [Argument]
    let declaration: Declaration
    do {
      (attribute, arguments) = try SyntaxReader.readAttributeWithArguments(input.attribute)
    } catch {
      return try input.reportedByPeer(
        ExpansionFailure(error, in: input.attribute, macro: "DependencyEntry"))
    }
    do {
      declaration = try SyntaxReader.readDeclaration(input.declaration)
    } catch {
      return try input.reportedByPeer(
        ExpansionFailure(error, in: input.declaration, macro: "DependencyEntry"))
    }
    guard case .variable(let property) = declaration, !property.isLet,
      let extendedType = dependencyValuesExtension(input.lexicalContext)
    else {
      return try input.reportedByPeer(
        ExpansionFailure(
          Diagnostic(
            .error,
            "'@DependencyEntry' macro can only attach to 'var' declarations inside extensions of "
              + "'DependencyValues'",
            at: SourceRange(input.attribute, attribute.range))))
    }
    guard property.bindings.count == 1, let binding = property.bindings.first,
      let name = binding.name
    else {
      return try input.reportedByPeer(
        ExpansionFailure(
          Diagnostic(
            .error,
            "'@DependencyEntry' cannot read this declaration: declare one property, with a name, "
              + "per '@DependencyEntry var'",
            at: SourceRange(input.declaration, property.range))))
    }
    var liveValue: ExpressionSyntax?
    var previewValue: ExpressionSyntax?
    var keyName: String?
    for argument in arguments {
      switch argument.label {
      case "liveValue": liveValue = argument.expression
      case "previewValue": previewValue = argument.expression
      case nil where keyName == nil:
        guard let literal = StaticStringLiteral(argument.expression, in: input.attribute) else {
          return try input.reportedByPeer(
            ExpansionFailure(
              Diagnostic(
                .error,
                "'@DependencyEntry' key name must be a string literal without interpolations",
                at: SourceRange(input.attribute, argument.expression.range))))
        }
        keyName = literal.content
      default: break
      }
    }
    return Entry(
      input: input, attribute: attribute, property: property, binding: binding, name: name,
      extendedType: extendedType, liveValue: liveValue, previewValue: previewValue,
      keyNameArgument: keyName)
  }

  /// The extended type as written, when the innermost lexical context is an extension of
  /// `DependencyValues` (or `Module.DependencyValues`).
  private static func dependencyValuesExtension(_ lexicalContext: [SourceText]) -> String? {
    guard let innermost = lexicalContext.first,
      case .group(let group)? = try? SyntaxReader.readDeclaration(
        innermost, readingMembers: false),
      group.keyword == "extension", let type = group.extendedType,
      type.lastName == "DependencyValues"
    else { return nil }
    switch type.kind {
    case .identifier, .member: return innermost.text(type.range)
    default: return nil
    }
  }

  // MARK: - Accessors

  private static func accessors(_ input: AttachedMacroInput) throws(ExpansionFailure) -> [String] {
    // Without a key type (the peer expansion reports why), accessors would only add errors.
    guard let entry = try entry(input), entry.binding.initializer != nil || entry.liveValue != nil
    else { return [] }
    let key = entry.keyName
    let keyPath = "\\\(entry.extendedType).\(entry.name)"
    var checks = ["#IsolationCheck(__dependencyEntryIsolationProbe)"]
    if let liveValue = entry.liveValue {
      checks.append("#TypeCheck(\(keyPath), liveValue: \(entry.attributeText(liveValue.range)))")
    }
    if let previewValue = entry.previewValue {
      checks.append(
        "#TypeCheck(\(keyPath), previewValue: \(entry.attributeText(previewValue.range)))")
    }
    let located: [String]
    if let directive = SourceLocationDirective.pointing(at: input.attribute) {
      located = checks.flatMap { [directive, $0] } + ["#sourceLocation()"]
    } else {
      located = checks
    }
    let getter =
      ["#if DEBUG", "func __dependencyEntryIsolationProbe() {", "}"] + located
      + ["#endif", "return self[\(key).self]"]
    return [
      "get {\n" + getter.map { "  " + $0 + "\n" }.joined() + "}",
      "set {\n  self[\(key).self] = newValue\n}",
      "_modify {\n  yield &self[\(key).self]\n}",
    ]
  }

  // MARK: - Peers

  /// A check that the value is `Sendable` (in debug builds) and the key type.
  private static func peers(
    _ input: AttachedMacroInput, context: inout ExpansionContext
  ) throws(ExpansionFailure) -> [String] {
    guard let entry = try entry(input) else { return [] }
    let testValue = entry.binding.initializer
    guard testValue != nil || entry.liveValue != nil else {
      context.diagnose(
        Diagnostic(
          .error,
          "'@DependencyEntry' requires an initializer to define the property's test value, or a "
            + "'liveValue' argument to fall back on",
          at: SourceRange(input.declaration, entry.property.range)))
      return []
    }
    let access = entry.memberAccess
    // The arguments were read between parentheses, where line breaks do not end them; after
    // `static var liveValue =`, `_DependencyEntryDefaultValue` reads them as an initializer, so
    // one that does not read whole as one is parenthesised (`= (a ?\n b : c)`).
    let values: [(name: String, text: String)] =
      [
        entry.liveValue.map { ("liveValue", asInitializer(entry.attributeText($0.range))) },
        entry.previewValue.map { ("previewValue", asInitializer(entry.attributeText($0.range))) },
        testValue.map { ("testValue", entry.declarationText($0.range)) },
      ].compactMap { $0 }
    var members: [String] = []
    if let type = entry.binding.typeAnnotation {
      members.append("\(access)typealias Value = \(entry.declarationText(type.range))")
      for value in values {
        members.append("\(access)static var \(value.name): Value {\n  \(value.text)\n}")
      }
    } else {
      for value in values {
        members.append(
          "@_DependencyEntryDefaultValue \(access)static var \(value.name) = "
            + value.text)
      }
    }
    // `DependencyKey` and `TestDependencyKey` under DependenciesMacros' names for expansions
    // (ExpansionNames.swift): no module name, which `moduleAliases` may change, and no short name,
    // which a declaration of the user's file may shadow.
    let conformance =
      entry.liveValue != nil
      ? "__DependenciesMacrosDependencyKey" : "__DependenciesMacrosTestDependencyKey"
    let key =
      "\(entry.keyAccess) nonisolated enum \(entry.keyName): \(conformance) {\n"
      + members.map { $0.indented(by: "  ") + "\n" }.joined() + "}"

    let check = "#IsolationCheck(keyPath: \\\(entry.extendedType).\(entry.name))"
    let located =
      SourceLocationDirective.pointing(at: input.attribute).map {
        [$0, check, "#sourceLocation()"]
      }
      ?? [check]
    let sendableCheck = (["#if DEBUG"] + located + ["#endif"]).joined(separator: "\n")
    return [sendableCheck, key]
  }

  /// The expression as it reads after `=`: as written when it reads whole as an initializer, in
  /// parentheses otherwise.
  private static func asInitializer(_ expression: String) -> String {
    SyntaxReader.readsWhole(expression, as: .initializer) ? expression : "(\(expression))"
  }
}

/// `@_DependencyEntryDefaultValue`, which `@DependencyEntry` puts on the key's values when the
/// property has no type annotation: `static var testValue = Client.test` becomes a computed
/// property (a new value on each read) whose type is the initializer's.
/// A declaration it cannot read is an error: without the getter, the value would be a stored
/// property, evaluated once.
enum DependencyEntryDefaultValueMacro {
  static func expand(_ input: AttachedMacroInput) -> MacroExpansion {
    MacroExpansion.expanding { _ throws(ExpansionFailure) in
      guard input.role == .accessor else { return [] }
      let source = input.declaration
      let declaration: Declaration
      do throws(ReadError) {
        declaration = try SyntaxReader.readDeclaration(source)
      } catch {
        throw ExpansionFailure(error, in: source, macro: "_DependencyEntryDefaultValue")
      }
      guard case .variable(let property) = declaration, property.bindings.count == 1,
        let initializer = property.bindings.first?.initializer
      else {
        throw ExpansionFailure(
          Diagnostic(
            .error,
            "'@_DependencyEntryDefaultValue' must be attached to a 'static var' with an "
              + "initializer",
            at: SourceRange(source, declaration.range)))
      }
      return ["get {\n  \(source.text(initializer.range))\n}"]
    }
  }
}

extension String {
  var uppercasingFirst: String {
    guard let first else { return self }
    return first.uppercased() + dropFirst()
  }
}
