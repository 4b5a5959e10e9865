import CDependencies
import Dependencies
import Foundation
import Testing

// A `withDependencies` update that sets several keys: every key set is in effect, copies keep what
// they had, a replaced value goes, a default kept by the scope stays one instance (also for a
// nested scope that overrides another key the update set), a value a nested scope replaces can hold
// what that scope made without a leak, and everything is given back.
//
// The last two are why each key an update sets still makes a scope of its own: a nested scope that
// overrides the last key builds on the scope of the keys before it (its `parent`), which neither
// holds the replaced value nor lets the default go. An update that put all its keys into one scope
// (one overlay each, in place) left the nested scope nothing but that whole scope to build on.

protocol IndexTag {}
enum Tag0: IndexTag {}
enum Tag1: IndexTag {}
enum Tag2: IndexTag {}
enum Tag3: IndexTag {}
enum Tag4: IndexTag {}
enum Tag5: IndexTag {}
enum Tag6: IndexTag {}
enum Tag7: IndexTag {}
enum Tag8: IndexTag {}
enum Tag9: IndexTag {}
enum Tag10: IndexTag {}
enum Tag11: IndexTag {}

/// Twelve distinct keys, one per tag: more than the longest chain of overlays (eight).
var indexTags: [any IndexTag.Type] {
  [
    Tag0.self, Tag1.self, Tag2.self, Tag3.self, Tag4.self, Tag5.self, Tag6.self, Tag7.self,
    Tag8.self, Tag9.self, Tag10.self, Tag11.self,
  ]
}

enum IndexedKey<Tag: IndexTag>: Dependency.Key {
  static var liveValue: Int { -1 }
  static var testValue: Int { -1 }
}

/// Sets the key of `indexTags[index]` to `value`.
func setIndexed(_ index: Int, _ value: Int, in values: inout DependencyValues) {
  func set<Tag: IndexTag>(_: Tag.Type) { values[IndexedKey<Tag>.self] = value }
  set(indexTags[index])
}

/// Reads the key of `indexTags[index]` as users do, with `@Dependency`.
func readIndexed(_ index: Int) -> Int {
  func read<Tag: IndexTag>(_: Tag.Type) -> Int {
    @Dependency(IndexedKey<Tag>.self) var value
    return value
  }
  return read(indexTags[index])
}

/// Reads the key of `indexTags[index]` from `values`.
func readIndexed(_ index: Int, from values: DependencyValues) -> Int {
  func read<Tag: IndexTag>(_: Tag.Type) -> Int { values[IndexedKey<Tag>.self] }
  return read(indexTags[index])
}

/// A value whose instances are counted.
final class CountedToken: Sendable {
  static let instances = InstanceCount()
  init() { Self.instances.add() }
  deinit { Self.instances.remove() }
}

enum CountedTokenKey: Dependency.Key {
  static var liveValue: CountedToken? { nil }
  static var testValue: CountedToken? { nil }
}

/// A store made from the request ID it reads (this suite's own: other suites count theirs).
final class IDStore: Sendable {
  let requestID: Int
  init(requestID: Int) { self.requestID = requestID }
}

enum IDStoreKey: Dependency.Key {
  static var liveValue: IDStore {
    @Dependency(\.requestID) var requestID
    return IDStore(requestID: requestID)
  }
}

/// A value that keeps a model, as a navigator keeps the screens it presents.
final class ModelHolder: Sendable {
  let model = LockIsolated<IndexedModel?>(nil)
}

enum ModelHolderKey: Dependency.Key {
  static var liveValue: ModelHolder? { nil }
  static var testValue: ModelHolder? { nil }
}

/// A model that reads the first two indexed keys through the scope it was made in.
// @unchecked Sendable: the property wrappers are only read after initialisation.
final class IndexedModel: @unchecked Sendable {
  @Dependency(IndexedKey<Tag0>.self) var first
  @Dependency(IndexedKey<Tag1>.self) var second
}

@Suite struct UpdateSettingSeveralKeysTests {
  /// Every key one update sets is in effect in the operation, in its child tasks, and in a nested
  /// scope that overrides one of them: from one key to more than the longest chain of overlays.
  @Test(arguments: [1, 2, 3, 4, 8, 9, 12])
  func everyKeyTheUpdateSetsIsInEffect(count: Int) async {
    await withDependencies {
      for index in 0..<count { setIndexed(index, 100 + index, in: &$0) }
    } operation: {
      let expected = (0..<12).map { $0 < count ? 100 + $0 : -1 }
      #expect((0..<12).map(readIndexed) == expected)
      let inChild = await Task { (0..<12).map(readIndexed) }.value
      #expect(inChild == expected)
      withDependencies {
        setIndexed(0, 7, in: &$0)
      } operation: {
        #expect((0..<12).map(readIndexed) == [7] + expected.dropFirst())
      }
      #expect((0..<12).map(readIndexed) == expected)
    }
    #expect((0..<12).map(readIndexed) == Array(repeating: -1, count: 12))
  }

