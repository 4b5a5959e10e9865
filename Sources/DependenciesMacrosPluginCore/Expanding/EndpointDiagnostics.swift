/// The diagnostics both endpoint macros give about a closure property's default value, worded as
/// the classic macros word them.
enum EndpointDiagnostics {
  /// Checks a property's default value: it must be a closure literal (an error, with a warning for
  /// `unimplemented(…)`, which the macros already do); a body that is only `fatalError(…)` gets a
  /// warning with a fix-it. Returns true after that warning: the classic macros then leave the
  /// property as it is.
  static func checkDefault(
    _ initializer: ExpressionSyntax, of property: EndpointProperty, macro: String,
    context: inout ExpansionContext
  ) throws(ExpansionFailure) -> Bool {
    let source = property.source
    guard let closure = initializer.closure else {
      var diagnostics = [
        Diagnostic(
          .error, "'@\(macro)' default must be closure literal",
          at: SourceRange(source, initializer.range))
      ]
      if initializer.isCallOfUnimplemented {
        diagnostics.append(
          Diagnostic(
            .warning,
            "Do not use 'unimplemented' with '@\(macro)'; the '@\(macro)' macro already includes "
              + "the behavior of 'unimplemented'.",
            at: SourceRange(source, initializer.range)))
      }
      throw ExpansionFailure(diagnostics)
    }
    guard let statement = closure.soleExpression, statement.startsWithFatalErrorCall else {
      return false
    }
    context.diagnose(
      Diagnostic(
        .warning,
        """
        Prefer returning a default mock value over 'fatalError()' to avoid crashes in previews \
        and tests.

        The default value can be anything and does not need to signify a real value. For \
        example, if the endpoint returns a boolean, you can return 'false', or if it returns an \
        array, you can return '[]'.
        """,
        at: SourceRange(source, statement.range),
        fixIts: [
          Diagnostic.FixIt(
            message: "Wrap in a synchronously executed closure to silence this warning",
            changes: [
              .init(
                range: SourceRange(source, statement.range),
                newText: "{ \(source.text(statement.range)) }()")
            ])
        ]))
    return true
  }

  /// A non-throwing closure that returns neither `Void` nor an optional has no value to return
  /// when unimplemented: it needs a default. `client` names the `@DependencyClient` type.
  static func defaultRequired(for property: EndpointProperty, client: String?) -> Diagnostic {
    let placeholder = "<#\(property.text(property.closureType.returnType.range))#>"
    let closure = property.closureOpening + placeholder + " }"
    return Diagnostic(
      .error,
      """
      Default value required for non-throwing closure '\(property.name)'

      Defaults are required so that the macro can generate a default, "unimplemented" version of \
      the dependency\(client.map { " via '\($0)()'" } ?? ""). The default value can be anything \
      and does not need to signify a real value. For example, if the endpoint returns a boolean, \
      you can return 'false', or if it returns an array, you can return '[]'.

      See the documentation for @DependencyClient for more information: \
      https://swiftpackageindex.com/pointfreeco/swift-dependencies/main/documentation/dependenciesmacros/dependencyclient()#Restrictions
      """,
      at: SourceRange(property.source, property.binding.range),
      fixIts: [
        .insert(
          " = \(closure)", at: property.type.range.upperBound, in: property.source,
          message: "Insert '= \(closure)'")
      ])
  }

  /// A closure with a typed error (`throws(FetchError)`) cannot throw the macros' `Unimplemented`
  /// error when unimplemented: it needs a default too. (The classic macros emit a `throw` that
  /// does not compile.)
  static func defaultRequired(
    for property: EndpointProperty, thrownError: TypeSyntax, client: String?
  ) -> Diagnostic {
    let error = property.text(thrownError.range)
    // A closure literal does not take its thrown type from the context (not without the
    // FullTypedThrows feature), so the default says it.
    let count = property.closureType.parameters.count
    let parameters =
      count == 0 ? "()" : Array(repeating: "_", count: count).joined(separator: ", ")
    let closure = "{ \(parameters) throws(\(error)) in throw <#\(error)#> }"
    return Diagnostic(
      .error,
      """
      Default value required for closure '\(property.name)' that throws '\(error)'

      Defaults are required so that the macro can generate a default, "unimplemented" version of \
      the dependency\(client.map { " via '\($0)()'" } ?? ""). An unimplemented endpoint that \
      throws reports the call and throws 'DependenciesMacros.Unimplemented', which is not a \
      '\(error)': give a default that throws a '\(error)' (or returns a value). The call is still \
      reported as unimplemented.
      """,
      at: SourceRange(property.source, property.binding.range),
      fixIts: [
        .insert(
          " = \(closure)", at: property.type.range.upperBound, in: property.source,
          message: "Insert '= \(closure)'")
      ])
  }
}
