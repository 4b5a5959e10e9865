import DependenciesMacrosPluginCore
import Testing

/// `#if` around a declaration's attributes (SE-0367): Swift makes the block part of the
/// declaration, so the compiler sends a member's text starting with it. A property with one is
/// an error in every role, never an endpoint read without its attributes.
@Suite struct ConditionalAttributesTests {
  private let message =
    "cannot read '#if' around the attributes of 'fetch': write the attributes without '#if', or "
    + "declare the whole property in each branch of the '#if'"

  private let client = """
    @DependencyClient struct Client {
      #if hasAttribute(preconcurrency)
      @preconcurrency
      #endif
      var fetch: () -> Void = {}
    }
    """

  /// The member as the compiler sends it for the member-attribute expansion: from the line break
  /// before the `#if`.
  private let member = """

      #if hasAttribute(preconcurrency)
      @preconcurrency
      #endif
      var fetch: () -> Void = {}
    """

  @Test(
    "A property's attributes in a '#if' block are an error at the block",
    arguments: [
      "#if X\n@preconcurrency\n#endif\nvar fetch: () -> Void = {}",
      "@MainActor\n#if X\n@preconcurrency\n#endif\npublic var fetch: () -> Void = {}",
      "#if X\n@DependencyEndpointIgnored\n#elseif Y\n#else\n@A @B(1)\n#endif\nlet fetch = 1",
      "#if X\n  #if Y\n  @A\n  #endif\n#endif\nvar fetch: Int",
      "#if X\n  @A\n  #if Y\n  #endif\n#endif\nvar fetch: Int",
    ])
  func propertyIsAnError(source: String) {
    do {
      _ = try SyntaxReader.readDeclaration(SourceText(source))
      Issue.record("read \(source)")
    } catch {
      #expect(error.message == message)
      #expect(error.isUnsupportedConstruct)
      #expect(source.utf8.dropFirst(error.range.lowerBound).starts(with: "#if X".utf8))
      #expect(
        source.utf8.prefix(error.range.upperBound).reversed().starts(with: "#endif".utf8.reversed())
      )
    }
  }

  @Test("Another declaration with attributes in a '#if' block is read past them")
  func otherDeclarations() throws {
    let source = SourceText(
      "struct S {\n  #if X\n  @available(*, deprecated)\n  #endif\n  func helper() {}\n"
        + "  #if DEBUG\n  var debug: Int\n  #endif\n  #if X\n  #endif\n  var value: Int\n}")
    guard case .group(let group) = try SyntaxReader.readDeclaration(source) else {
      Issue.record("not a struct")
      return
    }
    let kinds = group.members.map { member -> String in
      switch member {
      case .variable(let variable): return "var " + (variable.bindings.first?.name ?? "")
      case .conditionalBlock: return "#if"
      case .other(let keyword, _): return keyword
      }
    }
    // `#if DEBUG` holds a declaration and the empty `#if X` no attribute: both are blocks.
    #expect(kinds == ["func", "#if", "#if", "var value"])
  }

  @Test("A nested block without attributes first makes the outer one a block, as in swift-syntax")
  func nestedEmptyBlockFirst() throws {
    let source = SourceText("struct S {\n  #if X\n  #if Y\n  #endif\n  @A\n  #endif\n}")
    guard case .group(let group) = try SyntaxReader.readDeclaration(source) else {
      Issue.record("not a struct")
      return
    }
    guard case .conditionalBlock? = group.members.first, group.members.count == 1 else {
      Issue.record("\(group.members)")
      return
    }
  }

  @Test("The client's member expansion fails at the block")
  func clientMembers() {
    let expansion = expand("DependencyClientMacro", .member, client)
    #expect(expansion.pieces == nil)
    #expect(expansion.summaries == ["2:3: error: '@DependencyClient' \(message)"])
  }

  @Test(
    "The client's member-attribute expansion fails at the block, whatever the attributes",
    arguments: [
      "@preconcurrency", "@DependencyEndpointIgnored", "@DependencyEndpoint(method: \"f\")",
    ])
  func clientMemberAttributes(attribute: String) {
    let expansion = expand(
      "DependencyClientMacro", .memberAttribute,
      member.replacing("@preconcurrency", with: attribute),
      attribute: "@DependencyClient", parent: client)
    #expect(expansion.pieces == nil)
    #expect(expansion.summaries == ["2:3: error: '@DependencyClient' \(message)"])
  }

  @Test("A function's attributes in a '#if' block add no attribute and no error")
  func clientFunction() {
    let expansion = expand(
      "DependencyClientMacro", .memberAttribute,
      "\n  #if X\n  @available(*, deprecated)\n  #endif\n  func fetch() {}",
      attribute: "@DependencyClient", parent: client)
    #expect(expansion.pieces == [])
    #expect(expansion.diagnostics.isEmpty)
  }

  @Test("@DependencyEndpoint and @DependencyEntry report it from their peer expansion")
  func endpointAndEntry() {
    let endpoint = "\n#if X\n@preconcurrency\n#endif\n@DependencyEndpoint var fetch: () -> Void"
    let endpointPeer = expand(
      "DependencyEndpointMacro", .peer, endpoint, attribute: "@DependencyEndpoint")
    #expect(endpointPeer.summaries == ["2:1: error: '@DependencyEndpoint' \(message)"])
    let endpointAccessor = expand(
      "DependencyEndpointMacro", .accessor, endpoint, attribute: "@DependencyEndpoint")
    #expect(endpointAccessor.pieces == [] && endpointAccessor.diagnostics.isEmpty)

    let entry = "\n#if X\n@DependencyEntry\n#endif\nvar fetch = Client()"
    let context = ["extension DependencyValues {}"]
    let entryPeer = expand(
      "DependencyEntryMacro", .peer, entry, attribute: "@DependencyEntry",
      lexicalContext: context)
    #expect(entryPeer.summaries == ["2:1: error: '@DependencyEntry' \(message)"])
    let entryAccessor = expand(
      "DependencyEntryMacro", .accessor, entry, attribute: "@DependencyEntry",
      lexicalContext: context)
    #expect(entryAccessor.pieces == [] && entryAccessor.diagnostics.isEmpty)
  }
}
