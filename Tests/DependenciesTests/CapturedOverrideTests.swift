import Dependencies
import Foundation
import Testing

// A default computed inside a scope with overrides that keeps those overrides — by creating a
// `@Dependency` property (a model) or escaping the scope's values — belongs to that scope, as a
// default that read them does: no other scope, no other request, ever gets it.

/// Greets the user of the request it was made in.
// @unchecked Sendable: the property wrapper is only read after initialisation.
final class Greeter: @unchecked Sendable {
  @Dependency(\.requestUser) var user
  func greet() -> String { "Hello, \(user)!" }
}

/// Reads nothing while it is computed: it only makes a model, whose `@Dependency` captures the
/// values of the scope that computed it.
enum GreeterKey: Dependency.Key {
  static var liveValue: Greeter { Greeter() }
}

/// Escapes the scope's values while it is computed, to use them later.
enum EscapingGreeterKey: Dependency.Key {
  static var liveValue: @Sendable () -> String {
    withEscapedDependencies { continuation in
      {
        continuation.yield {
          @Dependency(\.requestUser) var user
          return "Hi, \(user)!"
        }
      }
    }
  }
}

/// A stateful default derived from the request: counts the visits of one request.
// @unchecked Sendable: the property wrapper is only read after initialisation; `count` is locked.
final class VisitCounter: @unchecked Sendable {
  @Dependency(\.requestUser) var user
  private let count = LockIsolated(0)
  func visit() -> Int {
    count.withValue {
      $0 += 1
      return $0
    }
  }
}

/// A scope-derived default whose instances are counted, read only by the test of its release
/// (tests run in parallel: no other test makes one).
// @unchecked Sendable: the property wrapper is only read after initialisation.
final class CountedSession: @unchecked Sendable {
  @Dependency(\.requestUser) var user
  static let alive = LockIsolated(0)
  init() { Self.alive.withValue { $0 += 1 } }
  deinit { Self.alive.withValue { $0 -= 1 } }
}

enum CountedSessionKey: Dependency.Key {
  static var liveValue: CountedSession { CountedSession() }
}

enum VisitCounterKey: Dependency.Key {
  static var liveValue: VisitCounter { VisitCounter() }
}

/// Holds the request's visit counter, read while it is computed.
final class VisitLog: Sendable {
  let counter: VisitCounter
  init(counter: VisitCounter) { self.counter = counter }
}

enum VisitLogKey: Dependency.Key {
  static var liveValue: VisitLog {
    @Dependency(VisitCounterKey.self) var counter
    return VisitLog(counter: counter)
  }
}

/// Reads a dependency through a local `@Dependency` while it is computed, and keeps nothing of it.
final class Banner: Sendable {
  let text: String
  init(text: String) { self.text = text }
}

enum BannerKey: Dependency.Key {
  static var liveValue: Banner {
    @Dependency(\.context) var context
    return Banner(text: "running \(context)")
  }
}

/// Makes its model in a scope of its own, on top of the overrides it is computed with: the model
/// keeps a root built on them, not the computation's values themselves.
enum NestedScopeGreeterKey: Dependency.Key {
  static var liveValue: Greeter {
    withDependencies {
      $0.locale = Locale(identifier: "fr_FR")
    } operation: {
      Greeter()
    }
  }
}

/// A model made at launch in a scope of its own, whose values a default's computation merges
/// with its own through `withDependencies(from:)`. (Made on first use: the test that uses it makes
/// it first, outside any request, as an app would at launch.)
let launchModel = withDependencies {
  $0.locale = Locale(identifier: "de_DE")
} operation: {
  Greeter()
}

/// Makes its model from `launchModel`'s values merged with the overrides it is computed with.
enum MergedScopeGreeterKey: Dependency.Key {
  static var liveValue: Greeter {
    withDependencies(from: launchModel) {
      Greeter()
    }
  }
}

enum RequestUserKey: Dependency.Key {
  static let liveValue = "nobody"
}

extension DependencyValues {
  var requestUser: String {
    get { self[RequestUserKey.self] }
    set { self[RequestUserKey.self] = newValue }
  }
}

