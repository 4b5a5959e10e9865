extension DependencyGraph {
  /// The graph as a Mermaid flowchart, which GitHub (and DocC's hosts that run Mermaid) draw from a
  /// fenced `mermaid` code block: a box per value — its label, how it was read, the holder, its
  /// shutdown step, how long its computation took — and an arrow from each value to each value its
  /// computation read. Values kept by a scope have a dashed border.
  ///
  /// ```swift
  /// print("```mermaid\n\(DependencyValues.graph.mermaid)\n```")
  /// ```
  public var mermaid: String {
    var lines = ["flowchart TD"]
    for node in nodes {
      let text = node.pictureLines(shutdownStep: shutdownStep(of: node.id))
        .map(Self.mermaidEscaped).joined(separator: "<br/>")
      lines.append("  n\(node.id)[\"\(text)\"]")
    }
    for edge in edges { lines.append("  n\(edge.from) --> n\(edge.to)") }
    let kept = nodes.filter { $0.holder == .scope }
    if !kept.isEmpty {
      lines.append("  classDef kept stroke-dasharray: 5 5")
      lines.append("  class \(kept.map { "n\($0.id)" }.joined(separator: ",")) kept")
    }
    return lines.joined(separator: "\n")
  }

  /// `text` for a quoted Mermaid label: quotes, angle brackets, `#` and `&` as entity codes.
  private static func mermaidEscaped(_ text: String) -> String {
    var escaped = ""
    for character in text {
      switch character {
      case "\"": escaped += "#quot;"
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

extension DependencyGraph.Node {
  /// The lines of the node's box in a picture: the label; how it was read and the holder; the
  /// context, its shutdown step (if any) and its computation's duration (or `prepared`).
  func pictureLines(shutdownStep: Int?) -> [String] {
    var last = ["\(context)"]
    if let shutdownStep { last.append("shutdown \(shutdownStep)") }
    last.append(computation.map { $0.duration.graphDescription } ?? "prepared")
    return [
      label, "\(argument) · \(holderDescription)", last.joined(separator: " · "),
    ]
  }
}
