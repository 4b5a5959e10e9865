/// One token of Swift source, as the ``Lexer`` splits it.
///
/// The reader never needs a token's value, only its kind, its bytes and what separates it from
/// its neighbours: comments and whitespace are not tokens, but each token records whether a line
/// break or any other trivia comes before it (Swift's rules for where a statement ends and whether
/// an operator is binary depend on exactly that).
package struct Token: Equatable, Sendable {
  package enum Kind: Equatable, Sendable {
    /// An identifier or keyword (`var`, `fetch`, `` `class` ``, `$0`). Keywords are identifiers
    /// here: Swift's contextual keywords make the difference a matter of position.
    case identifier
    case integer
    case float
    /// A string literal of any form, interpolations included.
    case string
    /// A regular expression literal (`/a+/`, `#/a+/#`).
    case regex
    /// `#` and a name: `#if`, `#else`, `#endif`, `#sourceLocation`, `#Macro`.
    case pound
    /// `( ) [ ] { } , : ; @ . \` and a lone `#`.
    case punctuation
    /// A run of operator characters: `=`, `->`, `?`, `!`, `&`, `<`, `>`, `...`, `??`, `>=`.
    case `operator`
    /// After the last token.
    case endOfFile
  }

  package var kind: Kind
  /// Byte offsets of the token's first byte and of the byte after it.
  package var start: Int
  package var end: Int
  /// Whether the trivia before the token holds a line break (true for the first token).
  package var newlineBefore: Bool
  /// Whether any trivia (whitespace or a comment) comes before the token.
  package var triviaBefore: Bool

  package init(kind: Kind, start: Int, end: Int, newlineBefore: Bool, triviaBefore: Bool) {
    self.kind = kind
    self.start = start
    self.end = end
    self.newlineBefore = newlineBefore
    self.triviaBefore = triviaBefore
  }

  package var range: Range<Int> { start..<end }
}
