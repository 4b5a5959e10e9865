import Dependencies
import Testing

// The classic pattern: a default declares `@Dependency(\.database) var database` and returns
// closures that read it later. The property it created is an edge from it to the database's value
// (`DependencyGraph.Node.declared`), whether it read it then or later, and the shutdown order
// follows it: the store goes before the database it may still use while it shuts down.

@Suite struct DeclaredDependencyTests {
  /// Values of their own, with the log the values read set for the cache (not a default of it).
  func isolated<R>(_ body: () -> R) -> R {
    withDependencies {
      $0 = DependencyValues()
      $0.shutdownLog = ShutdownLog()
    } operation: {
      body()
    }
  }

  @Test func aPropertyADefaultCreatedIsAnEdgeOnceItsValueIsCached() {
    isolated {
      @Dependency(\.declaringStore) var store
      _ = store
      // The database was never read: there is no value to point to.
      #expect(DependencyValues.graph.nodes.map(\.key) == ["DeclaringStoreKey"])

      #expect(store.databaseName() == "database")  // the closure reads it now
      let graph = DependencyValues.graph
      #expect(graph.nodes.map(\.key) == ["DeclaringStoreKey", "DeclaredDatabaseKey"])
      #expect(graph.nodes[0].reads.isEmpty)
      #expect(graph.nodes[0].declared == [1])
      #expect(graph.edges == [.init(from: 0, to: 1)])
    }
  }

