/// Why the reader stopped: what it could not read, where, and what to write instead.
///
/// The macros turn it into a compiler error at ``range``, so a declaration the reader does not
/// understand fails the build with a message naming the construct, never with a guessed
/// expansion.
package struct ReadError: Error, Equatable, Sendable {
  /// What the reader met, e.g. "unterminated string literal".
  package var message: String
  /// Byte range (in the text being read) of the construct.
  package var range: Range<Int>

  package init(_ message: String, at range: Range<Int>) {
    self.message = message
    self.range = range
  }
}
