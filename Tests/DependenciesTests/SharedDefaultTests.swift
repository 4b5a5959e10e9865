import Dependencies
import Foundation
import Testing

// Rule 1 of defaults: a default whose computation read no override is computed once per cache
// (the process's, or a test's), whatever it starts or keeps, wherever it is first read. What it
// leaves behind — a task it starts, its `@Dependency` properties, values it escapes — sees the
// values a shared default sees everywhere: never the overrides of the scope it was first read in.

/// A background flusher, as servers start in a `liveValue`: reads nothing while it is made, starts
/// a task that reads the request's user once it is let go.
final class MetricsFlusher: Sendable {
  static let instances = InstanceCount()
  let release = Gate()
  let task: Task<String, Never>

  init() {
    Self.instances.add()
    let release = release
    task = Task {
      await release.wait()
      @Dependency(\.requestUser) var user
      return user
    }
  }

  deinit { Self.instances.remove() }
}

enum MetricsFlusherKey: Dependency.Key {
  static var liveValue: MetricsFlusher { MetricsFlusher() }
}

/// A live client, as servers hold one: a class with a `@Dependency` it reads on each call, and
/// nothing read while it is made.
// @unchecked Sendable: the property wrapper is only read after initialisation.
final class Greeter: @unchecked Sendable {
  @Dependency(\.requestUser) var user
  func greet() -> String { "Hello, \(user)!" }
}

enum GreeterKey: Dependency.Key {
  static var liveValue: Greeter { Greeter() }
}

/// The same client, its instances counted (by one test only: tests run in parallel).
// @unchecked Sendable: the property wrapper is only read after initialisation.
final class CountedClient: @unchecked Sendable {
  static let instances = InstanceCount()
  @Dependency(\.requestUser) var user
  init() { Self.instances.add() }
  deinit { Self.instances.remove() }
  func greet() -> String { "Hello, \(user)!" }
}

enum CountedClientKey: Dependency.Key {
  static var liveValue: CountedClient { CountedClient() }
}

/// Escapes its values while it is computed, to use them later.
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

/// Greets whoever reads it; a class of its own so that its tests count only their instances.
// @unchecked Sendable: the property wrapper is only read after initialisation.
final class NestedGreeter: @unchecked Sendable {
  @Dependency(\.requestUser) var user
  func greet() -> String { "Hello, \(user)!" }
}

/// Makes its model in a scope of its own, on top of the values it is computed in.
enum NestedScopeGreeterKey: Dependency.Key {
  static var liveValue: NestedGreeter {
    withDependencies {
      $0.locale = Locale(identifier: "fr_FR")
    } operation: {
      NestedGreeter()
    }
  }
}

/// A model made at launch in a scope of its own, whose values a default's computation merges
/// with its own through `withDependencies(from:)`. (Made on first use: the test that uses it makes
/// it first, outside any request, as an app would at launch.)
let launchModel = withDependencies {
  $0.locale = Locale(identifier: "de_DE")
} operation: {
  NestedGreeter()
}

enum MergedScopeGreeterKey: Dependency.Key {
  static var liveValue: NestedGreeter {
    withDependencies(from: launchModel) {
      NestedGreeter()
    }
  }
}

/// Reads the request's user while it is computed: shared only where that user is the cache's own.
final class Badge: Sendable {
  let user: String
  init(user: String) { self.user = user }
}

enum BadgeKey: Dependency.Key {
  static var liveValue: Badge {
    @Dependency(\.requestUser) var user
    return Badge(user: user)
  }
}

@Suite struct SharedDefaultTests {
  /// 200 request scopes, each overriding the user: one flusher, one task, and the task never sees
  /// a request's user.
  @Test func aDefaultThatStartsATaskIsOneInstanceForEveryRequest() async {
    let flusher = await live { () async -> MetricsFlusher in
      var flushers: [MetricsFlusher] = []
      for request in 0..<200 {
        flushers.append(
          inRequest(of: "user \(request)") {
            @Dependency(MetricsFlusherKey.self) var flusher
            return flusher
          })
      }
      @Dependency(MetricsFlusherKey.self) var atRoot
      #expect(flushers.allSatisfy { $0 === atRoot })
      #expect(MetricsFlusher.instances.value == 1)
      return atRoot
    }
    flusher.release.open()
    #expect(await flusher.task.value == "nobody")
  }

