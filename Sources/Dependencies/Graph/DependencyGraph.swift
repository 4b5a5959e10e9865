/// The dependencies a process (or a test) has built: every default value its cache of default
/// values computed, what each one's computation read, how long it took, whether a scope keeps it,
/// and in which order the values that need it will be shut down.
///
/// Read the graph of the cache the current scope reads with ``DependencyValues/graph``: in an
/// application, the process's; in a test, the test's own, so it holds only what that test built.
/// Log it at boot, once the server has warmed up, as a text tree (its `description`), as the
/// GracefulShutdown example does:
///
/// ```swift
/// await server.start()  // opens the audit log, the database, the metrics exporter
/// let graph = DependencyValues.graph
/// journal.log("dependencies after warm-up:\n\(graph)")
/// ```
///
/// ```
/// 5 dependencies: 5 shared, 0 kept by scopes
/// AuditLog (\.auditLog) · live · shared · shutdownable · started at 0.27 ms, took 0.46 ms
/// ├─ Journal (\.journal) · live · shared · shutdownable · started at 0.00 ms, took 0.03 ms
/// └─ SessionStore (\.sessions) · live · shared · shutdownable · started at 0.38 ms, took 0.33 ms
///    ├─ Journal (see above)
///    └─ Database (\.database) · live · shared · shutdownable · started at 0.46 ms, took 0.23 ms
///       └─ Journal (see above)
/// Metrics (\.metrics) · live · shared · shutdownable · started at 0.80 ms, took 0.04 ms
/// └─ Journal (see above)
/// shutdown order: 1. AuditLog, Metrics · 2. SessionStore · 3. Database · 4. Journal
/// ```
///
/// Draw it with ``mermaid`` or ``graphvizDOT``, or encode it: the graph is `Codable`. In a test,
/// check what the code under test built:
///
/// ```swift
/// @Test func theTopValueReadsTheOthers() {
///   @Dependency(\.graphTop) var top
///   _ = top
///   let graph = DependencyValues.graph  // this test's: what it built
///   #expect(graph.nodes.map(\.key) == ["GraphLeaf", "GraphMiddle", "GraphTop"])
///   #expect(graph.edges.contains(.init(from: 2, to: 1)))  // GraphTop read GraphMiddle
/// }
/// ```
///
/// A node is one value: a key's default in one context, computed once and shared by every read
/// (``Node/Holder/cache``), or computed from a scope's overrides and kept by that scope
/// (``Node/Holder/scope``) for as long as the scope lives. The same key can appear twice: once
/// shared, once kept by a scope whose overrides its computation read. An edge goes from a value to
/// each value its computation read (``Node/reads``), and to each value of a `@Dependency` property
/// its computation created (``Node/declared``): see
/// <doc:SeeingYourDependencies#What-makes-an-edge>.
///
/// The graph is recorded where defaults are computed; a read that finds its value cached records
/// nothing and costs nothing more. It describes the cache at the moment it was taken: a later
/// computation, or a scope that ends, is not in it.
///
/// > Note: The classic swift-dependencies library has no such graph: this is an addition.
public struct DependencyGraph: Sendable, Hashable {
  /// The values, in the order the cache cached them (a value after the values it read), then those
  /// scopes keep, in the order they were kept. A node's ``Node/id`` is its position here.
  public var nodes: [Node]

  /// The order in which ``shutdownDependencies(timeout:fileID:filePath:line:column:)`` shuts the
  /// cached values that conform to ``ShutdownableDependency`` down, as steps: the values of one
  /// step start once those of the steps before that read them have finished, so values of one step
  /// that do not depend on each other shut down concurrently. A value that read another, or
  /// created a `@Dependency` property of it, is in an earlier step (unless the two depend on each
  /// other: then the one cached later goes first). Values kept by scopes are not in it: they are shut down with their scope, latest
  /// kept first.
  public var shutdownOrder: [[Node.ID]]

  /// A graph of `nodes`, whose shutdown goes in `shutdownOrder`.
  public init(nodes: [Node], shutdownOrder: [[Node.ID]]) {
    self.nodes = nodes
    self.shutdownOrder = shutdownOrder
  }

