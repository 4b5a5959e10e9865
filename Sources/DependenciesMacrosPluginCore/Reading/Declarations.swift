/// A `var` or `let` declaration: `@Attr public var fetch: (Int) -> User = { … }`.
package struct VariableDeclaration: Sendable {
  /// From the first attribute (or modifier, or `var`) through the end of the last binding.
  package var range: Range<Int>
  package var attributes: [Attribute]
  package var modifiers: [Modifier]
  /// Whether the declaration says `let` (rather than `var`).
  package var isLet: Bool
  package var bindings: [PatternBinding]

  /// Whether the declaration has a modifier named `name`.
  package func hasModifier(_ name: String) -> Bool {
    modifiers.contains { $0.name == name }
  }
}

/// One `pattern: Type = value { accessors }` of a property declaration.
package struct PatternBinding: Sendable {
  package enum Pattern: Sendable {
    /// `fetch`, `` `return` ``.
    case identifier(name: String, range: Range<Int>)
    /// A tuple pattern `(a, b)`.
    case tuple(range: Range<Int>)
  }

  package var pattern: Pattern
  package var typeAnnotation: TypeSyntax?
  package var initializer: ExpressionSyntax?
  package var accessorBlock: AccessorBlock?
  /// From the pattern through the initializer or accessor block.
  package var range: Range<Int>

  /// The name as written (with backquotes), for an identifier pattern.
  package var name: String? {
    guard case .identifier(let name, _) = pattern else { return nil }
    return name
  }

  package var patternRange: Range<Int> {
    switch pattern {
    case .identifier(_, let range), .tuple(let range): return range
    }
  }
}

/// The `{ … }` after a property: a getter body, or a list of accessors.
package struct AccessorBlock: Sendable {
  package enum Kind: Sendable {
    /// `var name: String { "Blob" }`
    case getter
    /// `{ get { … } set { … } }`, `{ willSet { … } }`: the accessors' keywords.
    case accessors([String])
  }

  package var kind: Kind
  package var range: Range<Int>

  /// Whether the block makes the property computed: a getter body, or a `get` accessor.
  package var isComputed: Bool {
    switch kind {
    case .getter: return true
    case .accessors(let keywords): return keywords.contains("get")
    }
  }
}

/// A type or extension declaration: its header and, when read, its members.
package struct DeclarationGroup: Sendable {
  /// `struct`, `class`, `enum`, `actor`, `protocol` or `extension`.
  package var keyword: String
  /// The declared type's name; for an extension, the extended type's last name component.
  package var name: String
  /// The extended type of an extension.
  package var extendedType: TypeSyntax?
  package var attributes: [Attribute]
  package var modifiers: [Modifier]
  /// From the first attribute through the closing `}`.
  package var range: Range<Int>
  package var members: [Member]
}

/// A member of a type's body.
package enum Member: Sendable {
  case variable(VariableDeclaration)
  /// A `#if` block; its members are not read (the classic macros skip them too).
  case conditionalBlock(range: Range<Int>)
  /// Any other declaration (function, initializer, nested type, …), skipped.
  case other(keyword: String, range: Range<Int>)
}

/// What a declaration the compiler sent turned out to be.
package enum Declaration: Sendable {
  case variable(VariableDeclaration)
  case group(DeclarationGroup)
  /// Another kind of declaration (`func`, `init`, `typealias`, …), with its keyword.
  case other(keyword: String, attributes: [Attribute], range: Range<Int>)
}
