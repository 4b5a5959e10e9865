/// `@DependencyClient`: on a struct of closure properties, attaches `@DependencyEndpoint` to each
/// endpoint (member attributes) and adds a memberwise initializer and `init()`, the
/// unimplemented client (members), as the classic macro does.
enum DependencyClientMacro {
  static func expand(_ input: AttachedMacroInput) -> MacroExpansion {
    MacroExpansion.expanding { context throws(ExpansionFailure) in
      switch input.role {
      case .memberAttribute: try memberAttributes(input, context: &context)
      case .member: try members(input, context: &context)
      default: []
      }
    }
  }

  // MARK: - Member attributes

  /// `@DependencyEndpoint` for each closure `var` without a default it cannot do without (and
  /// without `@DependencyEndpointIgnored`), plus deprecations of the property on Apple platforms
  /// when the closure has argument labels (the generated method is preferred).
  private static func memberAttributes(
    _ input: AttachedMacroInput, context: inout ExpansionContext
  ) throws(ExpansionFailure) -> [String] {
    // A member the reader cannot read is reported by the member expansion; one it does not
    // support (`#if` around a property's attributes) here too, at the member, since the member
    // expansion would otherwise leave it without '@DependencyEndpoint'.
    let introducer: SyntaxReader.Introducer
    do {
      introducer = try SyntaxReader.readIntroducer(input.declaration)
    } catch {
      guard error.isUnsupportedConstruct else { return [] }
      throw ExpansionFailure(error, in: input.declaration, macro: "DependencyClient")
    }
    guard introducer.keyword == "var",
      case .variable(let declaration)? = try? SyntaxReader.readDeclaration(input.declaration),
      declaration.bindings.count == 1, !isIgnored(declaration),
      let property = EndpointProperty(declaration, in: input.declaration)
    else { return [] }

    let macro =
      (try? SyntaxReader.readAttributeWithArguments(input.attribute))?.attribute.name
      ?? "DependencyClient"
    let closure = property.closureType
    if let initializer = property.binding.initializer {
      if try EndpointDiagnostics.checkDefault(
        initializer, of: property, macro: macro, context: &context)
      {
        return []
      }
    } else if !closure.isThrowing, !closure.returnsVoid, !closure.returnsOptional {
      context.diagnose(
        EndpointDiagnostics.defaultRequired(for: property, client: clientName(input.parent)))
      return []
    } else if let thrownError = property.typedThrownError {
      context.diagnose(
        EndpointDiagnostics.defaultRequired(
          for: property, thrownError: thrownError, client: clientName(input.parent)))
      return []
    }

    var attributes = hasEndpointAttribute(declaration) ? [] : ["@DependencyEndpoint"]
    if closure.parameters.contains(where: { $0.secondName != nil }) {
      attributes += ["iOS", "macOS", "tvOS", "watchOS"].map {
        """
        @available(\($0), deprecated: 9999, message: "This property has a method equivalent that \
        is preferred for autocomplete via this deprecation. It is perfectly fine to use for \
        overriding and accessing via '@Dependency'.")
        """
      }
    }
    return attributes
  }

  /// The struct's name, for "via 'Client()'".
  private static func clientName(_ parent: SourceText?) -> String? {
    guard let parent,
      case .group(let group)? = try? SyntaxReader.readDeclaration(parent, readingMembers: false),
      group.keyword == "struct"
    else { return nil }
    return group.name
  }

  // MARK: - Members

  /// A stored property as a parameter of the memberwise initializer.
  private struct Parameter {
    var name: String
    /// `name: Type = default`.
    var text: String
    var isEndpoint: Bool
  }

