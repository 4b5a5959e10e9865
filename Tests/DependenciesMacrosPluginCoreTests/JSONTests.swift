import DependenciesMacrosPluginCore
import Testing

@Suite struct JSONTests {
  private func parse(_ text: String) throws(JSONParser.Error) -> JSON {
    try JSONParser.parse(Array(text.utf8))
  }

  @Test("Values of every kind")
  func values() throws {
    let json = try parse(
      #" { "a": [1, -2, 3.5, 1e3, true, false, null], "b": {"c": "d\u00e9\n\"\\\/"} , "e": [] } "#)
    #expect(
      json
        == .object([
          "a": .array([
            .integer(1), .integer(-2), .double(3.5), .double(1000), .bool(true), .bool(false),
            .null,
          ]),
          "b": .object(["c": .string("dé\n\"\\/")]),
          "e": .array([]),
        ]))
  }

  @Test("Surrogate pairs and raw UTF-8")
  func unicode() throws {
    #expect(try parse(#""\ud83d\ude00 é""#) == .string("😀 é"))
  }

  @Test(
    "Round trips through the writer",
    arguments: [
      JSON.object(["source": .string("@Client\nstruct A {\t\"x\" \\ \u{1}}"), "n": .integer(42)]),
      .array([.null, .bool(true), .string("😀"), .object([:])]),
    ])
  func roundTrip(value: JSON) throws {
    #expect(try JSONParser.parse(value.serialized) == value)
  }

  @Test("The writer sorts keys and escapes control characters")
  func writer() {
    let text = String(
      decoding: JSON.object(["b": .string("\u{1}\n"), "a": .integer(1)]).serialized, as: UTF8.self)
    #expect(text == #"{"a":1,"b":"\u0001\n"}"#)
  }

  @Test(
    "Malformed JSON is an error at its place, never a crash",
    arguments: [
      ("", "unexpected end of JSON", 0),
      ("{", "expected a string key in the object", 1),
      ("{\"a\" 1}", "expected ':' after the key \"a\"", 5),
      ("[1 2]", "expected ',' or ']' in the array", 3),
      ("\"abc", "unterminated string", 4),
      ("\"\\x\"", "invalid escape '\\x'", 3),
      ("\"\\ud800\"", "unpaired surrogate in \\u escape", 7),
      ("\"a\nb\"", "control character in a string", 2),
      ("tru", "invalid literal (expected 'true')", 0),
      ("-", "invalid number", 1),
      ("1.", "invalid number", 2),
      ("{} x", "unexpected text after the JSON value", 3),
      ("@", "unexpected character '@'", 0),
    ])
  func errors(text: String, message: String, offset: Int) {
    #expect(throws: JSONParser.Error(message: message, offset: offset)) { try parse(text) }
  }

  @Test("Nesting deeper than the limit is an error, not a stack overflow")
  func depth() {
    let text = String(repeating: "[", count: 100_000)
    #expect(throws: JSONParser.Error(message: "JSON nested too deeply", offset: 512)) {
      try parse(text)
    }
  }
}
