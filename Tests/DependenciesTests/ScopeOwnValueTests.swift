import Dependencies
import Foundation
import Testing

// A scope that sets a key carries the value itself when it fits (one object per key set, not a
// scope and a box). Users see none of it: every value reads back whatever its size and alignment,
// lives exactly as long as what holds its scope, and a default that read it stays one instance
// where the trie holds the value's stand-in (a root it built afresh, a fold of a long chain).

/// Six words: the largest value a scope carries itself.
struct SixWords: Equatable, Sendable {
  var a = 1, b = 2, c = 3, d = 4, e = 5, f = 6
}

/// Seven words: one word too many, so the value gets a box of its own.
struct SevenWords: Equatable, Sendable {
  var a = 1, b = 2, c = 3, d = 4, e = 5, f = 6, g = 7
}

enum SixWordsKey: Dependency.Key {
  static var liveValue: SixWords { SixWords(a: 0) }
}
enum SevenWordsKey: Dependency.Key {
  static var liveValue: SevenWords { SevenWords(a: 0) }
}
/// Aligned to 16 bytes.
enum VectorKey: Dependency.Key {
  static var liveValue: SIMD4<Float> { .zero }
}
enum OwnStringKey: Dependency.Key {
  static var liveValue: String { "default" }
}
enum GreetingKey: Dependency.Key {
  static var liveValue: @Sendable (String) -> String { { "Hello, \($0)" } }
}
enum ExistentialKey: Dependency.Key {
  static var liveValue: any Sendable & CustomStringConvertible { 0 }
}

/// A class whose instances are counted: how long a value set in a scope lives.
final class ScopedObject: Sendable {
  static let instances = InstanceCount()
  let id: Int
  init(_ id: Int) {
    self.id = id
    Self.instances.add()
  }
  deinit { Self.instances.remove() }
}

enum ScopedObjectKey: Dependency.Key {
  static var liveValue: ScopedObject? { nil }
  static var testValue: ScopedObject? { nil }
}

/// A model holding the object its scope set.
final class ScopedObjectModel {
  @Dependency(ScopedObjectKey.self) var object
}

enum OwnValueRequestIDKey: Dependency.Key {
  static var liveValue: Int { 0 }
  static var testValue: Int { 0 }
}
enum OwnValueOuterKey: Dependency.Key {
  static var liveValue: Int { 0 }
  static var testValue: Int { 0 }
}

/// A store made from the request ID it reads: one instance for the scope that set the ID.
final class OwnValueStore: Sendable {
  let requestID: Int
  init(requestID: Int) { self.requestID = requestID }
}

enum OwnValueStoreKey: Dependency.Key {
  static var liveValue: OwnValueStore {
    @Dependency(OwnValueRequestIDKey.self) var requestID
    return OwnValueStore(requestID: requestID)
  }
  static var testValue: OwnValueStore { liveValue }
}

final class OwnValueStoreModel {
  @Dependency(OwnValueStoreKey.self) var store
}

@Suite struct ScopeOwnValueTests {
  @Test func valuesOfEverySizeAndAlignmentReadBack() {
    let vector = SIMD4<Float>(1, 2, 3, 4)
    let longString = String(repeating: "long enough to live on the heap ", count: 4)
    func expectSet(_ sixWords: SixWords, _ sevenWords: SevenWords, _ text: String) {
      @Dependency(SixWordsKey.self) var six
      @Dependency(SevenWordsKey.self) var seven
      @Dependency(VectorKey.self) var readVector
      @Dependency(OwnStringKey.self) var string
      @Dependency(GreetingKey.self) var greeting
      @Dependency(ExistentialKey.self) var existential
      #expect(six == sixWords)
      #expect(seven == sevenWords)
      #expect(readVector == vector)
      #expect(string == text)
      #expect(greeting("Blob") == "Hi, Blob")
      #expect(existential.description == "forty-two")
    }
    withDependencies {
      $0[SixWordsKey.self] = SixWords()
      $0[SevenWordsKey.self] = SevenWords()
      $0[VectorKey.self] = vector
      $0[OwnStringKey.self] = longString
      $0[GreetingKey.self] = { "Hi, \($0)" }
      $0[ExistentialKey.self] = "forty-two"
    } operation: {
      expectSet(SixWords(), SevenWords(), longString)
      // Nested scopes: the top key replaced, then a key set further out (a root the trie builds),
      // then enough new keys to fold the chain.
      withDependencies {
        $0[OwnStringKey.self] = "nested"
      } operation: {
        expectSet(SixWords(), SevenWords(), "nested")
        withDependencies {
          $0[SixWordsKey.self] = SixWords(f: 60)
          $0[SevenWordsKey.self] = SevenWords(g: 70)
        } operation: {
          expectSet(SixWords(f: 60), SevenWords(g: 70), "nested")
          withDependencies {
            for index in 0..<12 { setIndexed(index, index * 10, in: &$0) }
          } operation: {
            expectSet(SixWords(f: 60), SevenWords(g: 70), "nested")
            #expect((0..<12).map(readIndexed) == (0..<12).map { $0 * 10 })
          }
        }
      }
    }
  }

  @Test func aValueLivesExactlyAsLongAsWhatHoldsItsScope() {
    let before = ScopedObject.instances.value
    withDependencies {
      $0[ScopedObjectKey.self] = ScopedObject(1)
    } operation: {
      @Dependency(ScopedObjectKey.self) var object
      #expect(object?.id == 1)
      // Roots the trie builds from this one hold the value's stand-in, which holds the value.
      withDependencies {
        for index in 0..<12 { setIndexed(index, index, in: &$0) }
      } operation: {
        #expect(object?.id == 1)
      }
    }
    #expect(ScopedObject.instances.value == before)

    var model: ScopedObjectModel? = withDependencies {
      $0[ScopedObjectKey.self] = ScopedObject(2)
    } operation: {
      ScopedObjectModel()
    }
    #expect(model?.object?.id == 2)
    #expect(ScopedObject.instances.value == before + 1)
    model = nil
    #expect(ScopedObject.instances.value == before)
  }

  @Test func aModelsDefaultIsOneInstanceInScopesThatOverrideOuterKeysOrNestDeep() {
    withDependencies {
      $0[OwnValueOuterKey.self] = 1
    } operation: {
      withDependencies {
        $0[OwnValueRequestIDKey.self] = 7
      } operation: {
        let model = OwnValueStoreModel()
        let store = model.store
        #expect(store.requestID == 7)
        // A key set further out, overridden: the trie builds a root of its own.
        withDependencies {
          $0[OwnValueOuterKey.self] = 2
        } operation: {
          #expect(model.store === store)
        }
        // A chain longer than eight overlays: the deeper ones indexed, none folded.
        withDependencies {
          for index in 0..<12 { setIndexed(index, index, in: &$0) }
        } operation: {
          #expect(model.store === store)
        }
        #expect(model.store === store)
      }
    }
  }
}