  /// 200 request scopes: one client; each call reads the scope it is made in.
  @Test func aLiveClientWithADependencyIsOneInstanceForEveryRequest() {
    live {
      var clients: [CountedClient] = []
      for request in 0..<200 {
        inRequest(of: "user \(request)") {
          @Dependency(CountedClientKey.self) var client
          clients.append(client)
          #expect(client.greet() == "Hello, user \(request)!")
        }
      }
      @Dependency(CountedClientKey.self) var atRoot
      #expect(clients.allSatisfy { $0 === atRoot })
      #expect(CountedClient.instances.value == 1)
      #expect(atRoot.greet() == "Hello, nobody!")
    }
  }

  /// Alice's request reads the client first; Bob's request, and code outside any request, never
  /// meet her.
  @Test func aliceNeverGreetsBob() {
    live {
      let alice = inRequest(of: "Alice") {
        @Dependency(GreeterKey.self) var greeter
        return greeter.greet()
      }
      let bob = inRequest(of: "Bob") {
        @Dependency(GreeterKey.self) var greeter
        return greeter.greet()
      }
      @Dependency(GreeterKey.self) var atRoot
      #expect(alice == "Hello, Alice!")
      #expect(bob == "Hello, Bob!")
      #expect(atRoot.greet() == "Hello, nobody!")
    }
  }

  /// Values escaped by the computation are the shared ones: no request's user reaches them.
  @Test func escapedValuesOfADefaultAreTheSharedValues() {
    live {
      let first = inRequest(of: "Ada") {
        @Dependency(EscapingGreeterKey.self) var greet
        return greet()
      }
      let second = inRequest(of: "Grace") {
        @Dependency(EscapingGreeterKey.self) var greet
        return greet()
      }
      #expect(first == "Hi, nobody!")
      #expect(second == "Hi, nobody!")
    }
  }

  /// A model the default makes in a scope of its own keeps that scope, never the request's.
  @Test func aModelMadeInANestedScopeOfTheDefaultNeverCarriesARequest() {
    expectEachRequestGreetedAsItself {
      @Dependency(NestedScopeGreeterKey.self) var greeter
      return greeter.greet()
    }
  }

  /// The same with a scope merged from a model's values.
  @Test func aModelMadeFromAMergeInTheDefaultNeverCarriesARequest() {
    #expect(launchModel.greet() == "Hello, nobody!")
    expectEachRequestGreetedAsItself {
      @Dependency(MergedScopeGreeterKey.self) var greeter
      return greeter.greet()
    }
  }

  private func expectEachRequestGreetedAsItself(
    _ greet: () -> String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    live {
      #expect(inRequest(of: "Ada", greet) == "Hello, Ada!", sourceLocation: sourceLocation)
      #expect(inRequest(of: "Grace", greet) == "Hello, Grace!", sourceLocation: sourceLocation)
      #expect(greet() == "Hello, nobody!", sourceLocation: sourceLocation)
    }
  }

  /// A `@Dependency` that lives only while the default is computed keeps nothing.
  @Test func aLocalDependencyOfTheComputationKeepsNothing() {
    live {
      let inRequest = inRequest(of: "Ada") {
        @Dependency(BannerKey.self) var banner
        return banner
      }
      @Dependency(BannerKey.self) var atRoot
      #expect(inRequest === atRoot)
      #expect(atRoot.text == "running live")
    }
  }

  /// A default that reads only the overrides its cache started with (a test's) is that cache's:
  /// shared by the scopes that keep them; a scope that overrides them has its own.
  @Test func aDefaultReadingOnlyTheCachesOwnOverridesIsShared() {
    isolated {
      withDependencies {
        $0 = .live
        $0.requestUser = "the test's user"
      } operation: {
        let inRequest = inRequest(of: "Ada") {
          @Dependency(BadgeKey.self) var badge
          return badge
        }
        #expect(inRequest.user == "Ada")
        let inScopes = (0..<20).map { _ in
          withDependencies {
            $0.locale = Locale(identifier: "it_IT")
          } operation: {
            @Dependency(BadgeKey.self) var badge
            return badge
          }
        }
        @Dependency(BadgeKey.self) var atTop
        #expect(inScopes.allSatisfy { $0 === atTop })
        #expect(atTop.user == "the test's user")
        #expect(atTop !== inRequest)
      }
    }
  }

  /// Many requests at once, each with its own user: each greets its own with the one client.
  @Test func concurrentRequestsShareTheClientAndGreetTheirOwn() async {
    await live {
      @Dependency(GreeterKey.self) var client
      let atRoot = client
      await withTaskGroup(of: Void.self) { group in
        for request in 0..<300 {
          group.addTask {
            await inRequest(of: "user \(request)") {
              await Task.yield()
              @Dependency(GreeterKey.self) var greeter
              #expect(greeter === atRoot)
              #expect(greeter.greet() == "Hello, user \(request)!")
            }
          }
        }
      }
    }
  }
}
