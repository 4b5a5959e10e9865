extension DependencyGraph {
  /// The graph in Graphviz's DOT language: a box per value (as in ``mermaid``), an arrow from each
  /// value to each value its computation read, and a dashed arrow to each value of a `@Dependency`
  /// property it created (``Node/declared``); values kept by a scope are dashed. Render it with
  /// Graphviz, for example `dot -Tsvg dependencies.dot -o dependencies.svg`.
  ///
  /// Every label is written so that Graphviz shows exactly its text, whatever the type names hold:
  /// see `dotEscaped(_:)`.
  public var graphvizDOT: String {
    var lines = ["digraph dependencies {", "  node [shape=box];"]
    let steps = shutdownSteps
    for position in nodes.indices {
      let text = nodes[position].pictureLines(shutdownStep: steps[position])
        .map(Self.dotEscaped).joined(separator: "\\n")
      let style = nodes[position].holder == .scope ? ", style=dashed" : ""
      lines.append("  n\(position) [label=\"\(text)\"\(style)];")
    }
    for arrow in pictureArrows {
      lines.append("  n\(arrow.from) -> n\(arrow.to)\(arrow.isDeclared ? " [style=dashed]" : "");")
    }
    lines.append("}")
    return lines.joined(separator: "\n")
  }

  /// `text` for a quoted DOT label that Graphviz shows as it is: a backslash and a quote escaped
  /// with a backslash (so that no `\n`, `\N` or `\"` of the text is read as an escape), and `&` as
  /// `&amp;` (Graphviz decodes HTML entities in labels: an `&amp;` of the text would show as `&`).
  static func dotEscaped(_ text: String) -> String {
    var escaped = ""
    for character in text {
      switch character {
      case "\\": escaped += "\\\\"
      case "\"": escaped += "\\\""
      case "&": escaped += "&amp;"
      default: escaped.append(character)
      }
    }
    return escaped
  }
}
