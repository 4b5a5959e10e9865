// The cache's part in the dependency graph: what its miss path records (a cached value's timing
// with its lifecycle record, `register`; a value a scope keeps, `recordComputation`), and the graph
// it describes (`dependencyGraph()`), drawn from that record and from the lifecycle of its values,
// which already holds each cached value's key, context, read site, reads and shutdown order
// (`_LifecycleState`, `_ShutdownPlan`).

extension _LiveValueCache {
  /// Records `kept`, the value of `computation`, which a scope keeps now. On the miss path only.
  func recordComputation(_ computation: _DefaultComputation, keptAs kept: _KeptDefault) {
    state.withLock {
      $0.graph.recordKept(kept, computation.record, reads: computation.cachedReads)
    }
  }

  /// The dependency graph of this cache, as it is now.
  func dependencyGraph() -> DependencyGraph {
    resolveDeclaredKeyPaths()
    let (lifecycle, record) = state.withLock { ($0.lifecycle.nodes, $0.graph.snapshot()) }
    // The boxes of `lifecycle` live as long as the cache, which is held until this returns.
    return withExtendedLifetime(self) { DependencyGraph(lifecycle: lifecycle, record: record) }
  }
}

extension DependencyGraph {
  /// The graph of the values of a cache: those it holds, `lifecycle` (in the order it cached them),
  /// with the timings `record` holds, then the values kept by scopes that `record` holds and that
  /// are still kept (`snapshot()`, in the order they were kept).
  fileprivate init(lifecycle: [_LifecycleState.Node], record: _DependencyGraphRecord) {
    func computation(_ timing: _DependencyGraphRecord.Timing?) -> Node.Computation? {
      guard let timing, let origin = record.origin else { return nil }
      return Node.Computation(start: origin.duration(to: timing.start), duration: timing.duration)
    }
    func node(
      _ id: Int, _ entry: _CacheEntryID, _ site: _ReadSite, _ boxType: _AnyDependencyBox.Type,
      isShutdownable: Bool, _ holder: Node.Holder, _ timing: _DependencyGraphRecord.Timing?
    ) -> Node {
      Node(
        id: id, key: ReportedTypeName.withoutModules(unsafeBitCast(entry.key, to: Any.Type.self)),
        valueType: ReportedTypeName.withoutModules(boxType.valueType), property: site.propertyName,
        context: DependencyContext(_rawValue: entry.context) ?? .live, holder: holder,
        computation: computation(timing), isShutdownable: isShutdownable)
    }
    var nodes: [Node] = []
    var idOfEntry: [_CacheEntryID: Node.ID] = [:]
    for (id, cached) in lifecycle.enumerated() {
      let box = Unmanaged<_AnyDependencyBox>.fromOpaque(UnsafeRawPointer(bitPattern: cached.box)!)
        .takeUnretainedValue()
      nodes.append(
        node(
          id, cached.entry, cached.site, type(of: box), isShutdownable: box.shutdownable != nil,
          .cache, record.cached[cached.box]))
      if idOfEntry[cached.entry] == nil { idOfEntry[cached.entry] = id }
    }
    // The cached values of each key in each context, every generation: what a property of the key
    // reads (as the shutdown plan counts it).
    var idsOfKey: [_CacheEntryID: [Node.ID]] = [:]
    for (id, cached) in lifecycle.enumerated() {
      var key = cached.entry
      key.generation = 0
      idsOfKey[key, default: []].append(id)
    }
    func declared(_ declared: _Declarations, by node: Node, of entry: _CacheEntryID)
      -> [Node.ID]
    {
      var ids: [Node.ID] = []
      for key in declared.keys {
        for id in idsOfKey[_CacheEntryID(key, contextOf: entry)] ?? []
        where id != node.id && !node.reads.contains(id) && !ids.contains(id) {
          ids.append(id)
        }
      }
      return ids
    }
    for (id, cached) in lifecycle.enumerated() {
      nodes[id].reads = cached.reads.compactMap { idOfEntry[$0] }.filter { $0 < id }
      nodes[id].declared = declared(cached.declared, by: nodes[id], of: cached.entry)
    }
    var idOfKept: [UInt64: Node.ID] = [:]
    for kept in record.kept.values.sorted(by: { $0.order < $1.order }) {
      let id = nodes.count
      var node = node(
        id, kept.entry, kept.site, kept.boxType, isShutdownable: kept.isShutdownable, .scope,
        kept.timing)
      node.reads =
        kept.reads.compactMap { idOfEntry[$0] } + kept.keptReads.compactMap { idOfKept[$0] }
      node.declared = declared(kept.declared, by: node, of: kept.entry)
      nodes.append(node)
      idOfKept[kept.order] = id
    }
    self.init(
      nodes: nodes,
      shutdownOrder: Self.steps(of: _ShutdownPlan(nodes: lifecycle), idOfEntry: idOfEntry))
  }

  /// The jobs of `plan` in steps, as its run starts them (`_ShutdownPlan.Schedule`), each step's
  /// jobs taken to finish together: first those no other job waits for, then those whose every
  /// predecessor is in an earlier step; when every job left waits (jobs that depend on each other),
  /// the latest cached of them, alone. Each job as the nodes of its entries.
  private static func steps(of plan: _ShutdownPlan, idOfEntry: [_CacheEntryID: Node.ID])
    -> [[Node.ID]]
  {
    var schedule = _ShutdownPlan.Schedule(plan)
    var step = schedule.startFirst()
    var steps: [[Node.ID]] = []
    while true {
      if step.isEmpty {
        guard let job = schedule.startLatestWaiting() else { break }
        step = [job]
      }
      steps.append(step.flatMap { plan.jobs[$0].entries.compactMap { idOfEntry[$0] } }.sorted())
      step = step.flatMap { schedule.finish($0) }
    }
    return steps
  }
}

extension _ReadSite {
  /// The name of the property the read went through, or nil when it was a read by key (see
  /// `_DependencyReports.Names.property`).
  fileprivate var propertyName: String? {
    property.map { "\($0)" }.flatMap { $0.contains("(") ? nil : $0 }
  }
}
