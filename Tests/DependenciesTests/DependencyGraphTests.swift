import Dependencies
import Foundation
import Testing

// `DependencyValues.graph`: the values a cache computed, what each read, who keeps it, and the
// shutdown order. Each test reads its graph in values of its own (`isolated`: a fresh cache), or
// its own test cache, so that it holds exactly what the test built.

@Suite struct DependencyGraphTests {
  @Test func aGraphOfDefaultsReadingEachOtherHasExactlyThoseNodesAndEdges() {
    let graph = isolated {
      @Dependency(\.graphTop) var top
      _ = top
      return DependencyValues.graph
    }
    // Cached in the order the computations returned: a value after those it read.
    #expect(graph.nodes.map(\.key) == ["GraphLeaf", "GraphMiddle", "GraphTop"])
    #expect(graph.nodes.map(\.id) == [0, 1, 2])
    #expect(
      Set(graph.edges.map { [graph.nodes[$0.from].key, graph.nodes[$0.to].key] }) == [
        ["GraphMiddle", "GraphLeaf"], ["GraphTop", "GraphMiddle"], ["GraphTop", "GraphLeaf"],
      ])
    #expect(graph.nodes.allSatisfy { $0.holder == .cache && $0.context == .test })
    #expect(graph.nodes.map(\.property) == ["graphLeaf", "graphMiddle", "graphTop"])
    #expect(graph.nodes.map(\.valueType) == ["GraphValue", "GraphValue", "GraphValue"])
    #expect(graph.nodes.map(\.isShutdownable) == [false, false, false])
    #expect(graph.shutdownOrder.isEmpty)
  }

  // snippet: test
  @Test func theTopValueReadsTheOthers() {
    @Dependency(\.graphTop) var top
    _ = top
    let graph = DependencyValues.graph  // this test's: what it built
    #expect(graph.nodes.map(\.key) == ["GraphLeaf", "GraphMiddle", "GraphTop"])
    #expect(graph.edges.contains(.init(from: 2, to: 1)))  // GraphTop read GraphMiddle
  }
  // end snippet: test

  @Test func aComputationStartsBeforeTheValuesItComputesAndLastsLonger() throws {
    let graph = isolated {
      @Dependency(\.graphTop) var top
      _ = top
      return DependencyValues.graph
    }
    let (leaf, middle, top) = (
      try #require(graph.nodes[0].computation), try #require(graph.nodes[1].computation),
      try #require(graph.nodes[2].computation)
    )
    #expect(top.start == .zero)  // the earliest computation
    #expect(top.start <= middle.start && middle.start <= leaf.start)
    #expect(top.duration >= middle.duration && middle.duration >= leaf.duration)
  }

  @Test func aKeyReadByItsKeyHasNoPropertyAndNamesItsValueType() {
    let graph = isolated {
      @Dependency(GraphLeafKey.self) var leaf
      _ = leaf
      return DependencyValues.graph
    }
    #expect(graph.nodes.count == 1)
    #expect(graph.nodes.first?.key == "GraphLeafKey")
    #expect(graph.nodes.first?.valueType == "GraphValue")
    #expect(graph.nodes.first?.property == nil)
  }

  @Test func shutdownOrderGoesDependentsFirst() {
    let graph = isolated {
      withDependencies {
        $0.context = .live
      } operation: {
        @Dependency(GraphPoolKey.self) var pool
        @Dependency(GraphRepositoryKey.self) var repository
        _ = (repository, pool)
        return DependencyValues.graph
      }
    }
    #expect(graph.nodes.map(\.key) == ["GraphPoolKey", "GraphRepositoryKey"])
    #expect(graph.nodes.map(\.context) == [.live, .live])
    #expect(graph.nodes.map(\.isShutdownable) == [true, true])
    #expect(graph.edges == [.init(from: 1, to: 0)])
    #expect(graph.shutdownOrder == [[1], [0]])
    #expect(graph.shutdownStep(of: 0) == 2)
  }

  @Test func aScopeKeptDefaultShowsAsKeptAndLeavesWithItsScope() {
    isolated {
      let root = DependencyValues._current
      let inScope = withDependencies {
        $0[GraphRequestIDKey.self] = 42
      } operation: {
        @Dependency(GraphRequestLogKey.self) var log
        _ = log
        // The root's values, while the scope lives: the store is computed for them too, shared.
        return withDependencies {
          $0 = root
        } operation: {
          @Dependency(GraphRequestStoreKey.self) var store
          _ = store
          return DependencyValues.graph
        }
      }
      // The same key twice: shared (from the root's values), and kept by the scope.
      #expect(
        inScope.nodes.map { "\($0.key) \($0.holder)" } == [
          "GraphRequestIDKey cache", "GraphRequestStoreKey cache", "GraphRequestStoreKey scope",
          "GraphRequestLogKey scope",
        ])
      // The shared store read the request ID's default; the log read the store its scope keeps.
      #expect(inScope.edges == [.init(from: 1, to: 0), .init(from: 3, to: 2)])
      #expect(inScope.nodes.allSatisfy { $0.computation != nil })

      let after = DependencyValues.graph
      #expect(
        after.nodes.map { "\($0.key) \($0.holder)" } == [
          "GraphRequestIDKey cache", "GraphRequestStoreKey cache",
        ])
    }
  }

  /// A server's requests, each a scope that keeps its own default: the graph shows those of the
  /// scopes alive, and none once they have ended.
  @Test func scopesThatComeAndGoLeaveNothingKeptBehind() {
    isolated {
      for request in 1...100 {
        withDependencies {
          $0[GraphRequestIDKey.self] = request
        } operation: {
          @Dependency(GraphRequestStoreKey.self) var store
          #expect(store.requestID == request)
          let kept = DependencyValues.graph.nodes.filter { $0.holder == .scope }
          #expect(kept.map(\.key) == ["GraphRequestStoreKey"])
        }
      }
      #expect(DependencyValues.graph.nodes.isEmpty)
    }
  }

  @Test(arguments: [1, 2])
  func aTestsGraphHoldsOnlyWhatThatTestBuilt(_ argument: Int) {
    // No `isolated`: the test's own cache.
    if argument == 1 {
      @Dependency(GraphFirstTestKey.self) var value
      _ = value
    } else {
      @Dependency(GraphSecondTestKey.self) var value
      _ = value
    }
    let keys = DependencyValues.graph.nodes.map(\.key)
    #expect(keys == [argument == 1 ? "GraphFirstTestKey" : "GraphSecondTestKey"])
  }

  @Test func aPreparedValueHasNoComputation() {
    let graph = isolated {
      prepareDependencies { $0[GraphLeaf.self] = GraphValue(name: "prepared") }
      @Dependency(\.graphMiddle) var middle
      _ = middle
      return DependencyValues.graph
    }
    #expect(graph.nodes.map(\.key) == ["GraphLeaf", "GraphMiddle"])
    #expect(graph.nodes[0].computation == nil)
    #expect(graph.nodes[1].computation != nil)
    #expect(graph.edges == [.init(from: 1, to: 0)])
  }

  /// A value given through a property (`$0.graphConfig = …`) shows that property, as a value
  /// read through it does.
  @Test func aPreparedValueShowsThePropertyItWasGivenThrough() {
    let graph = isolated {
      prepareDependencies { $0.graphConfig = GraphValue(name: "prepared") }
      @Dependency(\.graphConfig) var config
      _ = config
      return DependencyValues.graph
    }
    #expect(graph.nodes.map(\.property) == ["graphConfig"])
    #expect(graph.textTree.contains("GraphConfig: GraphValue (\\.graphConfig) · test · shared"))
  }

  /// A cycle is still reported as it was, with the cycle's keys, after the graph recorded others.
  @Test func aCycleIsReportedWithItsKeys() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      isolated {
        @Dependency(\.graphTop) var top
        @Dependency(GraphCycleKey.self) var cycle
        _ = (top, cycle)
      }
    }
    let message = result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
    #expect(message.contains("dependency cycle"), "\(message)")
    #expect(message.contains("(GraphCycleKey → GraphCycleKey)"), "\(message)")
  }
}

