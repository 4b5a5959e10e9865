import SwiftSourceLexing
import Testing

@Suite struct KeywordTests {
  @Test(
    "A keyword is what an identifier spells; a backquoted name is none",
    arguments: [
      ("var", Keyword.var), ("_", .wildcard), ("Self", .Self), ("self", .self),
      ("__consuming", .__consuming), ("willSet", .willSet), ("package", .package),
    ])
  func spelling(text: String, keyword: Keyword) {
    #expect(Keyword(text) == keyword)
    #expect(keyword.rawValue == text)
  }

  @Test("Names that are not keywords", arguments: ["`var`", "Var", "fetch", "", "$0"])
  func notKeywords(text: String) {
    #expect(Keyword(text) == nil)
  }

  /// The words a declaration may use as its name only in backquotes.
  @Test func reservedWords() {
    let reserved = Set(Keyword.allCases.filter(\.isReserved).map(\.rawValue))
    #expect(
      reserved == [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import",
        "init", "inout", "internal", "let", "operator", "private", "precedencegroup", "protocol",
        "public", "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case",
        "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if",
        "in", "repeat", "return", "throw", "switch", "where", "while", "Any", "as", "await",
        "false", "is", "nil", "self", "Self", "super", "throws", "true", "try", "_",
      ])
    #expect(Keyword.get.isReserved == false)
    #expect(Keyword.package.isReserved == false)
  }

  @Test("After these keywords a '/' starts a regular expression literal")
  func operandStarts() throws {
    #expect(try tokenTexts("return /a+/") == ["return", "/a+/"])
    #expect(try tokenTexts("count / 2 / 3") == ["count", "/", "2", "/", "3"])
  }
}
