import Dependencies
import Foundation
import Testing

// Rule 2 of defaults: a default whose computation read a scope's override is one instance for that
// scope — every read in the scope, in scopes nested in it that override nothing it read, in its
// child tasks, and through every model or value that captured the scope — for as long as any of
// them lives; then it is released (and shut down, if shutdownable). No other scope ever gets it.
// Rule 3: never a new instance per read of an unchanged default.

/// A request's store, as a server keeps one per request: made from the request ID it reads.
final class RequestStore: Sendable {
  static let instances = InstanceCount()
  let requestID: Int
  private let items = LockIsolated<[String]>([])
  init(requestID: Int) {
    self.requestID = requestID
    Self.instances.add()
  }
  deinit { Self.instances.remove() }
  func add(_ item: String) { items.withValue { $0.append(item) } }
  var contents: [String] { items.value }
}

enum RequestStoreKey: Dependency.Key {
  static var liveValue: RequestStore {
    @Dependency(\.requestID) var requestID
    return RequestStore(requestID: requestID)
  }
}

/// A request's model, made in its scope, that outlives it.
// @unchecked Sendable: the property wrapper is only read after initialisation.
final class RequestModel: @unchecked Sendable {
  @Dependency(RequestStoreKey.self) var store
}

/// Counts the visits of one request: made from the user it reads.
final class VisitCounter: Sendable {
  let user: String
  private let count = LockIsolated(0)
  init(user: String) { self.user = user }
  func visit() -> Int {
    count.withValue {
      $0 += 1
      return $0
    }
  }
}

enum VisitCounterKey: Dependency.Key {
  static var liveValue: VisitCounter {
    @Dependency(\.requestUser) var user
    return VisitCounter(user: user)
  }
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

/// A session that reads the user, counted by the release test only.
final class CountedSession: Sendable {
  static let instances = InstanceCount()
  let user: String
  init(user: String) {
    self.user = user
    Self.instances.add()
  }
  deinit { Self.instances.remove() }
}

enum CountedSessionKey: Dependency.Key {
  static var liveValue: CountedSession {
    @Dependency(\.requestUser) var user
    return CountedSession(user: user)
  }
}

/// A connection per request, shut down when its request's scope is released.
final class RequestConnection: ShutdownableDependency {
  static let closed = LockIsolated<[String]>([])
  let user: String
  init(user: String) { self.user = user }
  func shutdown() async throws { Self.closed.withValue { $0.append(user) } }
}

enum RequestConnectionKey: Dependency.Key {
  static var liveValue: RequestConnection {
    @Dependency(\.requestUser) var user
    return RequestConnection(user: user)
  }
}

/// Reads both the request's user and the locale: made from a model of one scope read in another.
final class LocalizedGreeting: Sendable {
  let text: String
  init(text: String) { self.text = text }
}

enum LocalizedGreetingKey: Dependency.Key {
  static var liveValue: LocalizedGreeting {
    @Dependency(\.requestUser) var user
    @Dependency(\.locale) var locale
    return LocalizedGreeting(text: "\(locale.identifier): \(user)")
  }
}

// @unchecked Sendable: the property wrapper is only read after initialisation.
final class LocalizedModel: @unchecked Sendable {
  @Dependency(LocalizedGreetingKey.self) var greeting
}

/// A client that declares a dependency it reads later, inside its closure (as the classic
/// library's own tests do): read through a model, it serves the model's override.
struct ChildClient: Sendable {
  var value: @Sendable () -> Int
}

enum ChildClientKey: Dependency.Key {
  static let liveValue = ChildClient { 1729 }
}

struct ParentClient: Sendable {
  var value: @Sendable () -> Int
}

enum ParentClientKey: Dependency.Key {
  static var liveValue: ParentClient {
    @Dependency(ChildClientKey.self) var child
    return ParentClient { child.value() }
  }
}

/// Starts a task that reads the user once let go: what its task sees tells whose values it has.
final class UserWatcher: Sendable {
  let release = Gate()
  let task: Task<String, Never>
  init() {
    let release = release
    task = Task {
      await release.wait()
      @Dependency(\.requestUser) var user
      return user
    }
  }
}

enum UserWatcherKey: Dependency.Key {
  static var liveValue: UserWatcher { UserWatcher() }
}

@Suite struct ScopeKeptDefaultTests {
  /// Read through a model outside the model's scope, a default is computed in the model's scope:
  /// what it captures sees the model's overrides (as in the classic library), and the model's scope
  /// keeps it, so they reach nothing else.
  @Test func aReadThroughAModelOutsideItsScopeIsAReadInTheModelsScope() {
    live {
      struct Model {
        @Dependency(ParentClientKey.self) var parent
        @Dependency(ChildClientKey.self) var child
      }
      let model = withDependencies {
        $0[ChildClientKey.self] = ChildClient { 1 }
      } operation: {
        Model()
      }
      #expect(model.parent.value() == 1)
      #expect(model.child.value() == 1)
      withDependencies {
        $0[ChildClientKey.self] = ChildClient { 42 }
      } operation: {
        #expect(model.parent.value() == 42)
        #expect(model.child.value() == 42)
      }
      @Dependency(ParentClientKey.self) var atRoot
      #expect(atRoot.value() == 1729)
    }
  }

