extension DependencyGraph {
  /// The graph in Graphviz's DOT language: a box per value (as in ``mermaid``) and an arrow from
  /// each value to each value its computation read; values kept by a scope are dashed. Render it
  /// with Graphviz, for example `dot -Tsvg dependencies.dot -o dependencies.svg`.
  public var graphvizDOT: String {
    var lines = ["digraph dependencies {", "  node [shape=box];"]
    for node in nodes {
      let text = node.pictureLines(shutdownStep: shutdownStep(of: node.id))
        .map(Self.dotEscaped).joined(separator: "\\n")
      let style = node.holder == .scope ? ", style=dashed" : ""
      lines.append("  n\(node.id) [label=\"\(text)\"\(style)];")
    }
    for edge in edges { lines.append("  n\(edge.from) -> n\(edge.to);") }
    lines.append("}")
    return lines.joined(separator: "\n")
  }

  /// `text` for a quoted DOT string: backslashes and quotes escaped.
  private static func dotEscaped(_ text: String) -> String {
    var escaped = ""
    for character in text {
      if character == "\\" || character == "\"" { escaped.append("\\") }
      escaped.append(character)
    }
    return escaped
  }
}
