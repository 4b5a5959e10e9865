import SwiftSourceLexing

/// Reads the declarations the macros are attached to, from their source text.
///
/// It is a recursive-descent reader for the part of Swift the macros look at: declaration headers,
/// attributes, modifiers, stored and computed properties, types (fully), and expressions only as
/// far as their extent, their literal kind and the shape of a closure literal. Everything else
/// (function bodies, nested types, `#if` blocks) is skipped by bracket, with string literals and
/// comments already folded away by the ``Lexer``.
///
/// Every read either returns what was written or throws a ``ReadError`` naming the construct it
/// could not read; it never guesses. Constructs nested deeper than ``MaximumNestingLevel`` (256
/// levels, as in swift-syntax's parser) are such an error, never a stack overflow: types count
/// their levels, brackets are skipped with a stack of their own, and an expression's shape is
/// looked at one level deep.
package struct SyntaxReader {
  package var cursor: TokenCursor
  /// How many types the reader is inside, to stop at ``MaximumNestingLevel``.
  var typeNesting = 0

  package init(_ source: SourceText) throws(ReadError) {
    cursor = try TokenCursor(source)
  }

  package var source: SourceText { cursor.source }

  package func text(_ range: Range<Int>) -> String { source.text(range) }

  /// Fails unless everything has been read.
  package func expectEnd(_ context: String) throws(ReadError) {
    guard cursor.isAtEnd else {
      throw ReadError(
        "unexpected '\(cursor.currentText)' \(context)", at: cursor.current.range)
    }
  }
}