  /// The same for a default that starts a task: the model's instance sees the model's values, the
  /// root's sees the root's, and neither is the other.
  @Test func aTaskStartedForAModelSeesTheModelsValuesOnly() async {
    let (forModel, atRoot) = live { () -> (UserWatcher, UserWatcher) in
      // @unchecked Sendable: the property wrapper is only read after initialisation.
      final class Model: @unchecked Sendable {
        @Dependency(UserWatcherKey.self) var watcher
      }
      let model = inRequest(of: "Ada") { Model() }
      let forModel = model.watcher
      #expect(model.watcher === forModel)
      @Dependency(UserWatcherKey.self) var atRoot
      #expect(atRoot !== forModel)
      return (forModel, atRoot)
    }
    forModel.release.open()
    atRoot.release.open()
    #expect(await forModel.task.value == "Ada")
    #expect(await atRoot.task.value == "nobody")
  }

  /// A model that outlives its scope reads one store, and what it writes there is kept.
  /// What a default computed through a model's scope leaves behind (a task still running) does
  /// not hold that scope: the default is released with the model.
  @Test func aModelsDefaultIsReleasedWithTheModelWhileItsTaskRuns() async {
    let gate = live { () -> Gate in
      // @unchecked Sendable: the property wrapper is only read after initialisation.
      final class Model: @unchecked Sendable {
        @Dependency(UserWatcherKey.self) var watcher
      }
      var model: Model? = inRequest(of: "Ada") { Model() }
      weak let watcher = model?.watcher
      let gate = watcher?.release
      #expect(watcher != nil)
      model = nil
      #expect(watcher == nil)
      return gate ?? Gate()
    }
    gate.open()
  }

  @Test func aModelOutlivingItsScopeReadsOneStore() {
    live {
      let model = withDependencies {
        $0.requestID = 7
      } operation: {
        RequestModel()
      }
      let first = model.store
      #expect(model.store === model.store)
      model.store.add("apple")
      model.store.add("pear")
      #expect(model.store.contents == ["apple", "pear"])
      #expect(model.store.requestID == 7)
      #expect(model.store === first)
      #expect(RequestStore.instances.value == 1)
      @Dependency(RequestStoreKey.self) var atRoot
      #expect(atRoot !== first)
      #expect(atRoot.requestID == -1)
    }
  }

  @Test func readsInTheScopeShareIt() {
    live {
      inRequest(of: "Ada") {
        @Dependency(VisitCounterKey.self) var first
        @Dependency(VisitCounterKey.self) var second
        #expect(first === second)
        let visits: [Int] = [first.visit(), second.visit(), first.visit()]
        #expect(visits == [1, 2, 3])
        #expect(first.user == "Ada")
      }
    }
  }

  /// A scope nested in the request that overrides nothing the default read shares the request's;
  /// one that overrides what it read gets its own.
  @Test func nestedScopesShareItUnlessTheyOverrideWhatItRead() {
    live {
      inRequest(of: "Ada") {
        @Dependency(VisitCounterKey.self) var counter
        let inNested = withDependencies {
          $0.locale = Locale(identifier: "fr_FR")
        } operation: {
          @Dependency(VisitCounterKey.self) var counter
          return counter
        }
        #expect(inNested === counter)
        let readFirstInNested = withDependencies {
          $0.locale = Locale(identifier: "fr_FR")
        } operation: {
          @Dependency(BadgeKey.self) var badge
          return badge
        }
        @Dependency(BadgeKey.self) var badge
        #expect(readFirstInNested === badge)
        #expect(badge.user == "Ada")
        let overridden = inRequest(of: "Grace") {
          @Dependency(VisitCounterKey.self) var counter
          return counter
        }
        #expect(overridden !== counter)
        #expect(overridden.user == "Grace")
      }
    }
  }