/// Runs `body` in the scope of a request of `user`.
func inRequest<R>(of user: String, _ body: () -> R) -> R {
  withDependencies {
    $0.requestUser = user
  } operation: {
    body()
  }
}

@Suite struct CapturedOverrideTests {
  @Test func aModelMadeByADefaultNeverCarriesOneRequestsOverridesIntoAnother() {
    isolated {
      withDependencies {
        $0 = .live
      } operation: {
        let first = inRequest(of: "Ada") {
          @Dependency(GreeterKey.self) var greeter
          return greeter.greet()
        }
        let second = inRequest(of: "Grace") {
          @Dependency(GreeterKey.self) var greeter
          return greeter.greet()
        }
        @Dependency(GreeterKey.self) var atRoot
        #expect(first == "Hello, Ada!")
        #expect(second == "Hello, Grace!")
        #expect(atRoot.greet() == "Hello, nobody!")
      }
    }
  }

  /// The model keeps a root built on the computation's overrides (a nested scope's): that keeps
  /// them as much as keeping the computation's own values does.
  @Test func aModelMadeInANestedScopeOfTheDefaultNeverCarriesOneRequestIntoAnother() {
    expectEachRequestGreetedAsItself {
      @Dependency(NestedScopeGreeterKey.self) var greeter
      return greeter.greet()
    }
  }

  /// The same with a root merged from the computation's overrides and a model's values.
  @Test func aModelMadeFromAMergeInTheDefaultNeverCarriesOneRequestIntoAnother() {
    #expect(launchModel.greet() == "Hello, nobody!")
    expectEachRequestGreetedAsItself {
      @Dependency(MergedScopeGreeterKey.self) var greeter
      return greeter.greet()
    }
  }

  private func expectEachRequestGreetedAsItself(
    _ greet: () -> String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    isolated {
      withDependencies {
        $0 = .live
      } operation: {
        #expect(inRequest(of: "Ada", greet) == "Hello, Ada!", sourceLocation: sourceLocation)
        #expect(inRequest(of: "Grace", greet) == "Hello, Grace!", sourceLocation: sourceLocation)
        #expect(greet() == "Hello, nobody!", sourceLocation: sourceLocation)
      }
    }
  }

  @Test func escapedValuesOfADefaultNeverReachAnotherRequest() {
    isolated {
      withDependencies {
        $0 = .live
      } operation: {
        let first = inRequest(of: "Ada") {
          @Dependency(EscapingGreeterKey.self) var greet
          return greet()
        }
        let second = inRequest(of: "Grace") {
          @Dependency(EscapingGreeterKey.self) var greet
          return greet()
        }
        #expect(first == "Hi, Ada!")
        #expect(second == "Hi, Grace!")
      }
    }
  }

  /// As a default computed at the root is shared by every read, a default computed from a scope's
  /// overrides is shared by every read in that scope's operation — and by nothing outside it.
  @Test func aScopeDerivedDefaultIsOneInstanceInItsOperation() {
    isolated {
      withDependencies {
        $0 = .live
      } operation: {
        let (first, second, visits) = withDependencies {
          $0.requestUser = "Ada"
        } operation: {
          @Dependency(VisitCounterKey.self) var counter
          @Dependency(VisitCounterKey.self) var again
          return (counter, again, [counter.visit(), again.visit(), counter.visit()])
        }
        #expect(first === second)
        #expect(visits == [1, 2, 3])
        // Another operation with the same override computes its own.
        let other = withDependencies {
          $0.requestUser = "Ada"
        } operation: {
          @Dependency(VisitCounterKey.self) var counter
          return counter
        }
        #expect(other !== first)
        @Dependency(VisitCounterKey.self) var atRoot
        #expect(atRoot !== first)
        #expect(atRoot.user == "nobody")
      }
    }
  }

