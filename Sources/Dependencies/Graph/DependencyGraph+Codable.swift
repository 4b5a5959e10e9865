// The graph's JSON (or other) form: the context as its name (`"live"`), durations as whole
// nanoseconds, so that a file a tool reads needs no knowledge of Swift's `Duration` encoding.
//
// {"nodes": [{"id": 0, "key": "Database", "valueType": "Database", "property": "database",
//   "context": "live", "holder": "cache", "isShutdownable": true, "reads": [], "declared": [],
//   "computation": {"startNanoseconds": 0, "durationNanoseconds": 1020000}}],
//  "shutdownOrder": [[0]]}
//
// Decoding checks what the renderings rely on: each node's id is its position, and every id a
// node or the shutdown order names is a node's. (`declared` may be absent: a file written before
// it existed.) Encoding throws for a duration that does not fit in 64-bit nanoseconds (292 years),
// which only a hand-made graph can hold.

extension DependencyGraph: Codable {
  private enum CodingKeys: String, CodingKey {
    case nodes, shutdownOrder
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let nodes = try container.decode([Node].self, forKey: .nodes)
    func invalid(_ key: CodingKeys, _ message: String) -> DecodingError {
      DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: message)
    }
    let count = "the graph has \(nodes.count) \(nodes.count == 1 ? "node" : "nodes")"
    for (position, node) in nodes.enumerated() {
      guard node.id == position else {
        throw invalid(.nodes, "node \(position) has the id \(node.id): a node's id is its position")
      }
      for (field, ids) in [("reads", node.reads), ("declared", node.declared)] {
        if let id = ids.first(where: { !nodes.indices.contains($0) }) {
          throw invalid(
            .nodes, "node \(position) \(field) node \(id), which is not in it (\(count))")
        }
      }
    }
    let shutdownOrder = try container.decode([[Node.ID]].self, forKey: .shutdownOrder)
    if let id = shutdownOrder.joined().first(where: { !nodes.indices.contains($0) }) {
      throw invalid(
        .shutdownOrder, "the shutdown order names node \(id), which is not in it (\(count))")
    }
    self.init(nodes: nodes, shutdownOrder: shutdownOrder)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(nodes, forKey: .nodes)
    try container.encode(shutdownOrder, forKey: .shutdownOrder)
  }
}

extension DependencyGraph.Node: Codable {
  private enum CodingKeys: String, CodingKey {
    case id, key, valueType, property, context, holder, computation, isShutdownable, reads
    case declared
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let contextName = try container.decode(String.self, forKey: .context)
    guard let context = DependencyContext(graphName: contextName) else {
      throw DecodingError.dataCorruptedError(
        forKey: .context, in: container,
        debugDescription: "\(contextName) is not a context: live, preview or test")
    }
    self.init(
      id: try container.decode(ID.self, forKey: .id),
      key: try container.decode(String.self, forKey: .key),
      valueType: try container.decode(String.self, forKey: .valueType),
      property: try container.decodeIfPresent(String.self, forKey: .property),
      context: context,
      holder: try container.decode(Holder.self, forKey: .holder),
      computation: try container.decodeIfPresent(Computation.self, forKey: .computation),
      isShutdownable: try container.decode(Bool.self, forKey: .isShutdownable),
      reads: try container.decode([ID].self, forKey: .reads),
      declared: try container.decodeIfPresent([ID].self, forKey: .declared) ?? [])
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(key, forKey: .key)
    try container.encode(valueType, forKey: .valueType)
    try container.encodeIfPresent(property, forKey: .property)
    try container.encode(context.description, forKey: .context)
    try container.encode(holder, forKey: .holder)
    try container.encodeIfPresent(computation, forKey: .computation)
    try container.encode(isShutdownable, forKey: .isShutdownable)
    try container.encode(reads, forKey: .reads)
    try container.encode(declared, forKey: .declared)
  }
}

extension DependencyGraph.Node.Holder: Codable {
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    switch try container.decode(String.self) {
    case "cache": self = .cache
    case "scope": self = .scope
    case let name:
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "\(name) is not a holder: cache or scope")
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(self == .cache ? "cache" : "scope")
  }
}

extension DependencyGraph.Node.Computation: Codable {
  private enum CodingKeys: String, CodingKey {
    case startNanoseconds, durationNanoseconds
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      start: .nanoseconds(try container.decode(Int64.self, forKey: .startNanoseconds)),
      duration: .nanoseconds(try container.decode(Int64.self, forKey: .durationNanoseconds)))
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    let path = container.codingPath
    try container.encode(
      try start.graphNanoseconds(at: path + [CodingKeys.startNanoseconds]),
      forKey: .startNanoseconds)
    try container.encode(
      try duration.graphNanoseconds(at: path + [CodingKeys.durationNanoseconds]),
      forKey: .durationNanoseconds)
  }
}

extension Duration {
  /// The duration in whole nanoseconds, rounded toward zero; an `EncodingError` at `codingPath`
  /// when that does not fit in an `Int64`.
  fileprivate func graphNanoseconds(at codingPath: [any CodingKey]) throws -> Int64 {
    let (seconds, attoseconds) = components
    // Both parts have the duration's sign, and the fraction is under a second.
    let (whole, overflows) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
    let (sum, sumOverflows) = whole.addingReportingOverflow(attoseconds / 1_000_000_000)
    guard !overflows, !sumOverflows else {
      throw EncodingError.invalidValue(
        self,
        .init(
          codingPath: codingPath,
          debugDescription:
            "\(self) does not fit in 64-bit nanoseconds (±292 years), the graph's JSON form"))
    }
    return sum
  }
}

extension DependencyContext {
  /// The context whose ``description`` is `name`.
  fileprivate init?(graphName name: String) {
    switch name {
    case "live": self = .live
    case "preview": self = .preview
    case "test": self = .test
    default: return nil
    }
  }
}
