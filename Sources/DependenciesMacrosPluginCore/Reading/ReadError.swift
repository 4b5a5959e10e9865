import SwiftSourceLexing

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
  /// What nested deeper than ``MaximumNestingLevel`` ("types", "brackets"), when that is why
  /// the reader stopped; the declaration reader then names the declaration (see
  /// ``naming(_:part:from:)``).
  package var nestingLimitConstruct: String?

  package init(_ message: String, at range: Range<Int>) {
    self.message = message
    self.range = range
    self.isUnsupportedConstruct = false
    self.nestingLimitConstruct = nil
  }

  /// An error for valid Swift the reader does not read: `message` starts with "cannot read" and
  /// says what to write instead.
  package static func unsupported(_ message: String, at range: Range<Int>) -> ReadError {
    var error = ReadError(message, at: range)
    error.isUnsupportedConstruct = true
    return error
  }

  /// The error for `construct` (plural: "types", "brackets") nested deeper than
  /// ``MaximumNestingLevel``, at the token that goes one level too deep.
  package static func nestingLimit(_ construct: String, at range: Range<Int>) -> ReadError {
    var error = ReadError.unsupported(
      "cannot read \(construct) nested more than \(MaximumNestingLevel.value) levels deep, the "
        + "most the macros' reader reads (swift-syntax's parser stops there too)",
      at: range)
    error.nestingLimitConstruct = construct
    return error
  }

  /// For a nesting-limit error, the same error naming the declaration it is in: "cannot read
  /// 'fetch': its type nests more than 256 levels deep …", with what to write instead, from the
  /// start of the part (`partStart`) to the token one level too deep. Any other error is
  /// returned unchanged.
  package func naming(
    _ declaration: String, part: DeclarationPart, from partStart: Int
  ) -> ReadError {
    guard nestingLimitConstruct != nil else { return self }
    var error = ReadError.unsupported(
      "cannot read '\(declaration)': its \(part.rawValue) nests more than "
        + "\(MaximumNestingLevel.value) levels deep, the most the macros' reader reads "
        + "(swift-syntax's parser stops there too): \(part.remedy)",
      at: min(partStart, range.lowerBound)..<range.upperBound)
    error.nestingLimitConstruct = nestingLimitConstruct
    return error
  }

  /// The part of a declaration a nesting-limit error is in.
  package enum DeclarationPart: String, Sendable {
    case type
    case value = "default value"
    case accessors

    var remedy: String {
      switch self {
      case .type: "give an inner part of the type a name with a typealias"
      case .value: "move an inner part of the value into a function or a property of its own"
      case .accessors: "move an inner part of the accessors into a function"
      }
    }
  }
}
