extension DependencyGraph {
  /// The graph as a Mermaid flowchart, which GitHub (and DocC's hosts that run Mermaid) draw from a
  /// fenced `mermaid` code block: a box per value — its label, how it was read, the holder, its
  /// shutdown step, how long its computation took — an arrow from each value to each value its
  /// computation read, and a dotted arrow to each value of a `@Dependency` property it created
  /// (``Node/declared``). Values kept by a scope have a dashed border.
  ///
  /// ```swift
  /// print("```mermaid\n\(DependencyValues.graph.mermaid)\n```")
  /// ```
  ///
  /// Every label is written as Mermaid's grammar reads it, whatever the type names hold (quotes,
  /// backticks of raw identifiers, `#`, `&`, angle brackets): see `mermaidEscaped(_:)`.
  public var mermaid: String {
    var lines = ["flowchart TD"]
    let steps = shutdownSteps
    for position in nodes.indices {
      let text = nodes[position].pictureLines(shutdownStep: steps[position])
        .map(Self.mermaidEscaped).joined(separator: "<br/>")
      lines.append("  n\(position)[\"\(text)\"]")
    }
    for arrow in pictureArrows {
      lines.append("  n\(arrow.from) \(arrow.isDeclared ? "-.->" : "-->") n\(arrow.to)")
    }
    let kept = nodes.indices.filter { nodes[$0].holder == .scope }
    if !kept.isEmpty {
      lines.append("  classDef kept stroke-dasharray: 5 5")
      lines.append("  class \(kept.map { "n\($0)" }.joined(separator: ",")) kept")
    }
    return lines.joined(separator: "\n")
  }

  /// `text` for a quoted Mermaid label: each character Mermaid would read as syntax as an entity
  /// code — the quote (which ends the label), the backtick (which starts a Markdown string when
  /// it comes first: a raw identifier's), `#` (which starts an entity), `&`, and angle brackets
  /// (which Mermaid renders as HTML).
  static func mermaidEscaped(_ text: String) -> String {
    var escaped = ""
    for character in text {
      switch character {
      case "\"": escaped += "#quot;"
      case "`": escaped += "#96;"
      case "<": escaped += "#lt;"
      case ">": escaped += "#gt;"
      case "#": escaped += "#35;"
      case "&": escaped += "#amp;"
      default: escaped.append(character)
      }
    }
    return escaped
  }
}
