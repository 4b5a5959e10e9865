/// Why the ``Lexer`` stopped: what it could not read (an unterminated literal or comment, a stray
/// character) and where.
///
/// Each reader words it for its own users: the macros as a compiler error at ``range``, the
/// manifest edit as a refusal naming the line.
package struct LexError: Error, Equatable, Sendable {
  /// What the lexer met, e.g. "unterminated string literal".
  package var message: String
  /// Byte range of the construct in the text being read.
  package var range: Range<Int>

  package init(_ message: String, at range: Range<Int>) {
    self.message = message
    self.range = range
  }
}