  /// A value of the property's type that another key holds is not taken for the database's.
  @Test func anEdgeGoesToTheKeyThePropertyNamesAmongValuesOfItsType() {
    isolated {
      @Dependency(ChainBottom.self) var bottom  // also a `Resource`
      @Dependency(\.declaredDatabase) var database
      @Dependency(\.declaringStore) var store
      _ = (bottom, database, store)
      let graph = DependencyValues.graph
      #expect(
        graph.nodes.map(\.key) == ["ChainBottom", "DeclaredDatabaseKey", "DeclaringStoreKey"])
      #expect(graph.nodes[2].declared == [1])
      #expect(graph.edges.contains(.init(from: 2, to: 1)))
      #expect(!graph.edges.contains(.init(from: 2, to: 0)))
    }
  }

  @Test func theShutdownOrderFollowsADeclaredProperty() async {
    let log = ShutdownLog()
    let shutdownOrder = await graphThenShutdown(log: log) {
      @Dependency(\.declaringStore) var store
      _ = store.databaseName()
    }.shutdownOrder
    #expect(shutdownOrder == [[0], [1]])
    #expect(log.begun == ["store", "database"])
    #expect(log.ended("store", before: "database"))
  }

  /// The database was cached long before the store, which declared it and never read it.
  @Test func theShutdownOrderFollowsAPropertyNeverRead() async {
    let log = ShutdownLog()
    let graph = await graphThenShutdown(log: log) {
      @Dependency(\.declaredDatabase) var database
      @Dependency(\.declaringStore) var store
      _ = (database, store)
    }
    #expect(graph.nodes.map(\.key) == ["DeclaredDatabaseKey", "DeclaringStoreKey"])
    #expect(graph.nodes[1].declared == [0])
    #expect(graph.shutdownOrder == [[1], [0]])
    #expect(log.ended("store", before: "database"))
  }

  @Test func aPropertyByKeyTypeIsAnEdgeToo() async {
    let log = ShutdownLog()
    let graph = await graphThenShutdown(log: log) {
      @Dependency(StoreDeclaringByKeyType.self) var store
      _ = store.databaseName()
    }
    #expect(graph.nodes.map(\.key) == ["StoreDeclaringByKeyType", "DeclaredDatabaseKey"])
    #expect(graph.nodes[0].declared == [1])
    #expect(log.ended("store by key", before: "database"))
  }

  /// A `@Dependency` stored property of an object the default makes is created while it is
  /// computed: the object is shut down before what the property names (the Lifecycles article's
  /// session store).
  @Test func aStoredPropertyOfAnObjectTheDefaultMakesIsAnEdge() async {
    let log = ShutdownLog()
    let graph = await graphThenShutdown(log: log) {
      @Dependency(StoreWithPropertyKey.self) var store
      _ = store.databaseName
    }
    #expect(graph.nodes.map(\.key) == ["StoreWithPropertyKey", "DeclaredDatabaseKey"])
    #expect(graph.nodes[0].declared == [1])
    #expect(log.ended("store with a property", before: "database"))
  }

  /// A value the computation read while it ran is a read, and nothing more.
  @Test func aPropertyReadWhileTheDefaultIsComputedIsARead() {
    isolated {
      @Dependency(ChainMiddle.self) var middle  // reads ChainBottom at once
      _ = middle
      let graph = DependencyValues.graph
      #expect(graph.nodes.map(\.key) == ["ChainBottom", "ChainMiddle"])
      #expect(graph.nodes[1].reads == [0])
      #expect(graph.nodes[1].declared.isEmpty)
      #expect(graph.edges == [.init(from: 1, to: 0)])
    }
  }

  /// A value that reads a value that needs no shutdown, which declares the database, goes before
  /// the database.
  @Test func theOrderFollowsADeclarationThroughAValueThatNeedsNoShutdown() async {
    let log = ShutdownLog()
    let graph = await graphThenShutdown(log: log) {
      @Dependency(ReaderOfPlainDeclarer.self) var reader
      _ = reader
      @Dependency(\.declaredDatabase) var database
      _ = database
    }
    #expect(
      graph.nodes.map(\.key) == ["PlainDeclarer", "ReaderOfPlainDeclarer", "DeclaredDatabaseKey"])
    #expect(graph.nodes[0].declared == [2])
    #expect(graph.shutdownOrder == [[1], [2]])
    #expect(log.ended("reader", before: "database"))
  }

  /// Two values whose properties name each other (each reads the other lazily, as classic code
  /// may): both are shut down, the one cached later first, and the graph shows both edges.
  @Test func valuesThatDeclareEachOtherAreBothShutDown() async {
    let log = ShutdownLog()
    let graph = await graphThenShutdown(log: log) {
      @Dependency(\.mutualFirst) var first
      @Dependency(\.mutualSecond) var second
      _ = (first, second)
    }
    #expect(graph.nodes.map(\.key) == ["MutualFirstKey", "MutualSecondKey"])
    #expect(graph.nodes[0].declared == [1])
    #expect(graph.nodes[1].declared == [0])
    #expect(graph.shutdownOrder == [[1], [0]])
    #expect(log.begun == ["second", "first"])
    #expect(log.ended("second", before: "first"))
  }

  /// The example of OverridingDependencies: the root's parent declares the child it reads in its
  /// closure.
  @Test func theParentOfTheOverridingArticleDeclaresItsChild() {
    isolated {
      @Dependency(\.articleParent) var parent
      #expect(parent.value() == 0)
      let graph = DependencyValues.graph
      #expect(graph.nodes.map(\.key) == ["ArticleParentKey", "ArticleChildKey"])
      #expect(graph.nodes[0].declared == [1])
      #expect(
        graph.textTree.contains("└─ declares ArticleChildKey: ArticleChild (\\.articleChild)"))
    }
  }

  /// A property created outside any default's computation declares nothing.
  @Test func aPropertyCreatedOutsideAComputationDeclaresNothing() {
    isolated {
      @Dependency(\.declaredDatabase) var database
      @Dependency(ChainBottom.self) var bottom
      _ = (database, bottom)
      #expect(DependencyValues.graph.edges.isEmpty)
    }
  }
}

/// Runs `body` in values of their own that log to `log`, then takes their graph and shuts their
/// values down.
private func graphThenShutdown(log: ShutdownLog, _ body: () -> Void) async -> DependencyGraph {
  await withOwnCache(log: log) {
    body()
    let graph = DependencyValues.graph
    await shutdownDependencies()
    return graph
  }
}

// MARK: - Keys

enum DeclaredDatabaseKey: TestDependencyKey {
  static var testValue: Resource {
    @Dependency(\.shutdownLog) var log
    return Resource("database", log: log)
  }
}

/// A store that declares the database and reads it only in its closure.
final class DeclaringStore: ShutdownableDependency {
  let resource: Resource
  let databaseName: @Sendable () -> String

