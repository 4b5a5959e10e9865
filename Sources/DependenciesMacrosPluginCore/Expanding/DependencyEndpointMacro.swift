/// `@DependencyEndpoint`: turns a closure property into accessors over private storage that holds
/// an unimplemented default (it reports `Unimplemented: 'Client.fetch'` to the running test, then
/// throws, returns the property's default, `nil` or nothing), and adds a method with the closure's
/// argument labels (or the name given by `method:`), as the classic macro does.
enum DependencyEndpointMacro {
  static func expand(_ input: AttachedMacroInput) -> MacroExpansion {
    MacroExpansion.expanding { context throws(ExpansionFailure) in
      switch input.role {
      case .accessor: try accessors(input, context: &context)
      case .peer: try peers(input, context: &context)
      default: []
      }
    }
  }

  /// The property read for its endpoint; a declaration the reader cannot read is reported by the
  /// peer expansion only.
  private static func property(_ input: AttachedMacroInput) throws(ExpansionFailure)
    -> EndpointProperty?
  {
    let declaration: Declaration
    do {
      declaration = try SyntaxReader.readDeclaration(input.declaration)
    } catch {
      return try input.reportedByPeer(
        ExpansionFailure(error, in: input.declaration, macro: "DependencyEndpoint"))
    }
    guard case .variable(let variable) = declaration else { return nil }
    if variable.bindings.count > 1 {
      return try input.reportedByPeer(
        ExpansionFailure(
          Diagnostic(
            .error,
            "'@DependencyEndpoint' cannot read a declaration of \(variable.bindings.count) "
              + "properties: declare each endpoint with its own 'var'",
            at: SourceRange(input.declaration, variable.range))))
    }
    return EndpointProperty(variable, in: input.declaration)
  }

  // MARK: - Accessors

  /// `get` and `set` over the storage, unless the default is one the macro leaves alone.
  private static func accessors(
    _ input: AttachedMacroInput, context: inout ExpansionContext
  ) throws(ExpansionFailure) -> [String] {
    guard let property = try property(input) else { return [] }
    if let initializer = property.binding.initializer {
      let macro =
        (try? SyntaxReader.readAttributeWithArguments(input.attribute))?.attribute.name
        ?? "DependencyEndpoint"
      // A `fatalError()` default gets a warning. The classic macro then adds no accessors, which
      // the compiler rejects ("did not produce a non-observing accessor"); here they stay.
      _ = try EndpointDiagnostics.checkDefault(
        initializer, of: property, macro: macro, context: &context)
    }
    // Without storage (the peer expansion says why), accessors would only add errors.
    guard case .success = unimplementedDefault(of: property) else { return [] }
    return [
      "get {\n  \(property.storageName)\n}",
      "set {\n  \(property.storageName) = newValue\n}",
    ]
  }

  // MARK: - Peers

  /// The method with argument labels (when the closure has labels or `method:` names it) and the
  /// private storage with its unimplemented default.
  private static func peers(
    _ input: AttachedMacroInput, context: inout ExpansionContext
  ) throws(ExpansionFailure) -> [String] {
    let attribute: Attribute
    let arguments: [Argument]
    do {
      (attribute, arguments) = try SyntaxReader.readAttributeWithArguments(input.attribute)
    } catch {
      throw ExpansionFailure(error, in: input.attribute, macro: "DependencyEndpoint")
    }
    guard let property = try property(input) else {
      context.diagnose(
        Diagnostic(
          .error, "'@DependencyEndpoint' must be attached to closure property",
          at: SourceRange(input.attribute, attribute.range)))
      return []
    }
    let unimplemented: String
    switch unimplementedDefault(of: property) {
    case .success(let closure):
      unimplemented = closure
    case .failure(let failure):
      if let diagnostic = failure.diagnostic { context.diagnose(diagnostic) }
      return []
    }
    let storage = storage(of: property, default: unimplemented)
    // An invalid `method:` is an error; the storage is still declared, so that the accessors add
    // no errors of their own.
    let methodName: String?
    do throws(ExpansionFailure) {
      methodName = try EndpointMethod.name(from: arguments, in: input.attribute)
    } catch {
      error.diagnostics.forEach { context.diagnose($0) }
      return [storage]
    }
    guard
      methodName != nil
        || property.closureType.parameters.contains(where: { $0.secondName != nil }),
      let method = EndpointMethod.declaration(
        of: property, named: methodName ?? property.name, context: &context)
    else { return [storage] }
    return [method, storage]
  }

