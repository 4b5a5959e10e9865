/// A closure property, the shape both `@DependencyClient` and `@DependencyEndpoint` act on:
/// `var fetch: @Sendable (_ id: Int) async throws -> User`.
struct EndpointProperty {
  let source: SourceText
  let declaration: VariableDeclaration
  let binding: PatternBinding
  /// The name as written (`fetch`, `` `return` ``).
  let name: String
  let type: TypeSyntax
  let closureType: FunctionTypeSyntax

  /// The property as an endpoint, when its first binding is a name with a closure type.
  init?(_ declaration: VariableDeclaration, in source: SourceText) {
    guard let binding = declaration.bindings.first, let name = binding.name,
      let type = binding.typeAnnotation, let closureType = type.functionType
    else { return nil }
    self.source = source
    self.declaration = declaration
    self.binding = binding
    self.name = name
    self.type = type
    self.closureType = closureType
  }

  /// The name without backquotes (`return` for `` `return` ``).
  var unescapedName: String { name.withoutBackquotes }

  /// The name of the storage that holds the closure: `_fetch` (`` `_foo bar` `` for a raw
  /// identifier).
  var storageName: String { ("_" + unescapedName).asIdentifier }

  func text(_ range: Range<Int>) -> String { source.text(range) }

  /// `{ _, _ in ` for a closure of two parameters, `{ ` for none.
  var closureOpening: String {
    let count = closureType.parameters.count
    guard count > 0 else { return "{ " }
    return "{ " + Array(repeating: "_", count: count).joined(separator: ", ") + " in "
  }

  /// The type of the closure's error, for `throws(E)` with an `E` other than `any Error`.
  var typedThrownError: TypeSyntax? {
    guard let thrown = closureType.thrownType else { return nil }
    let text = source.text(thrown.range).filter { !$0.isWhitespace }
    return ["Error", "anyError", "Swift.Error", "anySwift.Error"].contains(text) ? nil : thrown
  }
}

extension FunctionTypeSyntax {
  /// Whether the closure returns `Void` or `()`, as the classic macros decide it: a type named
  /// `Void` or an empty tuple.
  var returnsVoid: Bool {
    switch returnType.kind {
    case .identifier(let name, _): return name == "Void"
    case .tuple(let elements): return elements.isEmpty
    default: return false
    }
  }

  /// Whether the closure returns an optional: `T?` or `Optional<T>`.
  var returnsOptional: Bool {
    switch returnType.kind {
    case .optional: return true
    case .identifier(let name, _): return name == "Optional"
    default: return false
    }
  }
}

extension String {
  /// The name without the backquotes around it.
  var withoutBackquotes: String {
    var result = Substring(self)
    if result.first == "`" { result = result.dropFirst() }
    if result.last == "`" { result = result.dropLast() }
    return String(result)
  }

  /// The name as an identifier: backquoted when it is not a plain one.
  var asIdentifier: String {
    isPlainIdentifier ? self : "`\(self)`"
  }

  /// The name as a declaration's name: as written when it is in backquotes already, else as
  /// ``asIdentifier``.
  var asDeclaredName: String {
    hasPrefix("`") ? self : asIdentifier
  }

  /// Whether the name can be written without backquotes: ASCII letters, digits and `_`, not a
  /// keyword. A name with other characters is written in backquotes: the reader does not know
  /// Swift's Unicode ranges (`café` is an identifier, `a→b` an operator), and backquotes make
  /// either one a name.
  var isPlainIdentifier: Bool {
    guard let first = utf8.first, first < 0x80, Lexer.isIdentifierHead(first),
      first != UInt8(ascii: "$")
    else { return false }
    return utf8.allSatisfy { $0 < 0x80 && Lexer.isIdentifierBody($0) }
      && !(Keyword(self)?.isReserved ?? false)
  }
}
