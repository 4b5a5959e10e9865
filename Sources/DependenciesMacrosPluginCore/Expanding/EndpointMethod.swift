/// The method `@DependencyEndpoint` adds for a closure with argument labels:
/// `var fetch: (_ id: Int) async throws -> User` gets
/// `func fetch(id p0: Int) async throws -> User { try await self.fetch(p0) }`.
enum EndpointMethod {
  /// The name given by `method:`, checked as the classic macro checks it; nil without `method:`.
  static func name(
    from arguments: [Argument], in source: SourceText
  ) throws(ExpansionFailure) -> String? {
    guard arguments.count == 1, let argument = arguments.first, argument.label == "method" else {
      return nil
    }
    let range = SourceRange(source, argument.expression.range)
    guard let literal = StaticStringLiteral(argument.expression, in: source) else {
      throw ExpansionFailure(
        Diagnostic(.error, "'method' must be a static string literal", at: range))
    }
    guard literal.content.isMethodName else {
      throw ExpansionFailure(Diagnostic(.error, "'method' must be a valid identifier", at: range))
    }
    return literal.content
  }

  /// Attributes of a closure type that say nothing about a method (or cannot be written on one).
  private static let typeOnlyAttributes: Set<String> = [
    "escaping", "autoclosure", "convention", "isolated", "noescape", "differentiable",
    "noDerivative", "_noMetadata", "unchecked", "retroactive", "preconcurrency", "thin", "thick",
    "lifetime", "_opaqueReturnTypeOf",
  ]

  /// The method's declaration; nil (with an error) for a closure whose arguments cannot be passed
  /// on from a method (a variadic parameter).
  static func declaration(
    of property: EndpointProperty, named name: String, context: inout ExpansionContext
  ) -> String? {
    let closure = property.closureType
    if let variadic = closure.parameters.first(where: { $0.ellipsis != nil }) {
      let label = variadic.secondName?.text ?? "_"
      context.diagnose(
        Diagnostic(
          .error,
          "'@DependencyEndpoint' cannot generate a method for '\(property.name)': its parameter "
            + "'\(label)' is variadic, and Swift cannot pass variadic arguments on to the "
            + "closure; take an array instead ('[\(property.text(variadic.type.range))]'), or "
            + "drop the argument labels and 'method:' to call the closure directly",
          at: SourceRange(property.source, variadic.range)))
      return nil
    }
    // `@Sendable` is not carried over: on a method of a type that is not `Sendable` it is an
    // error in Swift 6, and a `Sendable` client's methods are inferred `@Sendable` (SE-0418). The
    // classic macro carries it when it is the only attribute.
    let attributes = property.type.attributeNames.filter {
      !$0.contains(".") && !typeOnlyAttributes.contains($0) && $0 != "Sendable"
    }
    let access =
      property.declaration.modifiers.first { $0.name == "public" || $0.name == "package" }
      .map { $0.name + " " } ?? ""
    var parameters: [String] = []
    var arguments: [String] = []
    for (index, parameter) in closure.parameters.enumerated() {
      let argument = "p\(index)"
      parameters.append(
        "\(parameter.secondName?.text ?? "_") \(argument): \(property.text(parameter.type.range))")
      if parameter.isInout {
        arguments.append("&" + argument)
      } else if parameter.isAutoclosure {
        arguments.append(argument + "()")
      } else if case .packExpansion = parameter.type.kind {
        arguments.append("repeat each " + argument)
      } else {
        arguments.append(argument)
      }
    }
    let effects = closure.effectsRange.map { " " + property.text($0) } ?? ""
    let call =
      (closure.isThrowing ? "try " : "") + (closure.isAsync ? "await " : "") + "self."
      + property.name + "(" + arguments.joined(separator: ", ") + ")"
    return attributes.map { "@\($0) " }.joined() + access + "func " + name.asDeclaredName + "("
      + parameters.joined(separator: ", ") + ")" + effects + " -> "
      + property.text(closure.returnType.range) + " {\n  " + call + "\n}"
  }
}

extension String {
  /// Whether the text names a method: an identifier, or a backquoted name. A name with
  /// characters other than ASCII (`café`) is declared in backquotes (``asDeclaredName``).
  var isMethodName: Bool {
    if hasPrefix("`") {
      return count > 2 && hasSuffix("`") && !dropFirst().dropLast().contains("`")
        && !contains("\n")
    }
    if let first = utf8.first, utf8.contains(where: { $0 >= 0x80 }) {
      return Lexer.isIdentifierHead(first) && first != UInt8(ascii: "$")
        && utf8.allSatisfy(Lexer.isIdentifierBody)
    }
    return isPlainIdentifier
  }
}