  /// Why an endpoint has no unimplemented default: its default is not a closure literal (the
  /// accessor expansion reports that), or it needs one (``diagnostic`` says so).
  private struct NoDefault: Error {
    var diagnostic: Diagnostic?
  }

  /// The closure the storage starts with: the property's default, or one made for its type,
  /// reporting the call first.
  private static func unimplementedDefault(
    of property: EndpointProperty
  ) -> Result<String, NoDefault> {
    let closure = property.closureType
    let name = property.unescapedName.stringLiteralContent
    // The names of DependenciesMacros' ExpansionNames.swift, which no module name qualifies: the
    // user's package may rename IssueReporting (`moduleAliases`), or shadow `reportIssue`.
    let report = "__dependenciesMacrosReportIssue(\"Unimplemented: '\\(Self.self).\(name)'\")"
    if let initializer = property.binding.initializer {
      guard let literal = initializer.closure else { return .failure(NoDefault()) }
      var lines = ["{" + (literal.signature.map { " " + property.text($0) } ?? ""), "  " + report]
      if let body = literal.body {
        if let statement = literal.soleExpression, !closure.returnsVoid || statement.isClosureCall,
          !statement.startsWithFatalErrorCall
        {
          lines.append("  return " + property.text(statement.range))
        } else {
          lines.append(property.text(body))
        }
      }
      return .success((lines + ["}"]).joined(separator: "\n"))
    }
    var lines = [property.closureOpening.dropLast() + "", "  " + report]
    if closure.isThrowing {
      if let thrownError = property.typedThrownError {
        return .failure(
          NoDefault(
            diagnostic: EndpointDiagnostics.defaultRequired(
              for: property, thrownError: thrownError, client: nil)))
      }
      lines.append("  throw __DependenciesMacrosUnimplemented(\"\(name)\")")
    } else if closure.returnsOptional {
      lines.append("  return nil")
    } else if !closure.returnsVoid {
      return .failure(
        NoDefault(diagnostic: EndpointDiagnostics.defaultRequired(for: property, client: nil)))
    }
    return .success((lines + ["}"]).joined(separator: "\n"))
  }

  /// `private var _fetch: Type = <default>`, with the property's other attributes and modifiers
  /// (and observers, if it has them).
  private static func storage(of property: EndpointProperty, default value: String) -> String {
    let declaration = property.declaration
    let attributes = declaration.attributes
      .filter { !$0.isNamed("DependencyEndpoint", module: "DependenciesMacros") }
      .map { property.text($0.range) + " " }
    let modifiers = declaration.modifiers
      .filter { !SyntaxReader.accessModifiers.contains($0.name) || $0.name == "open" }
      .map { property.text($0.range) + " " }
    let observers = property.binding.accessorBlock.map { " " + property.text($0.range) } ?? ""
    return attributes.joined() + "private " + modifiers.joined()
      + (declaration.isLet ? "let " : "var ") + property.storageName + ": "
      + property.text(property.type.range) + " = " + value + observers
  }
}

extension String {
  /// The text escaped for the inside of a string literal.
  var stringLiteralContent: String {
    var result = ""
    for character in unicodeScalars {
      switch character {
      case "\\": result += "\\\\"
      case "\"": result += "\\\""
      default: result.unicodeScalars.append(character)
      }
    }
    return result
  }
}