// MARK: - Renderings

/// The renderings of a graph made by hand: the same text on every run.
@Suite struct DependencyGraphRenderingTests {
  static let graph = DependencyGraph(
    nodes: [
      .init(
        id: 0, key: "Database", valueType: "Database", property: "database", context: .live,
        computation: .init(start: .microseconds(50), duration: .microseconds(1_020)),
        isShutdownable: true),
      .init(
        id: 1, key: "SessionStore", valueType: "SessionStore", property: "sessions",
        context: .live,
        computation: .init(start: .zero, duration: .microseconds(1_234)), isShutdownable: true,
        reads: [0]),
      .init(
        id: 2, key: "APIClient.Key", valueType: "APIClient<\"v2\">", context: .live),
      .init(
        id: 3, key: "RequestLogger", valueType: "RequestLogger", property: "requestLogger",
        context: .live, holder: .scope,
        computation: .init(start: .milliseconds(2_500), duration: .nanoseconds(9_999)),
        reads: [0, 2]),
    ],
    shutdownOrder: [[1], [0]])

  @Test func textTree() {
    #expect(
      Self.graph.textTree == #"""
        4 dependencies: 3 shared, 1 kept by a scope
        SessionStore (\.sessions) · live · shared · shutdownable · started at 0.00 ms, took 1.23 ms
        └─ Database (\.database) · live · shared · shutdownable · started at 0.05 ms, took 1.02 ms
        RequestLogger (\.requestLogger) · live · kept by a scope · started at 2.50 s, took 0.00 ms
        ├─ Database (see above)
        └─ APIClient.Key: APIClient<"v2"> (APIClient.Key.self) · live · shared · prepared
        shutdown order: 1. SessionStore · 2. Database
        """#)
    #expect(Self.graph.description == Self.graph.textTree)
  }

  @Test func mermaid() {
    #expect(
      Self.graph.mermaid == #"""
        flowchart TD
          n0["Database<br/>\.database · shared<br/>live · shutdown 2 · 1.02 ms"]
          n1["SessionStore<br/>\.sessions · shared<br/>live · shutdown 1 · 1.23 ms"]
          n2["APIClient.Key: APIClient#lt;#quot;v2#quot;#gt;<br/>APIClient.Key.self · shared<br/>live · prepared"]
          n3["RequestLogger<br/>\.requestLogger · kept by a scope<br/>live · 0.00 ms"]
          n1 --> n0
          n3 --> n0
          n3 --> n2
          classDef kept stroke-dasharray: 5 5
          class n3 kept
        """#)
  }

  @Test func graphvizDOT() {
    #expect(
      Self.graph.graphvizDOT == #"""
        digraph dependencies {
          node [shape=box];
          n0 [label="Database\n\\.database · shared\nlive · shutdown 2 · 1.02 ms"];
          n1 [label="SessionStore\n\\.sessions · shared\nlive · shutdown 1 · 1.23 ms"];
          n2 [label="APIClient.Key: APIClient<\"v2\">\nAPIClient.Key.self · shared\nlive · prepared"];
          n3 [label="RequestLogger\n\\.requestLogger · kept by a scope\nlive · 0.00 ms", style=dashed];
          n1 -> n0;
          n3 -> n0;
          n3 -> n2;
        }
        """#)
  }

  @Test func json() throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let json = String(decoding: try encoder.encode(Self.graph), as: UTF8.self)
    #expect(
      json
        == #"{"nodes":[{"computation":{"durationNanoseconds":1020000,"startNanoseconds":50000},"#
        + #""context":"live","declared":[],"holder":"cache","id":0,"isShutdownable":true,"#
        + #""key":"Database","property":"database","#
        + #""reads":[],"valueType":"Database"},{"computation":{"durationNanoseconds":1234000,"#
        + #""startNanoseconds":0},"context":"live","declared":[],"holder":"cache","id":1,"#
        + #""isShutdownable":true,"key":"SessionStore","property":"sessions","reads":[0],"#
        + #""valueType":"SessionStore"},{"context":"live","declared":[],"holder":"cache","id":2,"#
        + #""isShutdownable":false,"key":"APIClient.Key","reads":[],"valueType":"APIClient<\"v2\">"},"#
        + #"{"computation":{"durationNanoseconds":9999,"startNanoseconds":2500000000},"#
        + #""context":"live","declared":[],"holder":"scope","id":3,"#
        + #""isShutdownable":false,"key":"RequestLogger","property":"requestLogger","reads":[0,2],"#
        + #""valueType":"RequestLogger"}],"shutdownOrder":[[1],[0]]}"#)
    #expect(try JSONDecoder().decode(DependencyGraph.self, from: Data(json.utf8)) == Self.graph)
  }
}

// MARK: - Keys

struct GraphValue: Sendable {
  var name: String
}

enum GraphLeaf: TestDependencyKey {
  static var testValue: GraphValue { GraphValue(name: "leaf") }
}

enum GraphLeafKey: TestDependencyKey {
  static var testValue: GraphValue { GraphValue(name: "leaf") }
}

enum GraphMiddle: TestDependencyKey {
  static var testValue: GraphValue {
    @Dependency(\.graphLeaf) var leaf
    return GraphValue(name: "middle over \(leaf.name)")
  }
}

enum GraphTop: TestDependencyKey {
  static var testValue: GraphValue {
    @Dependency(\.graphMiddle) var middle
    @Dependency(\.graphLeaf) var leaf
    return GraphValue(name: "top over \(middle.name) and \(leaf.name)")
  }
}

enum GraphConfig: TestDependencyKey {
  static var testValue: GraphValue { GraphValue(name: "config") }
}

extension DependencyValues {
  fileprivate var graphConfig: GraphValue {
    get { self[GraphConfig.self] }
    set { self[GraphConfig.self] = newValue }
  }
  fileprivate var graphLeaf: GraphValue { self[GraphLeaf.self] }
  fileprivate var graphMiddle: GraphValue { self[GraphMiddle.self] }
  fileprivate var graphTop: GraphValue { self[GraphTop.self] }
}

final class GraphPool: ShutdownableDependency {
  func shutdown() async {}
}

final class GraphRepository: ShutdownableDependency {
  let pool: GraphPool
  init(pool: GraphPool) { self.pool = pool }
  func shutdown() async {}
}

enum GraphPoolKey: DependencyKey {
  static var liveValue: GraphPool { GraphPool() }
}

enum GraphRepositoryKey: DependencyKey {
  static var liveValue: GraphRepository {
    @Dependency(GraphPoolKey.self) var pool
    return GraphRepository(pool: pool)
  }
}

enum GraphRequestIDKey: TestDependencyKey {
  static let testValue = 0
}

final class GraphRequestStore: Sendable {
  let requestID: Int
  init(requestID: Int) { self.requestID = requestID }
}

enum GraphRequestStoreKey: TestDependencyKey {
  static var testValue: GraphRequestStore {
    @Dependency(GraphRequestIDKey.self) var requestID
    return GraphRequestStore(requestID: requestID)
  }
}

enum GraphRequestLogKey: TestDependencyKey {
  static var testValue: GraphRequestStore {
    @Dependency(GraphRequestStoreKey.self) var store
    return store
  }
}

enum GraphFirstTestKey: TestDependencyKey {
  static let testValue = 1
}

enum GraphSecondTestKey: TestDependencyKey {
  static let testValue = 2
}

enum GraphCycleKey: TestDependencyKey {
  static var testValue: Int {
    @Dependency(GraphCycleKey.self) var value
    return value
  }
}