  /// A default computed in the scope from another scope-derived default gets the instance the scope
  /// keeps, and is kept too.
  @Test func aDefaultBuiltFromTheScopesInstanceSharesIt() {
    isolated {
      withDependencies {
        $0 = .live
      } operation: {
        withDependencies {
          $0.requestUser = "Ada"
        } operation: {
          @Dependency(VisitCounterKey.self) var counter
          @Dependency(VisitLogKey.self) var log
          @Dependency(VisitLogKey.self) var again
          #expect(log.counter === counter)
          #expect(again === log)
        }
        @Dependency(VisitLogKey.self) var atRoot
        #expect(atRoot.counter.user == "nobody")
      }
    }
  }

  /// A `@Dependency` that lives only while the default is computed keeps nothing: the default is
  /// shared by every scope, as one computed at the root.
  @Test func aLocalDependencyOfTheComputationKeepsNothing() {
    isolated {
      withDependencies {
        $0 = .live
      } operation: {
        let inRequest = withDependencies {
          $0.requestUser = "Ada"
        } operation: {
          @Dependency(BannerKey.self) var banner
          return banner
        }
        @Dependency(BannerKey.self) var atRoot
        #expect(inRequest === atRoot)
        #expect(atRoot.text == "running live")
      }
    }
  }

  /// Tasks started in the operation share its scope's instance.
  @Test func childTasksOfTheOperationShareIt() async {
    await isolated {
      await withDependencies {
        $0 = .live
      } operation: {
        await withDependencies {
          $0.requestUser = "Ada"
        } operation: {
          @Dependency(VisitCounterKey.self) var counter
          let counted = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<10 {
              group.addTask {
                @Dependency(VisitCounterKey.self) var counter
                return counter.visit()
              }
            }
            return await group.reduce(into: []) { $0.append($1) }
          }
          #expect(counted.sorted() == Array(1...10))
          #expect(counter.visit() == 11)
        }
      }
    }
  }

  /// Another operation that runs in the same root while the first still runs — a model's values
  /// adopted unchanged by `withDependencies(from:)` in a detached task — neither closes the first
  /// operation's defaults nor is served them from another cache.
  @Test func anotherOperationInTheSameRootLeavesTheFirstOnesDefaults() async {
    await isolated {
      await withDependencies {
        $0 = .live
      } operation: {
        await withDependencies {
          $0.requestUser = "Ada"
        } operation: {
          @Dependency(VisitCounterKey.self) var counter
          let model = Greeter()
          #expect(counter.visit() == 1)
          let inDetachedTask = await Task.detached {
            withDependencies(from: model) {
              @Dependency(VisitCounterKey.self) var counter
              return counter
            }
          }.value
          #expect(inDetachedTask !== counter)
          #expect(inDetachedTask.user == "Ada")
          @Dependency(VisitCounterKey.self) var again
          #expect(again === counter)
          #expect(again.visit() == 2)
        }
      }
    }
  }

  /// Once the operation has returned, its scope keeps nothing: the instance (which holds the
  /// scope's values, the scope holding it) is released with the last reference to it.
  @Test func theScopeReleasesItsDefaultsWhenTheOperationReturns() {
    isolated {
      withDependencies {
        $0 = .live
      } operation: {
        weak var released: CountedSession?
        withDependencies {
          $0.requestUser = "Ada"
        } operation: {
          @Dependency(CountedSessionKey.self) var session
          released = session
          #expect(session.user == "Ada")
          #expect(CountedSession.alive.value == 1)
        }
        #expect(released == nil)
        #expect(CountedSession.alive.value == 0)
      }
    }
  }

  /// Many requests at once, each with its own user: each greets its own.
  @Test func concurrentRequestsEachGetTheirOwn() async {
    await isolated {
      await withDependencies {
        $0 = .live
      } operation: {
        await withTaskGroup(of: Void.self) { group in
          for request in 0..<300 {
            group.addTask {
              await withDependencies {
                $0.requestUser = "user \(request)"
              } operation: {
                await Task.yield()
                @Dependency(GreeterKey.self) var greeter
                @Dependency(VisitCounterKey.self) var counter
                #expect(greeter.greet() == "Hello, user \(request)!")
                #expect(counter.visit() == 1)
                #expect(counter.user == "user \(request)")
              }
            }
          }
        }
      }
    }
  }
}
