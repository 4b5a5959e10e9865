import SwiftSourceLexing

// The reader's tokens come from the package's one Swift lexer (SwiftSourceLexing), which the
// manifest edit of `swift package switch-from-classic` uses too. These names make its types
// this module's own, for the reader, the expansions and the tests.

/// The lexer: see SwiftSourceLexing's `Lexer`.
package typealias Lexer = SwiftSourceLexing.Lexer
/// A token: see SwiftSourceLexing's `Token`.
package typealias Token = SwiftSourceLexing.Token
/// A keyword: see SwiftSourceLexing's `Keyword`.
package typealias Keyword = SwiftSourceLexing.Keyword

extension SwiftSourceLexing.Lexer {
  /// The tokens of `source`, ending with one ``Token/Kind/endOfFile`` token; what the lexer
  /// cannot read is a ``ReadError`` at its place.
  package static func tokenize(_ source: SourceText) throws(ReadError) -> [Token] {
    do {
      return try tokenize(source.bytes)
    } catch {
      throw ReadError(error.message, at: error.range)
    }
  }
}
