// The graph's JSON (or other) form: the context as its name (`"live"`), durations as whole
// nanoseconds, so that a file a tool reads needs no knowledge of Swift's `Duration` encoding.
//
// {"nodes": [{"id": 0, "key": "Database", "valueType": "Database", "property": "database",
//   "context": "live", "holder": "cache", "isShutdownable": true, "reads": [],
//   "computation": {"startNanoseconds": 0, "durationNanoseconds": 1020000}}],
//  "shutdownOrder": [[0]]}

extension DependencyGraph: Codable {
  private enum CodingKeys: String, CodingKey {
    case nodes, shutdownOrder
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      nodes: try container.decode([Node].self, forKey: .nodes),
      shutdownOrder: try container.decode([[Node.ID]].self, forKey: .shutdownOrder))
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
      reads: try container.decode([ID].self, forKey: .reads))
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
    try container.encode(start.graphNanoseconds, forKey: .startNanoseconds)
    try container.encode(duration.graphNanoseconds, forKey: .durationNanoseconds)
  }
}

extension Duration {
  /// The duration in whole nanoseconds, rounded toward zero.
  fileprivate var graphNanoseconds: Int64 {
    let (seconds, attoseconds) = components
    return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
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
