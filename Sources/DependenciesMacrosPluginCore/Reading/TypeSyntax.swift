/// A type as written in source: its shape and where each piece is.
///
/// The macros classify types (is this a closure? does it throw? is its result `Void` or
/// optional?) and copy their text; they never rebuild a type from this tree, so every node keeps
/// its byte range and the text of a type is always the user's own.
package struct TypeSyntax: Sendable {
  package indirect enum Kind: Sendable {
    /// `Int`, `Array<Int>`, `Self`, `Void`.
    case identifier(name: String, genericArguments: [TypeSyntax]?)
    /// `Swift.Int`, `Client.ID`, `Result<Int, any Error>.Success`.
    case member(base: TypeSyntax, name: String, genericArguments: [TypeSyntax]?)
    /// `T?`
    case optional(TypeSyntax)
    /// `T!`
    case implicitlyUnwrappedOptional(TypeSyntax)
    /// `[T]`
    case array(TypeSyntax)
    /// `[K: V]`
    case dictionary(key: TypeSyntax, value: TypeSyntax)
    /// `[3 of Int]`
    case inlineArray(count: TypeSyntax, element: TypeSyntax)
    /// `(A, b: B)`, `()`, and a parenthesized type `(T)` (one element without a name).
    case tuple([TupleTypeElement])
    /// `(A) async throws -> B`
    case function(FunctionTypeSyntax)
    /// `@Sendable () -> Void`, `inout Int`, `sending T`.
    case attributed(AttributedTypeSyntax)
    /// `some P`, `any P`.
    case someOrAny(keyword: String, constraint: TypeSyntax)
    /// `P & Q`
    case composition([TypeSyntax])
    /// `T.Type`, `P.Protocol`.
    case metatype(base: TypeSyntax, keyword: String)
    /// `repeat each T`
    case packExpansion(TypeSyntax)
    /// `each T`
    case packElement(TypeSyntax)
    /// `~Copyable`
    case suppressed(TypeSyntax)
    /// An integer generic argument: `3`, `-1`.
    case integer
    /// `_`
    case placeholder
  }

  package var kind: Kind
  /// The type's bytes, without the trivia around it.
  package var range: Range<Int>

  package init(kind: Kind, range: Range<Int>) {
    self.kind = kind
    self.range = range
  }

  /// The function type this is, directly or under attributes and specifiers
  /// (`@Sendable @MainActor () -> Void`); nil for anything else, `(() -> Void)?` included.
  package var functionType: FunctionTypeSyntax? {
    switch kind {
    case .function(let function): return function
    case .attributed(let attributed):
      if case .function(let function) = attributed.base.kind { return function }
      return nil
    default: return nil
    }
  }
}

/// An element of a tuple type or a parameter of a function type: `Int`, `_ id: Int`,
/// `_ values: Int...`.
package struct TupleTypeElement: Sendable {
  /// `_` or a name, and the range of the token.
  package var firstName: (text: String, range: Range<Int>)?
  /// The second name of `_ id: Int`.
  package var secondName: (text: String, range: Range<Int>)?
  package var type: TypeSyntax
  /// Range of `...` after a variadic parameter's type.
  package var ellipsis: Range<Int>?
  /// The element's bytes, names included.
  package var range: Range<Int>

  /// Whether the parameter is `inout`.
  package var isInout: Bool { type.specifiers.contains("inout") }

  /// Whether the parameter is `@autoclosure`.
  package var isAutoclosure: Bool { type.attributeNames.contains("autoclosure") }
}

/// `(parameters) async throws(E) -> Result`.
package struct FunctionTypeSyntax: Sendable {
  package var parameters: [TupleTypeElement]
  /// Range of `async`, if present.
  package var asyncRange: Range<Int>?
  /// Range of `throws` or `throws(E)`, if present.
  package var throwsRange: Range<Int>?
  /// `E` of `throws(E)`.
  package var thrownType: TypeSyntax?
  /// From the first effect through the last (`async throws(E)`); nil without effects.
  package var effectsRange: Range<Int>?
  package var returnType: TypeSyntax

  /// Whether the closure throws: `throws` or `throws(E)`.
  package var isThrowing: Bool { throwsRange != nil }
  package var isAsync: Bool { asyncRange != nil }
}

/// Specifiers and attributes before a type: `inout`, `sending`, `@Sendable`, `@MainActor`.
package struct AttributedTypeSyntax: Sendable {
  package var specifiers: [(text: String, range: Range<Int>)]
  package var attributes: [Attribute]
  package var base: TypeSyntax
}

extension TypeSyntax {
  /// Specifiers (`inout`, `borrowing`, `sending`, …) directly on this type.
  package var specifiers: [String] {
    guard case .attributed(let attributed) = kind else { return [] }
    return attributed.specifiers.map(\.text)
  }

  /// Names of the attributes directly on this type (`Sendable`, `MainActor`, `escaping`).
  package var attributeNames: [String] {
    guard case .attributed(let attributed) = kind else { return [] }
    return attributed.attributes.map(\.name)
  }
}