  /// The memberwise initializer (every stored property the initializer can set; endpoints
  /// required, other properties with their defaults) and the initializer without endpoints,
  /// whose endpoints are the unimplemented ones.
  private static func members(
    _ input: AttachedMacroInput, context: inout ExpansionContext
  ) throws(ExpansionFailure) -> [String] {
    let source = input.declaration
    let declaration: Declaration
    do {
      declaration = try SyntaxReader.readDeclaration(source)
    } catch {
      throw ExpansionFailure(error, in: source, macro: "DependencyClient")
    }
    guard case .group(let group) = declaration, group.keyword == "struct" else {
      context.diagnose(
        Diagnostic(
          .error, "'@DependencyClient' can only be applied to struct types",
          at: SourceRange(source, declaration.range)))
      return []
    }

    var parameters: [Parameter] = []
    var accesses = Set(ClientAccess(group.modifiers).map { [$0] } ?? [])
    for member in group.members {
      guard case .variable(let property) = member, !property.hasModifier("static") else {
        continue
      }
      let endpointDeclaration =
        hasEndpointAttribute(property)
        || (!property.isLet && property.bindings.first?.typeAnnotation?.functionType != nil)
      // `var a = 1, b = 2` is several stored properties, each a parameter (the classic macro
      // takes the first only); several endpoints in one declaration cannot be expanded.
      if property.bindings.count > 1,
        endpointDeclaration
          || property.bindings.contains(where: { $0.typeAnnotation?.functionType != nil })
      {
        throw ExpansionFailure(
          Diagnostic(
            .error,
            "'@DependencyClient' cannot read a declaration of \(property.bindings.count) closure "
              + "properties: declare each endpoint with its own 'var'",
            at: SourceRange(source, property.range)))
      }
      let access = ClientAccess(property.modifiers)
      for (index, binding) in property.bindings.enumerated() {
        guard case .identifier(let name, _) = binding.pattern else {
          throw ExpansionFailure(
            Diagnostic(
              .error,
              "'@DependencyClient' cannot read the tuple pattern "
                + "'\(source.text(binding.patternRange))': declare each property with its own "
                + "'\(property.isLet ? "let" : "var")'",
              at: SourceRange(source, binding.patternRange)))
        }
        let isEndpoint = endpointDeclaration
        if property.isLet, binding.initializer != nil { continue }
        if binding.accessorBlock?.isComputed == true { continue }
        if access == .private, binding.initializer != nil { continue }
        accesses.insert(access ?? .internal)
        if isIgnored(property) { continue }

        // A binding without a type or a value takes the type of the next annotated one
        // (`var width, height: Double`).
        let annotation =
          binding.typeAnnotation
          ?? (binding.initializer == nil
            ? property.bindings[(index + 1)...].lazy.compactMap(\.typeAnnotation).first : nil)
        let type: String
        if let annotation {
          type = escapingType(annotation, in: source)
        } else if let literal = binding.initializer?.literalKind {
          switch literal {
          case .boolean: type = "Swift.Bool"
          case .integer: type = "Swift.Int"
          case .float: type = "Swift.Double"
          case .string: type = "Swift.String"
          }
        } else {
          context.diagnose(
            Diagnostic(
              .error,
              "'@DependencyClient' requires '\(name)' to have a type annotation in order to "
                + "generate a memberwise initializer",
              at: SourceRange(source, binding.range),
              fixIts: [
                .insert(
                  ": <#Type#>", at: binding.patternRange.upperBound, in: source,
                  message: "Insert ': <#Type#>'")
              ]))
          return []
        }
        var text = "\(name): \(type)"
        if !isEndpoint {
          if let initializer = binding.initializer {
            text += " = " + source.text(initializer.range)
          } else if case .optional? = annotation?.kind {
            text += " = nil"
          }
        }
        parameters.append(Parameter(name: name, text: text, isEndpoint: isEndpoint))
      }
    }
    guard parameters.contains(where: \.isEndpoint) else { return [] }

    let access = accesses.min()?.prefix ?? ""
    return [
      initializer(access: access, parameters: parameters, check: isolationCheck(input.attribute)),
      initializer(access: access, parameters: parameters.filter { !$0.isEndpoint }, check: nil),
    ]
  }

  /// A closure type with `@escaping`, as a parameter type needs it.
  private static func escapingType(_ type: TypeSyntax, in source: SourceText) -> String {
    let text = source.text(type.range)
    switch type.kind {
    case .function:
      return "@escaping " + text
    case .attributed(let attributed):
      guard case .function = attributed.base.kind else { return text }
      let head = source.text(type.range.lowerBound..<attributed.base.range.lowerBound)
      let separator = head.last?.isWhitespace == true ? "" : " "
      return head + separator + "@escaping " + source.text(attributed.base.range)
    default:
      return text
    }
  }

  private static func initializer(
    access: String, parameters: [Parameter], check: [String]?
  ) -> String {
    // Stored properties first: an endpoint's setter needs every stored property initialized
    // (the classic macro assigns in declaration order, which fails for a `let` declared after an
    // endpoint).
    let ordered = parameters.filter { !$0.isEndpoint } + parameters.filter(\.isEndpoint)
    let body = (check ?? []) + ordered.map { "self.\($0.name) = \($0.name)" }
    let signature =
      parameters.isEmpty
      ? "\(access)init()"
      : "\(access)init(\n\(parameters.map { "  " + $0.text }.joined(separator: ",\n"))\n)"
    return signature + " {\n" + body.map { "  " + $0 + "\n" }.joined() + "}"
  }

  /// In debug builds, a check that the client is not isolated to the main actor by default
  /// isolation: the probe function takes the initializer's isolation, and `#IsolationCheck`
  /// reports an error when that is `@MainActor`, at the attribute.
  private static func isolationCheck(_ attribute: SourceText) -> [String] {
    let probe = "__dependencyClientIsolationProbe"
    let check = "#IsolationCheck(client: \(probe))"
    let located =
      SourceLocationDirective.pointing(at: attribute).map { [$0, check, "#sourceLocation()"] }
      ?? [check]
    return ["#if DEBUG", "func \(probe)() {", "}"] + located + ["#endif"]
  }

  // MARK: - Attributes of members

  private static func hasEndpointAttribute(_ property: VariableDeclaration) -> Bool {
    property.attributes.contains { $0.isNamed("DependencyEndpoint", module: "DependenciesMacros") }
  }

  /// `@Dependency` properties and `@DependencyEndpointIgnored` ones are not endpoints.
  private static func isIgnored(_ property: VariableDeclaration) -> Bool {
    property.attributes.contains {
      $0.isNamed("Dependency", module: "Dependencies")
        || $0.isNamed("DependencyEndpointIgnored", module: "DependenciesMacros")
    }
  }
}

extension Declaration {
  /// The declaration's bytes.
  package var range: Range<Int> {
    switch self {
    case .variable(let variable): return variable.range
    case .group(let group): return group.range
    case .other(_, _, let range): return range
    }
  }
}
