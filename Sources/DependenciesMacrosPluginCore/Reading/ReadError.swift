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
  /// Whether the error is about valid Swift the reader does not support: ``message`` is then a
  /// whole sentence, "cannot read … : <workaround>", that readers pass on unchanged and the
  /// macros prefix with their name only.
  package var isUnsupportedConstruct: Bool

  package init(_ message: String, at range: Range<Int>) {
    self.message = message
    self.range = range
    self.isUnsupportedConstruct = false
  }

  /// An error for valid Swift the reader does not read: `message` starts with "cannot read" and
  /// says what to write instead.
  package static func unsupported(_ message: String, at range: Range<Int>) -> ReadError {
    var error = ReadError(message, at: range)
    error.isUnsupportedConstruct = true
    return error
  }
}