  /// Every edge: from each value to each value its computation read (``Node/reads``), then to
  /// each value of a `@Dependency` property it created (``Node/declared``).
  public var edges: [Edge] {
    nodes.flatMap { node in (node.reads + node.declared).map { Edge(from: node.id, to: $0) } }
  }

  /// The step of ``shutdownOrder`` (counted from 1) in which the value of node `id` is shut down,
  /// or nil when it is not shut down with the cache.
  public func shutdownStep(of id: Node.ID) -> Int? {
    shutdownOrder.firstIndex { $0.contains(id) }.map { $0 + 1 }
  }

  /// One value the cache computed (or `prepareDependencies` gave it).
  public struct Node: Sendable, Hashable, Identifiable {
    /// A node's position in ``DependencyGraph/nodes``.
    public typealias ID = Int

    /// Who holds a value.
    public enum Holder: Sendable, Hashable {
      /// The cache: its computation read no override of a scope, so it is shared by every read.
      case cache
      /// A scope, whose overrides its computation read: only reads that see those overrides get it,
      /// for as long as the scope lives.
      case scope
    }

    /// The computation of a value: when it started and how long it ran.
    public struct Computation: Sendable, Hashable {
      /// When it started, counted from the start of the earliest computation the cache recorded.
      public var start: Duration
      /// How long it ran, including the values it computed on its way (those it read for the
      /// first time).
      public var duration: Duration

      /// A computation that started `start` after the earliest one and ran for `duration`.
      public init(start: Duration, duration: Duration) {
        self.start = start
        self.duration = duration
      }
    }

    /// The node's position in ``DependencyGraph/nodes``.
    public var id: ID
    /// The key's type (`Database`, `APIClient.Key`), without any module (`Box<Plain>` rather than
    /// `MyApp.Box<MyApp.Plain>`).
    public var key: String
    /// The value's type, without any module: the key's own type when the key is its value.
    public var valueType: String
    /// The `DependencyValues` property the value was first read through (`database` for
    /// `@Dependency(\.database)`), or given through (`$0.database = …` in `prepareDependencies`);
    /// nil when it was read or given by its key (`@Dependency(Key.self)`, `$0[Key.self] = …`).
    public var property: String?
    /// The context the value was computed in: `liveValue`, `previewValue` or `testValue`.
    public var context: DependencyContext
    /// Whether the cache shares it or a scope keeps it.
    public var holder: Holder
    /// The computation of the value, or nil for a value `prepareDependencies` gave the cache.
    public var computation: Computation?
    /// Whether the value conforms to ``ShutdownableDependency``.
    public var isShutdownable: Bool
    /// The values its computation read, by ``id``.
    public var reads: [ID]
    /// The values of the `@Dependency` properties its computation created that it did not read
    /// while it ran, by ``id``: the closures it returned may read them later (the classic
    /// `@Dependency(\.database) var database` declared in a `liveValue`). Such a value is shut down
    /// after this one, as a value it read is. See <doc:SeeingYourDependencies#What-makes-an-edge>.
    public var declared: [ID]

    /// A node: a value of `valueType` for `key` in `context`, first read through `property`, held
    /// by `holder`, computed by `computation`, whose computation read the nodes `reads` and created
    /// properties of the nodes `declared`.
    public init(
      id: ID, key: String, valueType: String, property: String? = nil,
      context: DependencyContext, holder: Holder = .cache, computation: Computation? = nil,
      isShutdownable: Bool = false, reads: [ID] = [], declared: [ID] = []
    ) {
      self.id = id
      self.key = key
      self.valueType = valueType
      self.property = property
      self.context = context
      self.holder = holder
      self.computation = computation
      self.isShutdownable = isShutdownable
      self.reads = reads
      self.declared = declared
    }
  }

  /// One edge: the computation of the value of node `from` read the value of node `to`, or created
  /// a `@Dependency` property of it.
  public struct Edge: Sendable, Hashable, Codable {
    /// The value whose computation read (or declared).
    public var from: Node.ID
    /// The value it read (or declared).
    public var to: Node.ID

    /// The edge from node `from` to node `to`.
    public init(from: Node.ID, to: Node.ID) {
      self.from = from
      self.to = to
    }
  }
}
