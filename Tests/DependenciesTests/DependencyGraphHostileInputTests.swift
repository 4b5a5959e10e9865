import Dependencies
import Foundation
import Testing

// Every rendering and the encoding are total over every graph a program can build or decode: a
// chain deeper than any stack (in a debug build too), type names full of the renderings' syntax,
// durations at the ends of `Duration`, and ids that point nowhere.

@Suite struct DependencyGraphHostileInputTests {
  /// A chain of 20,000 values, each read by the next: the shape that overflowed the stack.
  static let chain = DependencyGraph(
    nodes: (0..<20_000).map { id in
      .init(
        id: id, key: "Level\(id)", valueType: "Level\(id)", context: .live,
        computation: .init(start: .zero, duration: .microseconds(id)), isShutdownable: true,
        reads: id == 0 ? [] : [id - 1])
    },
    shutdownOrder: (0..<20_000).reversed().map { [$0] })

  @Test func aTwentyThousandDeepChainIsTextOfLinearSize() {
    let text = Self.chain.textTree
    let lines = text.split(separator: "\n")
    // The summary, each value once in full, a `(see below)` line per tree but the last, the order.
    let trees = (20_000 + 8) / 9
    #expect(lines.count == 1 + 20_000 + (trees - 1) + 1)
    #expect(lines.filter { $0.hasSuffix("(see below)") }.count == trees - 1)
    let indentation = lines.dropFirst().dropLast().map { line in
      line.prefix { " │├└─".contains($0) }.count
    }
    #expect(indentation.max() == 27)
    #expect(lines[1].hasPrefix("Level19999 (Level19999.self)"))
    #expect(lines[10] == String(repeating: " ", count: 24) + "└─ Level19990 (see below)")
    #expect(lines[11].hasPrefix("Level19990 (Level19990.self)"))
    #expect(text.utf8.count < 20_000 * 160)
  }

  @Test func aTwentyThousandDeepChainDrawsAndEncodes() throws {
    let mermaid = Self.chain.mermaid
    #expect(mermaid.split(separator: "\n").count == 1 + 20_000 + 19_999)
    #expect(mermaid.hasSuffix("n19999 --> n19998"))
    let dot = Self.chain.graphvizDOT
    #expect(dot.split(separator: "\n").count == 2 + 20_000 + 19_999 + 1)
    let json = try JSONEncoder().encode(Self.chain)
    let decoded = try JSONDecoder().decode(DependencyGraph.self, from: json)
    #expect(decoded == Self.chain)
    #expect(decoded.textTree == Self.chain.textTree)
  }

