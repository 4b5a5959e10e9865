// What the pictures of a graph (``DependencyGraph/mermaid``, ``DependencyGraph/graphvizDOT``) have
// in common: a box per node, named `n` and the node's position, whatever its `id` says; the lines
// of each box; and the arrows, only between nodes of the graph (an id that points nowhere, in a
// hand-made graph, draws nothing). Linear in the size of the graph.

extension DependencyGraph {
  /// The shutdown step of each node (by position), counted from 1, or nil: ``shutdownStep(of:)``
  /// for every node at once.
  var shutdownSteps: [Int?] {
    var steps = [Int?](repeating: nil, count: nodes.count)
    for (index, step) in shutdownOrder.enumerated() {
      for id in step where nodes.indices.contains(id) && steps[id] == nil { steps[id] = index + 1 }
    }
    return steps
  }

  /// Every arrow of a picture: from a node to each node it read, then to each node it declared
  /// (``Node/declared``); only arrows between nodes of the graph.
  var pictureArrows: [(from: Int, to: Int, isDeclared: Bool)] {
    nodes.indices.flatMap { position in
      let node = nodes[position]
      return node.reads.filter(nodes.indices.contains).map { (position, $0, false) }
        + node.declared.filter(nodes.indices.contains).map { (position, $0, true) }
    }
  }
}

extension DependencyGraph.Node {
  /// The lines of the node's box in a picture: the label; how it was read and the holder; the
  /// context, its shutdown step (if any) and its computation's duration (or `prepared`).
  func pictureLines(shutdownStep: Int?) -> [String] {
    var last = ["\(context)"]
    if let shutdownStep { last.append("shutdown \(shutdownStep)") }
    last.append(computation.map { $0.duration.shortDescription } ?? "prepared")
    return [
      label, "\(argument) · \(holderDescription)", last.joined(separator: " · "),
    ]
  }
}