  init(_ resource: Resource, databaseName: @escaping @Sendable () -> String) {
    self.resource = resource
    self.databaseName = databaseName
  }

  func shutdown() async throws { try await resource.shutdown() }
}

enum DeclaringStoreKey: TestDependencyKey {
  static var testValue: DeclaringStore {
    @Dependency(\.shutdownLog) var log
    @Dependency(\.declaredDatabase) var database  // declared now, read later
    return DeclaringStore(Resource("store", log: log)) { database.name }
  }
}

/// A store that keeps the database in a `@Dependency` stored property.
final class StoreWithProperty: ShutdownableDependency, @unchecked Sendable {
  // @unchecked Sendable: the property wrapper is only read after initialisation.
  @Dependency(\.declaredDatabase) private var database
  let resource: Resource

  init(_ resource: Resource) { self.resource = resource }

  var databaseName: String { database.name }

  func shutdown() async throws { try await resource.shutdown() }
}

enum StoreWithPropertyKey: TestDependencyKey {
  static var testValue: StoreWithProperty {
    @Dependency(\.shutdownLog) var log
    return StoreWithProperty(Resource("store with a property", log: log))
  }
}

enum StoreDeclaringByKeyType: TestDependencyKey {
  static var testValue: DeclaringStore {
    @Dependency(\.shutdownLog) var log
    @Dependency(DeclaredDatabaseKey.self) var database
    return DeclaringStore(Resource("store by key", log: log)) { database.name }
  }
}

/// A value that needs no shutdown and declares the database.
enum PlainDeclarer: TestDependencyKey {
  static var testValue: @Sendable () -> String {
    @Dependency(\.declaredDatabase) var database
    return { database.name }
  }
}

enum ReaderOfPlainDeclarer: TestDependencyKey {
  static var testValue: Resource {
    @Dependency(\.shutdownLog) var log
    @Dependency(PlainDeclarer.self) var plain
    _ = plain
    return Resource("reader", log: log)
  }
}

enum MutualFirstKey: TestDependencyKey {
  static var testValue: DeclaringStore {
    @Dependency(\.shutdownLog) var log
    @Dependency(\.mutualSecond) var second
    return DeclaringStore(Resource("first", log: log)) { second.resource.name }
  }
}

enum MutualSecondKey: TestDependencyKey {
  static var testValue: DeclaringStore {
    @Dependency(\.shutdownLog) var log
    @Dependency(\.mutualFirst) var first
    return DeclaringStore(Resource("second", log: log)) { first.resource.name }
  }
}

struct ArticleParent: Sendable {
  var value: @Sendable () -> Int
}

struct ArticleChild: Sendable {
  var value: @Sendable () -> Int
}

enum ArticleChildKey: TestDependencyKey {
  static var testValue: ArticleChild { ArticleChild { 0 } }
}

enum ArticleParentKey: TestDependencyKey {
  static var testValue: ArticleParent {
    @Dependency(\.articleChild) var child  // read later, in the closure
    return ArticleParent { child.value() }
  }
}

extension DependencyValues {
  fileprivate var declaredDatabase: Resource {
    get { self[DeclaredDatabaseKey.self] }
    set { self[DeclaredDatabaseKey.self] = newValue }
  }

  fileprivate var declaringStore: DeclaringStore {
    get { self[DeclaringStoreKey.self] }
    set { self[DeclaringStoreKey.self] = newValue }
  }

  fileprivate var mutualFirst: DeclaringStore {
    get { self[MutualFirstKey.self] }
    set { self[MutualFirstKey.self] = newValue }
  }

  fileprivate var mutualSecond: DeclaringStore {
    get { self[MutualSecondKey.self] }
    set { self[MutualSecondKey.self] = newValue }
  }

  fileprivate var articleChild: ArticleChild {
    get { self[ArticleChildKey.self] }
    set { self[ArticleChildKey.self] = newValue }
  }

  fileprivate var articleParent: ArticleParent {
    get { self[ArticleParentKey.self] }
    set { self[ArticleParentKey.self] = newValue }
  }
}
