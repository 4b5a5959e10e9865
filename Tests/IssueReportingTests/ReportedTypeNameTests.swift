import IssueReporting
import Testing

private enum PrivateKey {}

private struct PrivateOuter {
  struct Nested {}
}

struct Box<Wrapped> {}

/// Reports name types as the classic library does in a debug build, in a debug and in an optimised
/// build alike: the runtime spells a private type's context `(unknown context at $…)` in one and
/// `(Name in _<discriminator>)` in the other.
@Suite struct ReportedTypeNameTests {
  /// The names of this file's types, as the build these tests run in spells them.
  @Test func privateAndLocalTypesAreNamedWithoutTheirContexts() {
    struct LocalType {}
    #expect(ReportedTypeName.qualified(PrivateKey.self) == "PrivateKey")
    #expect(ReportedTypeName.qualified(PrivateOuter.Nested.self) == "PrivateOuter.Nested")
    #expect(ReportedTypeName.qualified(LocalType.self) == "ReportedTypeNameTests.LocalType")
    #expect(
      ReportedTypeName.qualified(Box<PrivateKey>.self) == "Box<IssueReportingTests.PrivateKey>")
    #expect(ReportedTypeName.unqualified(PrivateKey.self) == "PrivateKey")
    #expect(ReportedTypeName.unqualified(Box<PrivateKey>.self) == "Box<PrivateKey>")
    #expect(ReportedTypeName.unqualified(Box<LocalType>.self) == "Box<LocalType>")
  }

  /// The spellings of both builds, whichever this one is.
  @Test(arguments: [
    (
      "DependencyValues.(unknown context at $55d1c0e0b894).DateGeneratorKey",
      "DependencyValues.DateGeneratorKey"
    ),
    (
      "DependencyValues.(DateGeneratorKey in _FE08BDE0A52250755AE9250695EC22C8)",
      "DependencyValues.DateGeneratorKey"
    ),
    (
      "(unknown context at $5617).(unknown context at $5618).LocalKey",
      "LocalKey"
    ),
    (
      "(Outer in _ECFA201E680F09F769E21A64A6CF7A0F).Inner",
      "Outer.Inner"
    ),
    (
      "Box<(PrivateKey in _ECFA201E680F09F769E21A64A6CF7A0F), Box<(Other in _0A)>>",
      "Box<PrivateKey, Box<Other>>"
    ),
  ])
  func anonymousContextsAreRemoved(_ name: String, _ reported: String) {
    #expect(ReportedTypeName.removingAnonymousContexts(from: name) == reported)
  }

  /// Other parentheses are kept: tuples, function types, and text that only looks like a context.
  @Test(arguments: [
    "(Int, String)",
    "Box<(Int) -> ()>",
    "(Key in the cache)",
    "(Key in _XYZ)",
    "(unknown context at $12)",
    "(unknown context at $).Key",
    "Unimplemented: 'Client.fetch'",
    "(",
  ])
  func otherParenthesesAreKept(_ text: String) {
    #expect(ReportedTypeName.removingAnonymousContexts(from: text) == text)
  }

  /// The dependency graph's names: no module anywhere, generic arguments included, as the runtime
  /// qualifies each part of a name.
  @Test(arguments: [
    ("MyApp.Database", "Database"),
    ("MyApp.APIClient.Key", "APIClient.Key"),
    (
      "MyApp.Box<Swift.Dictionary<Swift.String, Swift.Optional<MyApp.Plain>>>",
      "Box<Dictionary<String, Optional<Plain>>>"
    ),
    ("MyApp.Box<Swift.Int>.Inner.Deeper", "Box<Int>.Inner.Deeper"),
    ("((MyApp.Plain, Swift.Int)) -> MyApp.Plain", "((Plain, Int)) -> Plain"),
    ("(a: Swift.Int, b: MyApp.Plain)", "(a: Int, b: Plain)"),
    ("MyApp.Plain.Type", "Plain.Type"),
    ("@Sendable () -> ()", "@Sendable () -> ()"),
    ("Any", "Any"),
    ("MyApp.`my key.with<dots> & \"quotes\"`", "`my key.with<dots> & \"quotes\"`"),
    ("MyApp.Box<MyApp.`a.b`>.Inner", "Box<`a.b`>.Inner"),
    ("MyApp.`unterminated.raw", "`unterminated.raw"),
  ])
  func modulesAreRemovedEverywhere(_ name: String, _ reported: String) {
    #expect(ReportedTypeName.removingModules(from: name) == reported)
  }

  @Test func aTypeIsNamedWithoutAnyModule() {
    #expect(ReportedTypeName.withoutModules(Box<PrivateKey>.self) == "Box<PrivateKey>")
    #expect(
      ReportedTypeName.withoutModules(Box<[String: Int?]>.self)
        == "Box<Dictionary<String, Optional<Int>>>")
  }
}