  @Test func childTasksOfTheScopeShareIt() async {
    await live {
      await inRequest(of: "Ada") {
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

  /// Two requests with the same user are two scopes: each gets its own, and neither reaches the
  /// root.
  @Test func anotherScopeGetsItsOwn() {
    live {
      let first = inRequest(of: "Ada") {
        @Dependency(VisitCounterKey.self) var counter
        return counter
      }
      let second = inRequest(of: "Ada") {
        @Dependency(VisitCounterKey.self) var counter
        return counter
      }
      @Dependency(VisitCounterKey.self) var atRoot
      #expect(first !== second)
      #expect(atRoot !== first)
      #expect(atRoot.user == "nobody")
    }
  }

  /// A default computed in the scope from another scope-kept default gets the instance the scope
  /// keeps, and is kept too.
  @Test func aDefaultBuiltFromTheScopesInstanceSharesIt() {
    live {
      inRequest(of: "Ada") {
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

  /// As in the classic library: once the root value is cached, every scope reads it, including one
  /// that overrides what it was computed from.
  @Test func aValueCachedAtTheRootIsServedInEveryScope() {
    live {
      @Dependency(VisitCounterKey.self) var atRoot
      #expect(atRoot.user == "nobody")
      inRequest(of: "Ada") {
        @Dependency(VisitCounterKey.self) var inRequest
        #expect(inRequest === atRoot)
      }
    }
  }

  /// Released with the last thing that holds the scope: at once when nothing outlives the
  /// operation, with the model that captured it otherwise.
  @Test func theScopeReleasesItsDefaultsWithTheLastHolder() {
    live {
      weak var released: CountedSession?
      inRequest(of: "Ada") {
        @Dependency(CountedSessionKey.self) var session
        released = session
        #expect(session.user == "Ada")
        #expect(CountedSession.instances.value == 1)
      }
      #expect(released == nil)
      #expect(CountedSession.instances.value == 0)

      final class SessionModel: @unchecked Sendable {
        @Dependency(CountedSessionKey.self) var session
      }
      var model: SessionModel? = inRequest(of: "Grace") { SessionModel() }
      released = model?.session
      #expect(released?.user == "Grace")
      #expect(released === model?.session)
      #expect(CountedSession.instances.value == 1)
      model = nil
      #expect(released == nil)
      #expect(CountedSession.instances.value == 0)
    }
  }

  /// 200 request scopes each keep their own, and release it when they end.
  @Test func requestScopesKeepNothingOnceTheyEnd() {
    live {
      for request in 0..<200 {
        inRequest(of: "user \(request)") {
          @Dependency(RequestConnectionKey.self) var connection
          #expect(connection.user == "user \(request)")
        }
      }
    }
  }

  /// A shutdownable default a scope kept is shut down when the scope is released.
  @Test func aReleasedScopeShutsItsDefaultsDown() async {
    await live {
      inRequest(of: "shut-down-test") {
        @Dependency(RequestConnectionKey.self) var connection
        #expect(connection.user == "shut-down-test")
      }
      #expect(await eventually { RequestConnection.closed.value.contains("shut-down-test") })
    }
  }

  /// Work that runs later with a model's values runs in the model's scope.
  @Test func withDependenciesFromAModelRunsInItsScope() async {
    await live {
      let (model, counter) = inRequest(of: "Ada") {
        @Dependency(VisitCounterKey.self) var counter
        #expect(counter.visit() == 1)
        return (Greeter(), counter)
      }
      let later = await Task {
        await Task.yield()
        return withDependencies(from: model) {
          @Dependency(VisitCounterKey.self) var counter
          return counter
        }
      }.value
      #expect(later === counter)
      #expect(later.visit() == 2)
    }
  }

  /// A model of one scope read in another, whose default read both: kept for the pair, one
  /// instance per read scope.
  @Test func aModelReadInAnotherScopeGetsOneInstanceThere() {
    live {
      let model = withDependencies {
        $0.locale = Locale(identifier: "de_DE")
      } operation: {
        LocalizedModel()
      }
      let (first, second) = inRequest(of: "Ada") { (model.greeting, model.greeting) }
      #expect(first === second)
      #expect(first.text == "de_DE: Ada")
      let other = inRequest(of: "Grace") { model.greeting }
      #expect(other !== first)
      #expect(other.text == "de_DE: Grace")
      #expect(model.greeting.text == "de_DE: nobody")
      #expect(model.greeting === model.greeting)
    }
  }

  /// Alice's scope-kept default never greets Bob, however many requests run at once.
  @Test func concurrentRequestsEachGetTheirOwn() async {
    await live {
      await withTaskGroup(of: Void.self) { group in
        for request in 0..<300 {
          group.addTask {
            await inRequest(of: "user \(request)") {
              await Task.yield()
              @Dependency(VisitCounterKey.self) var counter
              #expect(counter.visit() == 1)
              #expect(counter.user == "user \(request)")
              @Dependency(VisitCounterKey.self) var again
              #expect(again === counter)
            }
          }
        }
      }
      @Dependency(VisitCounterKey.self) var atRoot
      #expect(atRoot.user == "nobody")
    }
  }

  /// A default that reads a scope-kept default is kept by the scope too.
  @Test func aDefaultReadingAScopeKeptDefaultIsKeptToo() {
    live {
      let inRequest = inRequest(of: "Ada") {
        @Dependency(VisitLogKey.self) var log
        return log.counter.user
      }
      #expect(inRequest == "Ada")
      @Dependency(VisitLogKey.self) var atRoot
      #expect(atRoot.counter.user == "nobody")
    }
  }
}
