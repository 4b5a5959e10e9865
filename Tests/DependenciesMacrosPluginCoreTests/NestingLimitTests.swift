import DependenciesMacrosPluginCore
import Testing

/// Reads `source` on the plugin's reader stack (see `ReaderStack`), as the plugin does: a test's
/// worker thread has less stack than a sanitizer build needs at the limit.
private func readOnReaderStack(_ source: SourceText) throws(ReadError) -> Declaration {
  try ReaderStack.run { () -> Result<Declaration, ReadError> in
    Result { () throws(ReadError) -> Declaration in try SyntaxReader.readDeclaration(source) }
  }.get()
}

/// Types and values nested deeper than `MaximumNestingLevel` (256) are an error naming the
/// declaration, never a stack overflow of the plugin (which the compiler reports only as "failed
/// to receive result from plugin").
@Suite struct NestingLimitTests {
  /// A type nested `depth` levels deep, in the three shapes the limit is for.
  static func nestedType(_ shape: String, _ depth: Int) -> String {
    switch shape {
    case "optional":
      String(repeating: "Optional<", count: depth - 1) + "Int"
        + String(repeating: ">", count: depth - 1)
    case "array":
      String(repeating: "[", count: depth - 1) + "Int" + String(repeating: "]", count: depth - 1)
    default:
      String(repeating: "() -> ", count: depth - 1) + "Int"
    }
  }

  @Test(
    "Types nested as deeply as the limit are read", arguments: ["optional", "array", "curried"])
  func atTheLimit(shape: String) throws {
    let type = Self.nestedType(shape, 256)
    let source = SourceText("var value: \(type)")
    guard case .variable(let property) = try readOnReaderStack(source) else {
      Issue.record("not a property")
      return
    }
    #expect(property.bindings.first?.typeAnnotation.map { source.text($0.range) } == type)
  }

  @Test(
    "Types nested deeper are an error naming the property",
    arguments: [
      ("optional", 257), ("array", 257), ("curried", 257), ("optional", 600),
      ("array", 600), ("curried", 600), ("array", 5000),
    ])
  func pastTheLimit(shape: String, depth: Int) {
    let source = "var value: \(Self.nestedType(shape, depth))"
    do {
      _ = try readOnReaderStack(SourceText(source))
      Issue.record("read a type \(depth) levels deep")
    } catch {
      #expect(
        error.message
          == "cannot read 'value': its type nests more than 256 levels deep, the most the macros' "
          + "reader reads (swift-syntax's parser stops there too): give an inner part of the type "
          + "a name with a typealias")
      #expect(error.isUnsupportedConstruct)
    }
  }

  @Test(
    "Values nested deeper are an error naming the property",
    arguments: [
      String(repeating: "{ ", count: 300) + "1" + String(repeating: " }", count: 300),
      String(repeating: "[", count: 600) + "1" + String(repeating: "]", count: 600),
      String(repeating: "f(", count: 1000) + "1" + String(repeating: ")", count: 1000),
    ])
  func valuesPastTheLimit(value: String) {
    do {
      _ = try readOnReaderStack(SourceText("var value = \(value)"))
      Issue.record("read a value nested past the limit")
    } catch {
      #expect(error.message.hasPrefix("cannot read 'value': its default value nests more than 256"))
    }
  }

  @Test("Closures nested as deeply as the limit are read, with the outermost one's shape")
  func closuresAtTheLimit() throws {
    let value = String(repeating: "{ ", count: 256) + "1" + String(repeating: " }", count: 256)
    guard
      case .variable(let property) = try readOnReaderStack(
        SourceText("var value = \(value)"))
    else {
      Issue.record("not a property")
      return
    }
    #expect(property.bindings.first?.initializer?.closure?.soleExpression != nil)
  }

  @Test("@DependencyClient: a member nested too deeply is an error at it, naming it")
  func clientMember() throws {
    let deep = Self.nestedType("optional", 600)
    let expansion = ReaderStack.run {
      expand(
        "DependencyClientMacro", .member,
        "@DependencyClient\nstruct Client {\n  var fetch: () -> \(deep)\n}")
    }
    #expect(
      expansion.summaries == [
        "3:14: error: '@DependencyClient' cannot read 'fetch': its type nests more than 256 "
          + "levels deep, the most the macros' reader reads (swift-syntax's parser stops there "
          + "too): give an inner part of the type a name with a typealias"
      ])
  }

  @Test("@DependencyEntry: a value nested too deeply is an error, naming the property")
  func entryValue() throws {
    let value = String(repeating: "[", count: 300) + String(repeating: "]", count: 300)
    let expansion = ReaderStack.run {
      expand(
        "DependencyEntryMacro", .peer, "@DependencyEntry\nvar values: [Int] = \(value)",
        lexicalContext: ["extension DependencyValues {}"])
    }
    #expect(expansion.summaries.count == 1)
    #expect(expansion.summaries.first?.contains("cannot read 'values': its default value") == true)
  }
}
