extension DependencyGraph: CustomStringConvertible {
  /// The graph as a text tree, for logs: see ``textTree``.
  public var description: String { textTree }

  /// The graph as a text tree, for logs: a summary line, then each value that no other value read,
  /// with the values its computation read below it (a value met again is named and marked
  /// `(see above)`), then the shutdown order.
  ///
  /// ```
  /// 3 dependencies: 2 shared, 1 kept by a scope
  /// SessionStore (\.sessions) · live · shared · shutdownable · started at 0.05 ms, took 1.20 ms
  /// └─ Database (\.database) · live · shared · shutdownable · started at 0.10 ms, took 1.02 ms
  /// RequestLogger (\.requestLogger) · live · kept by a scope · started at 3.40 ms, took 0.01 ms
  /// └─ Database (see above)
  /// shutdown order: 1. SessionStore · 2. Database
  /// ```
  ///
  /// A value whose key is not its own type shows both: `APIClient.Key: APIClient`.
  public var textTree: String {
    let shared = nodes.filter { $0.holder == .cache }.count
    let kept = nodes.count - shared
    var lines = [
      "\(nodes.count) \(nodes.count == 1 ? "dependency" : "dependencies"): \(shared) shared, "
        + "\(kept) kept by \(kept == 1 ? "a scope" : "scopes")"
    ]
    var shown = Set<Node.ID>()
    func show(_ id: Node.ID, lead: String, childLead: String) {
      guard nodes.indices.contains(id) else { return }
      let node = nodes[id]
      guard shown.insert(id).inserted else {
        lines.append("\(lead)\(node.label) (see above)")
        return
      }
      lines.append(lead + node.summary)
      for (index, read) in node.reads.enumerated() {
        let isLast = index == node.reads.count - 1
        show(
          read, lead: childLead + (isLast ? "└─ " : "├─ "),
          childLead: childLead + (isLast ? "   " : "│  "))
      }
    }
    let read = Set(nodes.flatMap(\.reads))
    for node in nodes where !read.contains(node.id) { show(node.id, lead: "", childLead: "") }
    for node in nodes where !shown.contains(node.id) { show(node.id, lead: "", childLead: "") }
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

extension DependencyGraph.Node {
  /// The key, and the value's type when it is not the key: `APIClient.Key: APIClient`.
  var label: String { key == valueType ? key : "\(key): \(valueType)" }

  /// How it was read: `\.database`, or `Database.self` for a read by key.
  var argument: String { property.map { "\\.\($0)" } ?? "\(key).self" }

  /// Who holds it: `shared` or `kept by a scope`.
  var holderDescription: String { holder == .cache ? "shared" : "kept by a scope" }

  /// When its computation started and how long it took, or that it was prepared.
  var computationDescription: String {
    guard let computation else { return "prepared" }
    return "started at \(computation.start.graphDescription), "
      + "took \(computation.duration.graphDescription)"
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

extension Duration {
  /// Milliseconds with two decimals (`1.25 ms`), or seconds with two decimals from 1 s
  /// (`2.50 s`), rounded down: the same text on every platform, without Foundation.
  var graphDescription: String {
    let (seconds, attoseconds) = components
    let microseconds = max(0, seconds * 1_000_000 + attoseconds / 1_000_000_000_000)
    func twoDecimals(_ hundredths: Int64) -> String {
      let fraction = hundredths % 100
      return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
    return microseconds < 1_000_000
      ? "\(twoDecimals(microseconds / 10)) ms" : "\(twoDecimals(microseconds / 10_000)) s"
  }
}
