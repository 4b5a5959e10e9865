import Dependencies
import Testing

// Defaults behind deep nests of scopes, as layered middleware makes them: every layer overrides a
// key of its own, so that a request's scope sits twenty scopes deep (deep enough that the roots of
// the inner ones are indexed, see `dck_trie_overlay.c`). A default first read in a request is
// computed once for all requests when it reads no override, as in the classic library, and once
// per request when it reads the request's (kept by the request's scope, see MigratingFromClassic),
// and a model that outlived its request reads the same instances.

// The counted types are this test's own: a suite running beside it counts instances of its own
// types (ScopeKeptDefaultTests' CountedSession), so that no count sees another test's.

/// A client that reads nothing while it is computed: one for the process.
final class LayeredClient: Sendable {
  static let instances = InstanceCount()
  init() { Self.instances.add() }
  deinit { Self.instances.remove() }
}

enum LayeredClientKey: Dependency.Key {
  static var liveValue: LayeredClient { LayeredClient() }
}

/// A session that reads the request's user while it is computed: one per request.
final class LayeredSession: Sendable {
  static let instances = InstanceCount()
  let user: String
  init(user: String) {
    self.user = user
    Self.instances.add()
  }
  deinit { Self.instances.remove() }
}

enum LayeredSessionKey: Dependency.Key {
  static var liveValue: LayeredSession {
    @Dependency(\.requestUser) var user
    return LayeredSession(user: user)
  }
}

/// What a request hands on: a model, which outlives the request.
final class LayeredModel: @unchecked Sendable {
  // @unchecked Sendable: the property wrappers are only read after initialisation.
  @Dependency(LayeredClientKey.self) var client
  @Dependency(LayeredSessionKey.self) var session
}

/// The depth of a middleware layer, as a type: each layer's key is `LayerKey<Its depth>`.
enum Outermost {}
enum Inside<Layer> {}

enum LayerKey<Depth>: Dependency.Key {
  static var liveValue: Int { 0 }
}

/// Runs `body` inside `layers` nested scopes, each overriding a key of its own, the outermost
/// `LayerKey<Depth>`.
private func behindMiddleware<Depth, R>(_: Depth.Type, layers: Int, _ body: () -> R) -> R {
  guard layers > 0 else { return body() }
  return withDependencies {
    $0[LayerKey<Depth>.self] = layers
  } operation: {
    behindMiddleware(Inside<Depth>.self, layers: layers - 1, body)
  }
}

@Suite struct DeepMiddlewareDefaultTests {
  @Test func aDefaultIsComputedOncePerProcessOrPerRequestAsItReads() {
    live {
      var models: [LayeredModel] = []
      for request in 0..<200 {
        let model = behindMiddleware(Outermost.self, layers: 20) {
          inRequest(of: "user \(request)") {
            let model = LayeredModel()
            _ = model.client
            #expect(model.session.user == "user \(request)")
            #expect(model.session === model.session)
            return model
          }
        }
        models.append(model)
      }
      @Dependency(LayeredClientKey.self) var atRoot
      // One client for every request and for the root; one session per request, the same for the
      // request's model long after the request ended.
      #expect(models.allSatisfy { $0.client === atRoot })
      #expect(LayeredClient.instances.value == 1)
      #expect(LayeredSession.instances.value == 200)
      for (request, model) in models.enumerated() {
        #expect(model.session.user == "user \(request)")
        #expect(model.session === model.session)
      }
      models.removeAll()
      #expect(LayeredSession.instances.value == 0)
    }
  }
}