  /// A raw identifier, quotes, backticks, `&`, `<`, `#` and backslashes in type names.
  static let awkward = DependencyGraph(
    nodes: [
      .init(
        id: 0, key: "`my key`", valueType: #"Box<"a" & `b` #1 \n &amp;>"#, context: .live),
      .init(id: 1, key: "Plain", valueType: "Plain", property: "plain", context: .test, reads: [0]),
    ],
    shutdownOrder: [])

  @Test func mermaidEscapesEverythingItsGrammarReads() {
    #expect(
      Self.awkward.mermaid == #"""
        flowchart TD
          n0["#96;my key#96;: Box#lt;#quot;a#quot; #amp; #96;b#96; #35;1 \n #amp;amp;#gt;<br/>#96;my key#96;.self · shared<br/>live · prepared"]
          n1["Plain<br/>\.plain · shared<br/>test · prepared"]
          n1 --> n0
        """#)
  }

  @Test func dotEscapesEverythingGraphvizReads() {
    #expect(
      Self.awkward.graphvizDOT == #"""
        digraph dependencies {
          node [shape=box];
          n0 [label="`my key`: Box<\"a\" &amp; `b` #1 \\n &amp;amp;>\n`my key`.self · shared\nlive · prepared"];
          n1 [label="Plain\n\\.plain · shared\ntest · prepared"];
          n1 -> n0;
        }
        """#)
  }

  @Test func textAndJSONKeepTheNamesAsTheyAre() throws {
    #expect(
      Self.awkward.textTree == #"""
        2 dependencies: 2 shared, 0 kept by scopes
        Plain (\.plain) · test · shared · prepared
        └─ `my key`: Box<"a" & `b` #1 \n &amp;> (`my key`.self) · live · shared · prepared
        """#)
    let json = try JSONEncoder().encode(Self.awkward)
    #expect(try JSONDecoder().decode(DependencyGraph.self, from: json) == Self.awkward)
  }

  /// Durations at the ends of `Duration` print, and the JSON form, which has 64-bit nanoseconds,
  /// says it cannot hold them instead of trapping.
  @Test func hugeDurationsPrintAndFailToEncodeWithAnError() {
    let graph = DependencyGraph(
      nodes: [
        .init(
          id: 0, key: "Huge", valueType: "Huge", context: .live,
          computation: .init(start: .seconds(Int64.max), duration: .seconds(Int64.min))),
        .init(
          id: 1, key: "Small", valueType: "Small", context: .live,
          computation: .init(start: .nanoseconds(-1), duration: .microseconds(-1_500))),
      ],
      shutdownOrder: [])
    #expect(
      graph.textTree.contains(
        "Huge (Huge.self) · live · shared · started at 9223372036854775807.00 s, "
          + "took -9223372036854775808.00 s"))
    #expect(graph.textTree.contains("started at 0.00 ms, took -1.50 ms"))
    #expect(graph.mermaid.contains("live · -9223372036854775808.00 s"))
    #expect(graph.graphvizDOT.contains("live · -1.50 ms"))
    #expect {
      try JSONEncoder().encode(graph)
    } throws: { error in
      guard case EncodingError.invalidValue(_, let context) = error else { return false }
      return context.debugDescription.contains("does not fit in 64-bit nanoseconds")
    }
  }

  @Test(arguments: [
    (
      #"{"nodes":[\#(node(id: 0, reads: "[7]"))],"shutdownOrder":[]}"#,
      "node 0 reads node 7, which is not in it (the graph has 1 node)"
    ),
    (
      #"{"nodes":[\#(node(id: 0, reads: "[-1]"))],"shutdownOrder":[]}"#,
      "node 0 reads node -1, which is not in it (the graph has 1 node)"
    ),
    (
      #"{"nodes":[\#(node(id: 0, declared: "[1]"))],"shutdownOrder":[]}"#,
      "node 0 declared node 1, which is not in it (the graph has 1 node)"
    ),
    (
      #"{"nodes":[\#(node(id: 3))],"shutdownOrder":[]}"#,
      "node 0 has the id 3: a node's id is its position"
    ),
    (
      #"{"nodes":[\#(node(id: 0))],"shutdownOrder":[[0],[9]]}"#,
      "the shutdown order names node 9, which is not in it (the graph has 1 node)"
    ),
  ])
  func idsThatPointNowhereAreRejectedWhenDecoded(_ json: String, _ message: String) {
    #expect {
      try JSONDecoder().decode(DependencyGraph.self, from: Data(json.utf8))
    } throws: { error in
      guard case DecodingError.dataCorrupted(let context) = error else { return false }
      return context.debugDescription == message
    }
  }

  /// A file written before `declared` existed decodes, with no declared edges.
  @Test func aGraphWithoutDeclaredEdgesDecodes() throws {
    let json = #"{"nodes":[\#(node(id: 0))],"shutdownOrder":[[0]]}"#
    let graph = try JSONDecoder().decode(
      DependencyGraph.self,
      from: Data(json.replacingOccurrences(of: #","declared":[]"#, with: "").utf8))
    #expect(graph.nodes.map(\.declared) == [[]])
  }

  /// A graph made by hand whose ids point nowhere still renders valid text and pictures: the
  /// arrows to nowhere are left out.
  @Test func aHandMadeGraphWithDanglingIDsRendersValidly() {
    let graph = DependencyGraph(
      nodes: [
        .init(id: 5, key: "A", valueType: "A", context: .live, reads: [-7, 0, 42], declared: [9]),
        .init(id: 1, key: "B", valueType: "B", context: .live, reads: [0]),
      ],
      shutdownOrder: [[-3, 1]])
    #expect(
      graph.graphvizDOT == """
        digraph dependencies {
          node [shape=box];
          n0 [label="A\\nA.self · shared\\nlive · prepared"];
          n1 [label="B\\nB.self · shared\\nlive · shutdown 1 · prepared"];
          n0 -> n0;
          n1 -> n0;
        }
        """)
    #expect(!graph.mermaid.contains("-7") && !graph.mermaid.contains("n42"))
    #expect(
      graph.textTree == """
        2 dependencies: 2 shared, 0 kept by scopes
        B (B.self) · live · shared · prepared
        └─ A (A.self) · live · shared · prepared
           └─ A (see above)
        shutdown order: 1. #-3, B
        """)
  }

  /// Names in a graph the library took: no module, in generic arguments either; a raw identifier
  /// as Swift spells it.
  @Test func takenGraphsNameTypesWithoutModules() {
    let graph = isolated {
      @Dependency(GenericValueKey.self) var generic
      @Dependency(`Raw key`.self) var raw
      _ = (generic, raw)
      return DependencyValues.graph
    }
    #expect(graph.nodes.map(\.key) == ["GenericValueKey", "`Raw key`"])
    #expect(
      graph.nodes.map(\.valueType) == ["HostileBox<Dictionary<String, Optional<Int>>>", "Int"])
    #expect(graph.mermaid.contains(##"n1["#96;Raw key#96;: Int<br/>"##))
  }
}

/// A node of the graph's JSON form.
private func node(id: Int, reads: String = "[]", declared: String = "[]") -> String {
  #"{"id":\#(id),"key":"K","valueType":"K","context":"live","holder":"cache","#
    + #""isShutdownable":false,"reads":\#(reads),"declared":\#(declared)}"#
}

struct HostileBox<Wrapped: Sendable>: Sendable {
  var wrapped: Wrapped
}

enum GenericValueKey: TestDependencyKey {
  static var testValue: HostileBox<[String: Int?]> { HostileBox(wrapped: [:]) }
}

enum `Raw key`: TestDependencyKey {
  static var testValue: Int { 1 }
}
