extension DependencyGraph: CustomStringConvertible {
  /// The graph as a text tree, for logs: see ``textTree``.
  public var description: String { textTree }

  /// How many levels a tree of ``textTree`` goes below its first value: a value deeper down is
  /// named with `(see below)` and shown as a tree of its own once its tree is done.
  static let textTreeDepth = 8

  /// The graph as a text tree, for logs: a summary line, then each value that no other value
  /// depends on, with the values it depends on below it — those its computation read, then those
  /// of the `@Dependency` properties it created (``Node/declared``, marked `declares`) — then the
  /// shutdown order.
  ///
  /// ```
  /// 3 dependencies: 2 shared, 1 kept by a scope
  /// SessionStore (\.sessions) · live · shared · shutdownable · started at 0.05 ms, took 1.20 ms
  /// └─ declares Database (\.database) · live · shared · shutdownable · started at 3.10 ms, took 1.02 ms
  /// RequestLogger (\.requestLogger) · live · kept by a scope · started at 3.40 ms, took 0.01 ms
  /// └─ Database (see above)
  /// shutdown order: 1. SessionStore · 2. Database
  /// ```
  ///
  /// Each value is shown in full once. A value met again is only named, with `(see above)`; a tree
  /// shows at most 8 levels below its first value, and a value further down is named with
  /// `(see below)` and shown as a tree of its own right after the tree it was met in. So the text
  /// grows with the number of values and edges, never with the square of the graph's depth: a
  /// chain of 20,000 values is 2,223 trees of 9 values (and one line naming the next tree's
  /// first), no line indented by more than 27 characters.
  ///
  /// A value whose key is not its own type shows both: `APIClient.Key: APIClient`.
  public var textTree: String {
    let shared = nodes.filter { $0.holder == .cache }.count
    let kept = nodes.count - shared
    var lines = [
      "\(nodes.count) \(nodes.count == 1 ? "dependency" : "dependencies"): \(shared) shared, "
        + "\(kept) kept by \(kept == 1 ? "a scope" : "scopes")"
    ]
    var tree = _TextTree(graph: self)
    var hasParent = [Bool](repeating: false, count: nodes.count)
    for node in nodes {
      for child in node.reads + node.declared where nodes.indices.contains(child) {
        hasParent[child] = true
      }
    }
    for position in nodes.indices where !hasParent[position] { tree.show(position, into: &lines) }
    // Values in a cycle (only a hand-made or decoded graph has one).
    for position in nodes.indices { tree.show(position, into: &lines) }
    if !shutdownOrder.isEmpty {
      let steps = shutdownOrder.enumerated().map { index, step in
        "\(index + 1). "
          + step.map { nodes.indices.contains($0) ? nodes[$0].label : "#\($0)" }
          .joined(separator: ", ")
      }
      lines.append("shutdown order: " + steps.joined(separator: " · "))
    }
    return lines.joined(separator: "\n")
  }
}

/// The trees of ``DependencyGraph/textTree``, drawn without recursion: a stack of the values still
/// to draw, and a queue of the values cut at the depth limit, each drawn as a tree of its own.
private struct _TextTree {
  /// One value still to draw: its node, the text before it on its line and on its children's
  /// lines, its depth below the tree's first value, and whether its parent declared it.
  private struct Pending {
    let position: Int
    let lead: String
    let childLead: String
    let depth: Int
    let isDeclared: Bool
  }

  let graph: DependencyGraph
  /// Whether each node was shown in full.
  private var shown: [Bool]
  /// Whether each node was cut at the depth limit (and is in `cut`).
  private var isCut: [Bool]
  /// The nodes cut at the depth limit, in the order they were met.
  private var cut: [Int] = []
  private var nextCut = 0

  init(graph: DependencyGraph) {
    self.graph = graph
    shown = [Bool](repeating: false, count: graph.nodes.count)
    isCut = shown
  }

  /// Appends the tree of `root`, if it was not shown yet, then the trees of the values cut from it
  /// (and from those, in turn).
  mutating func show(_ root: Int, into lines: inout [String]) {
    draw(root, into: &lines)
    while nextCut < cut.count {
      nextCut += 1
      draw(cut[nextCut - 1], into: &lines)
    }
  }

  private mutating func draw(_ root: Int, into lines: inout [String]) {
    guard !shown[root] else { return }
    let nodes = graph.nodes
    var stack = [Pending(position: root, lead: "", childLead: "", depth: 0, isDeclared: false)]
    while let pending = stack.popLast() {
      let node = nodes[pending.position]
      let lead = pending.lead + (pending.isDeclared ? "declares " : "")
      if shown[pending.position] {
        lines.append("\(lead)\(node.label) (see above)")
        continue
      }
      if pending.depth > DependencyGraph.textTreeDepth {
        lines.append("\(lead)\(node.label) (see below)")
        if !isCut[pending.position] {
          isCut[pending.position] = true
          cut.append(pending.position)
        }
        continue
      }
      shown[pending.position] = true
      lines.append(lead + node.summary)
      let children =
        node.reads.filter(nodes.indices.contains).map { ($0, false) }
        + node.declared.filter(nodes.indices.contains).map { ($0, true) }
      for (index, (child, isDeclared)) in children.enumerated().reversed() {
        let isLast = index == children.count - 1
        stack.append(
          Pending(
            position: child, lead: pending.childLead + (isLast ? "└─ " : "├─ "),
            childLead: pending.childLead + (isLast ? "   " : "│  "), depth: pending.depth + 1,
            isDeclared: isDeclared))
      }
    }
  }
}

extension DependencyGraph.Node {
  /// The key, and the value's type when it is not the key: `APIClient.Key: APIClient`.
  var label: String { key == valueType ? key : "\(key): \(valueType)" }

  /// How it was read (or prepared): `\.database`, or `Database.self` for a read by key.
  var argument: String { property.map { "\\.\($0)" } ?? "\(key).self" }

  /// Who holds it: `shared` or `kept by a scope`.
  var holderDescription: String { holder == .cache ? "shared" : "kept by a scope" }

  /// When its computation started and how long it took, or that it was prepared.
  var computationDescription: String {
    guard let computation else { return "prepared" }
    return "started at \(computation.start.shortDescription), "
      + "took \(computation.duration.shortDescription)"
  }

  /// One line: the label, how it was read, the context, the holder, whether it is shut down, and
  /// its computation.
  var summary: String {
    var parts = ["\(label) (\(argument))", "\(context)", holderDescription]
    if isShutdownable { parts.append("shutdownable") }
    parts.append(computationDescription)
    return parts.joined(separator: " · ")
  }
}
