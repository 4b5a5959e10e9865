import SwiftSourceLexing
import Testing

/// The texts of the tokens of `source`, without the end-of-file token.
func tokenTexts(_ source: String) throws -> [String] {
  let bytes = Array(source.utf8)
  return try Lexer.tokenize(bytes).dropLast().map {
    String(decoding: bytes[$0.range], as: UTF8.self)
  }
}

@Suite struct LexerTests {
  @Test(
    "Literals and comments are single tokens or trivia",
    arguments: [
      ("var x = \"a { b } c\"", ["var", "x", "=", "\"a { b } c\""]),
      (#"let s = "\(user.name) { \("}")""#, ["let", "s", "=", #""\(user.name) { \("}")""#]),
      ("let s = #\"raw \"{\" \\(x)\"#", ["let", "s", "=", "#\"raw \"{\" \\(x)\"#"]),
      (
        "let s = \"\"\"\n  line { one\n  \\(f { $0 })\n  \"\"\"\nvar y",
        ["let", "s", "=", "\"\"\"\n  line { one\n  \\(f { $0 })\n  \"\"\"", "var", "y"]
      ),
      ("a /* { /* nested */ } */ b // } c\nd", ["a", "b", "d"]),
      ("x.0.1", ["x", ".", "0", ".", "1"]),
      ("1.5e-3 + 0x1p4 - 1_000", ["1.5e-3", "+", "0x1p4", "-", "1_000"]),
      ("`class` `foo bar` $0 é", ["`class`", "`foo bar`", "$0", "é"]),
      ("Array<Array<Int>>? ?? []", ["Array", "<", "Array", "<", "Int", ">>?", "??", "[", "]"]),
      ("() -> Void...", ["(", ")", "->", "Void", "..."]),
      ("#if DEBUG\n#endif #/a{2}/# #Macro", ["#if", "DEBUG", "#endif", "#/a{2}/#", "#Macro"]),
      ("f(/a\"b/)", ["f", "(", "/a\"b/", ")"]),
      ("a / b / c", ["a", "/", "b", "/", "c"]),
      ("@Sendable @MainActor", ["@", "Sendable", "@", "MainActor"]),
    ])
  func tokens(source: String, expected: [String]) throws {
    #expect(try tokenTexts(source) == expected)
  }

  @Test("Line breaks before a token are recorded")
  func lineBreaks() throws {
    let tokens = try Lexer.tokenize(Array("a\n  b /* \n */ c // x\nd e".utf8))
    #expect(tokens.map(\.newlineBefore) == [true, true, true, true, false, false])
    #expect(tokens.map(\.triviaBefore) == [false, true, true, true, true, false])
  }

  @Test(
    "What the lexer cannot read is an error at its place",
    arguments: [
      ("let s = \"abc", "unterminated string literal", 8),
      ("let s = \"a\nb\"", "unterminated string literal", 8),
      ("let s = \"\"\"\nabc", "unterminated multi-line string literal", 8),
      ("a /* b", "unterminated '/*' comment", 2),
      ("var `x", "unterminated '`' identifier", 4),
      ("let s = \"\\(a", "unterminated string interpolation", 10),
      ("x = #/abc", "unterminated regular expression literal", 4),
      ("a \u{7F} b", "unexpected character '\u{7F}'", 2),
    ])
  func errors(source: String, message: String, offset: Int) {
    #expect(throws: LexError.self) { try Lexer.tokenize(Array(source.utf8)) }
    do {
      _ = try Lexer.tokenize(Array(source.utf8))
    } catch {
      #expect(error.message == message)
      #expect(error.range.lowerBound == offset)
    }
  }

  /// Each interpolation is read by a nested call; past the nesting limit the lexer stops with an
  /// error rather than run out of stack.
  @Test func interpolationsNestedPastTheLimitAreAnError() throws {
    func nested(_ depth: Int) -> String {
      String(repeating: #""\("#, count: depth) + "1" + String(repeating: #")""#, count: depth)
    }
    #expect(try tokenTexts("x = " + nested(MaximumNestingLevel.value)).count == 3)
    do {
      _ = try Lexer.tokenize(Array(("x = " + nested(MaximumNestingLevel.value + 1)).utf8))
      Issue.record("no error")
    } catch {
      #expect(error.message == "string interpolations nested more than 256 levels deep")
    }
  }
}
