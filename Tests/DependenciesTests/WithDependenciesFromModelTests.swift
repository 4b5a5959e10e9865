import Dependencies
import Testing

// `withDependencies(from:)` finds the values a model was created with in every `@Dependency`
// property of its class and its superclasses: the class's own in declaration order, then its
// superclass's, each distinct capture laid over the ones before it; a model that reflects itself
// (`CustomReflectable`) says in its mirror which properties it has.

/// A model whose second property was created in a scope of its own.
final class TwoScopeModel {
  @Dependency(\.requestID) var requestID
  @Dependency(\.chain) var chain

  init(chainIn update: (inout DependencyValues) -> Void) {
    _chain = withDependencies(update) { Dependency(\.chain) }
  }
}

/// A base model and a subclass adding a property, each created in a scope of its own.
class BaseCaptureModel {
  @Dependency(\.requestID) var baseRequestID

  init(baseIn update: (inout DependencyValues) -> Void) {
    _baseRequestID = withDependencies(update) { Dependency(\.requestID) }
  }
}

final class SubCaptureModel: BaseCaptureModel {
  @Dependency(\.chain) var chain

  init(ownIn own: (inout DependencyValues) -> Void, baseIn base: (inout DependencyValues) -> Void) {
    super.init(baseIn: base)
    _chain = withDependencies(own) { Dependency(\.chain) }
  }
}

/// A generic model: its properties sit where the type argument puts them.
final class GenericCaptureModel<Payload> {
  var payload: Payload
  @Dependency(\.requestID) var requestID

  init(_ payload: Payload) { self.payload = payload }
}

/// A model that reflects itself: its mirror shows only the property it names.
final class SelfReflectingModel: CustomReflectable {
  @Dependency(\.requestID) var shown
  @Dependency(\.chain) var hidden

  init(hiddenIn update: (inout DependencyValues) -> Void) {
    _hidden = withDependencies(update) { Dependency(\.chain) }
  }

  var customMirror: Mirror { Mirror(self, children: ["shown": _shown]) }
}

/// The values `withDependencies(from: model)` runs its operation with.
private func values<Model: AnyObject>(from model: Model) -> (requestID: Int, chain: String) {
  withDependencies(from: model) {
    @Dependency(\.requestID) var requestID
    @Dependency(\.chain) var chain
    return (requestID, chain)
  }
}

@Suite struct WithDependenciesFromModelTests {
  @Test func everyPropertysCaptureCountsTheLaterWinning() {
    isolated {
      let model = withDependencies {
        $0.requestID = 1
        $0.chain = "model"
      } operation: {
        TwoScopeModel { $0.chain = "property" }
      }
      // The second property's scope was entered inside the model's: it holds both overrides.
      #expect(values(from: model) == (1, "property"))

      let separate = withDependencies {
        $0.requestID = 2
      } operation: {
        TwoScopeModel {
          $0 = DependencyValues()
          $0.chain = "own scope"
        }
      }
      // Captures of unrelated scopes: the first property's override, and the second's.
      #expect(separate.requestID == 2)
      #expect(values(from: separate) == (2, "own scope"))
    }
  }

  @Test func aSubclasssPropertiesComeBeforeItsSuperclasss() {
    isolated {
      let model = SubCaptureModel(
        ownIn: {
          $0.requestID = 1
          $0.chain = "subclass"
        },
        baseIn: { $0.requestID = 2 })
      // The superclass's property comes later: its override of requestID wins.
      #expect(values(from: model) == (2, "subclass"))
    }
  }

  @Test func aGenericModelsPropertyIsFound() {
    isolated {
      let small = withDependencies {
        $0.requestID = 3
      } operation: {
        GenericCaptureModel(1)
      }
      let large = withDependencies {
        $0.requestID = 4
      } operation: {
        GenericCaptureModel((1, 2, 3, 4, 5, "padding"))
      }
      #expect(values(from: small).requestID == 3)
      #expect(values(from: large).requestID == 4)
    }
  }

  @Test func aModelThatReflectsItselfIsReadThroughItsMirror() {
    isolated {
      let model = withDependencies {
        $0.requestID = 5
      } operation: {
        SelfReflectingModel { $0.chain = "hidden" }
      }
      // The hidden property's capture is not in the mirror: its override does not count.
      #expect(model.hidden == "hidden")
      #expect(values(from: model) == (5, "test"))
    }
  }

  @Test func theCurrentScopeStillWins() {
    isolated {
      let model = withDependencies {
        $0.requestID = 6
        $0.chain = "model"
      } operation: {
        TwoScopeModel { $0.chain = "property" }
      }
      withDependencies {
        $0.chain = "current"
      } operation: {
        #expect(values(from: model) == (6, "current"))
      }
    }
  }
}
