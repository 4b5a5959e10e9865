/// `#sourceLocation(file: "…", line: N)` lines that make what follows them in an expansion report
/// its diagnostics at the macro's attribute, as the classic macros do for their isolation checks.
enum SourceLocationDirective {
  /// The directive for the line of the first token of `source` (an attribute); nil when the
  /// compiler did not say which file it is in.
  static func pointing(at source: SourceText) -> String? {
    guard !source.location.fileName.isEmpty else { return nil }
    let firstToken = (try? Lexer.tokenize(source))?.first?.start ?? 0
    let line = source.lineAndColumn(of: firstToken).line
    return "#sourceLocation(file: \(stringLiteral(source.location.fileName)), line: \(line))"
  }

  /// `text` as a Swift string literal.
  static func stringLiteral(_ text: String) -> String {
    var result = "\""
    for character in text.unicodeScalars {
      switch character {
      case "\\": result += "\\\\"
      case "\"": result += "\\\""
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      default: result.unicodeScalars.append(character)
      }
    }
    return result + "\""
  }
}
