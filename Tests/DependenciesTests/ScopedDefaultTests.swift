import Dependencies
import Foundation
import Testing

// A default whose computation reads a value overridden in the reader's scope belongs to that scope:
// it never reaches the shared cache, so one request's override never leaks into what another
// request reads.

/// Reads the request ID while its default is computed.
enum DerivedKey: Dependency.Key {
  static var liveValue: Derived {
    @Dependency(\.requestID) var id
    return Derived(text: "derived-from-\(id)")
  }
}

/// Reads `DerivedKey` while its own default is computed: scoped through it.
enum OuterDerivedKey: Dependency.Key {
  static var liveValue: Derived {
    @Dependency(DerivedKey.self) var derived
    return Derived(text: "outer(\(derived.text))")
  }
}

/// Reads nothing: shared by every scope.
enum IndependentKey: Dependency.Key {
  static var liveValue: Derived { Derived(text: "independent") }
}

/// A reference type, so that tests can tell one computed value from another.
final class Derived: Sendable {
  let text: String
  init(text: String) { self.text = text }
}

@Suite struct ScopedDefaultTests {
  @Test func aDefaultDerivedFromAScopesOverrideStaysInThatScope() {
    isolated {
      let inRequest = withDependencies {
        $0.requestID = 42
      } operation: {
        @Dependency(DerivedKey.self) var derived
        return derived.text
      }
      #expect(inRequest == "derived-from-42")
      @Dependency(DerivedKey.self) var later
      #expect(later.text == "derived-from--1")
    }
  }

  /// Kept for the scope's operation: every read in it shares one value, as every read at the root
  /// shares the root's.
  @Test func readsInTheScopeShareIt() {
    isolated {
      withDependencies {
        $0.requestID = 7
      } operation: {
        @Dependency(DerivedKey.self) var first
        @Dependency(DerivedKey.self) var second
        #expect(first === second)
        #expect(first.text == "derived-from-7")
      }
    }
  }

  @Test func aDefaultReadingAScopedDefaultIsScopedToo() {
    isolated {
      let inRequest = withDependencies {
        $0.requestID = 3
      } operation: {
        @Dependency(OuterDerivedKey.self) var outer
        return outer.text
      }
      #expect(inRequest == "outer(derived-from-3)")
      @Dependency(OuterDerivedKey.self) var atRoot
      #expect(atRoot.text == "outer(derived-from--1)")
    }
  }

  @Test func aDefaultThatReadsNoOverrideIsSharedByEveryScope() {
    isolated {
      let inRequest = withDependencies {
        $0.requestID = 1
      } operation: {
        @Dependency(IndependentKey.self) var value
        return value
      }
      @Dependency(IndependentKey.self) var atRoot
      #expect(inRequest === atRoot)
    }
  }

  /// As in the classic library: once the root value is cached, every scope reads it, including one
  /// that overrides what it was computed from.
  @Test func aValueCachedAtTheRootIsServedInEveryScope() {
    isolated {
      @Dependency(DerivedKey.self) var atRoot
      #expect(atRoot.text == "derived-from--1")
      withDependencies {
        $0.requestID = 9
      } operation: {
        @Dependency(DerivedKey.self) var inRequest
        #expect(inRequest === atRoot)
      }
    }
  }

  @Test func aModelsCapturedOverrideScopesItsDefaults() {
    isolated {
      final class Model {
        @Dependency(DerivedKey.self) var derived
      }
      let model = withDependencies {
        $0.requestID = 5
      } operation: {
        Model()
      }
      #expect(model.derived.text == "derived-from-5")
      @Dependency(DerivedKey.self) var atRoot
      #expect(atRoot.text == "derived-from--1")
    }
  }

  @Test func concurrentRequestsNeverSeeEachOthersDerivedValues() async {
    await isolated {
      await withTaskGroup(of: (Int, String).self) { group in
        for request in 0..<500 {
          group.addTask {
            await withDependencies {
              $0.requestID = request
            } operation: {
              await Task.yield()
              @Dependency(DerivedKey.self) var derived
              return (request, derived.text)
            }
          }
        }
        for await (request, text) in group {
          #expect(text == "derived-from-\(request)")
        }
      }
      @Dependency(DerivedKey.self) var atRoot
      #expect(atRoot.text == "derived-from--1")
    }
  }
}