  /// A copy of the values taken while they are being set keeps what it had: a key set afterwards is
  /// not in it, in an update or in values set by hand.
  @Test func aCopyTakenDuringTheUpdateKeepsWhatItHad() {
    var snapshot: DependencyValues?
    withDependencies {
      setIndexed(0, 10, in: &$0)
      snapshot = $0
      setIndexed(1, 11, in: &$0)
      setIndexed(2, 12, in: &$0)
    } operation: {
      #expect((0..<3).map(readIndexed) == [10, 11, 12])
    }
    #expect((0..<3).map { readIndexed($0, from: snapshot!) } == [10, -1, -1])
    // A model made in the copy's values reads them through the copy's scope.
    let model = withDependencies {
      $0 = snapshot!
    } operation: {
      IndexedModel()
    }
    #expect(model.first == 10)
    #expect(model.second == -1)

    var values = DependencyValues()
    setIndexed(0, 20, in: &values)
    let copy = values
    setIndexed(1, 21, in: &values)
    #expect((0..<2).map { readIndexed($0, from: values) } == [20, 21])
    #expect((0..<2).map { readIndexed($0, from: copy) } == [20, -1])
  }

  /// The keys an inner scope sets never reach a model made in the scope around it, nor that
  /// scope's later reads.
  @Test func anInnerScopesKeysNeverReachTheOuterScope() {
    let model = withDependencies {
      setIndexed(0, 1, in: &$0)
    } operation: {
      let model = IndexedModel()
      withDependencies {
        setIndexed(1, 2, in: &$0)
        setIndexed(2, 3, in: &$0)
      } operation: {
        #expect((0..<3).map(readIndexed) == [1, 2, 3])
      }
      #expect((0..<3).map(readIndexed) == [1, -1, -1])
      return model
    }
    #expect(model.first == 1)
    #expect(model.second == -1)
  }

  /// A key set again in the same update replaces its value, and the scope does not keep the
  /// replaced value alive.
  @Test func aValueReplacedInTheUpdateGoes() {
    weak var replaced: CountedToken?
    withDependencies {
      let first = CountedToken()
      replaced = first
      $0[CountedTokenKey.self] = first
      setIndexed(0, 1, in: &$0)
      $0[CountedTokenKey.self] = CountedToken()
    } operation: {
      #expect(replaced == nil)
      @Dependency(CountedTokenKey.self) var token
      #expect(token != nil)
      #expect(readIndexed(0) == 1)
    }
  }

  /// A default computed from the scope's override while the update runs is kept by the scope:
  /// keys set after it leave it one instance for the scope.
  @Test func aDefaultReadDuringTheUpdateStaysTheScopesOneInstance() {
    var duringUpdate: IDStore?
    let (first, second) = withDependencies {
      $0.context = .live
      $0.requestID = 7
      duringUpdate = $0[IDStoreKey.self]
      setIndexed(0, 1, in: &$0)
      setIndexed(1, 2, in: &$0)
    } operation: {
      @Dependency(IDStoreKey.self) var store
      return (store, store)
    }
    #expect(first === second)
    #expect(first === duringUpdate)
    #expect(first.requestID == 7)
  }

  /// A nested scope that overrides the last key an update set still gets the update's instance of
  /// a default that read another of its keys, whichever scope reads it first.
  @Test(arguments: [true, false])
  func aNestedScopeOverridingTheLastKeySharesTheDefaultThatReadAnother(nestedFirst: Bool) {
    withDependencies {
      $0.context = .live
      $0.requestID = 7
      setIndexed(0, 1, in: &$0)
    } operation: {
      func inNested() -> IDStore {
        withDependencies {
          setIndexed(0, 2, in: &$0)
        } operation: {
          @Dependency(IDStoreKey.self) var store
          return store
        }
      }
      @Dependency(IDStoreKey.self) var store
      let (nested, outer) = nestedFirst ? (inNested(), store) : (store, inNested())
      #expect(nested === outer)
      #expect(outer.requestID == 7)
    }
  }

  /// A value that a nested scope replaces can keep what that scope made (a model that captured the
  /// nested scope's values) without a leak: the nested scope's values do not hold the replaced
  /// value.
  @Test func aValueANestedScopeReplacesCanHoldWhatThatScopeMade() {
    weak var replaced: ModelHolder?
    withDependencies {
      $0.requestID = 1
      let holder = ModelHolder()
      replaced = holder
      $0[ModelHolderKey.self] = holder
    } operation: {
      withDependencies {
        $0[ModelHolderKey.self] = ModelHolder()
      } operation: {
        replaced?.model.setValue(IndexedModel())
      }
    }
    #expect(replaced == nil)
  }

  /// Scopes of one to twelve keys, nested, read and left: every trie node and value reference is
  /// given back, and every value goes (the C core's live counters, in a process of their own).
  @Test func severalKeysPerUpdateLeaveNothingBehind() async {
    await #expect(processExitsWith: .success) {
      func run() {
        for round in 0..<200 {
          let count = 1 + round % 12
          withDependencies {
            $0[CountedTokenKey.self] = CountedToken()
            for index in 0..<count { setIndexed(index, round, in: &$0) }
          } operation: {
            withDependencies {
              setIndexed(count - 1, -round, in: &$0)
              setIndexed(11, round, in: &$0)
            } operation: {
              _ = (0..<12).map(readIndexed)
            }
          }
        }
      }
      run()  // anything computed once for the process is computed now
      let before = liveCounters()
      run()
      let after = liveCounters()
      if after != before || CountedToken.instances.value != 0 {
        FileHandle.standardError.write(
          Data(
            "before \(before), after \(after), tokens \(CountedToken.instances.value)\n".utf8))
        exit(EXIT_FAILURE)
      }
    }
  }
}
