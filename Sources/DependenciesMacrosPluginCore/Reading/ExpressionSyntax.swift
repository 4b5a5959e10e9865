/// An expression as the macros see it: where it is and the few facts about its shape they act on.
///
/// The macros copy expressions verbatim; they only need to know whether one is a literal (to infer
/// a property's type as classic does), a call of `unimplemented(…)` (classic warns), or a closure
/// literal, and for a closure literal its signature and whether its body is a single expression.
package struct ExpressionSyntax: Sendable {
  package enum LiteralKind: Sendable {
    case boolean, integer, float, string
  }

  package var range: Range<Int>
  /// Set when the expression is one literal token.
  package var literalKind: LiteralKind?
  /// Set when the expression is one closure literal.
  package var closure: ClosureLiteral?
  /// Whether the expression is a call of a function named `unimplemented`.
  package var isCallOfUnimplemented: Bool
}

/// A closure literal: `{ _ in false }`, `{ [weak self] id in … }`.
package struct ClosureLiteral: Sendable {
  /// From `{` through `}`.
  package var range: Range<Int>
  /// From the first token after `{` through `in`, when the closure has a signature.
  package var signature: Range<Int>?
  /// From the first statement through the last; nil for an empty body.
  package var body: Range<Int>?
  /// Set when the body is exactly one expression (with or without a trailing `;`).
  package var soleExpression: SoleExpression?
}

/// The only statement of a closure body, when it is an expression.
package struct SoleExpression: Sendable {
  package var range: Range<Int>
  /// Whether the statement starts with `fatalError(` on the line of the closure's `{` or `in`,
  /// which is where the classic macros look for it (they test the statement's text, including
  /// a line break before it, for the prefix `fatalError(`).
  package var startsWithFatalErrorCall: Bool
  /// Whether the statement is a call of a closure literal: `{ … }()`.
  package var isClosureCall: Bool
}
