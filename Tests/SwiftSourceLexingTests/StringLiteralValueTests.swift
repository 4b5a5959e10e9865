import SwiftSourceLexing
import Testing

@Suite struct StringLiteralValueTests {
  @Test(
    "The value of a literal without interpolations, escapes decoded",
    arguments: [
      (
        #""https://github.com/pointfreeco/swift-clocks""#,
        "https://github.com/pointfreeco/swift-clocks"
      ),
      (#""""#, ""),
      (#""a\"b\\c\nd\u{41}""#, "a\"b\\c\nd" + "A"),
      (##"#"raw \n "quoted""#"##, #"raw \n "quoted""#),
      (##"#"raw \#n"#"##, "raw \n"),
    ])
  func value(literal: String, value: String) throws {
    let read = try #require(StringLiteralValue(Array(literal.utf8)[...]))
    #expect(read.value == value)
    #expect(read.staticSuffix == value)
  }

  @Test(
    "An interpolated literal has no value, and the text after its last interpolation",
    arguments: [
      (#""\(base)/swift-clocks.git""#, "/swift-clocks.git"),
      (#""https://\(host)/\(owner)/swift-clocks""#, "/swift-clocks"),
      (#""\(f("(", ")"))x""#, "x"),
      (##"#"\#(base)/y"#"##, "/y"),
      (#""a\(b)""#, ""),
    ])
  func interpolated(literal: String, suffix: String) throws {
    let read = try #require(StringLiteralValue(Array(literal.utf8)[...]))
    #expect(read.value == nil)
    #expect(read.staticSuffix == suffix)
  }

  @Test(
    "Literals it does not read",
    arguments: [#""""\#na\#n""""#, #""bad \q escape""#, "plain", #""unterminated"#])
  func unread(literal: String) {
    #expect(StringLiteralValue(Array(literal.utf8)[...]) == nil)
  }
}
