import Dependencies
import Testing

/// A model as app code writes it: it reads dependencies through `@Dependency` properties.
final class FeatureModel {
  @Dependency(\.requestID) var requestID
  @Dependency(\.chain) var chain

  func child() -> ChildModel {
    withDependencies(from: self) { ChildModel() }
  }
}

final class ChildModel {
  @Dependency(\.requestID) var requestID
  @Dependency(\.chain) var chain
}

@Suite struct DependencyCaptureTests {
  @Test func modelKeepsTheOverridesOfTheScopeItWasCreatedIn() {
    isolated {
      let model = withDependencies {
        $0.requestID = 42
      } operation: {
        FeatureModel()
      }
      #expect(model.requestID == 42)
      #expect(model.chain == "test")
    }
  }

  @Test func currentOverrideWinsOverCapturedValue() {
    isolated {
      let model = withDependencies {
        $0.requestID = 1
      } operation: {
        FeatureModel()
      }
      withDependencies {
        $0.requestID = 2
      } operation: {
        #expect(model.requestID == 2)
      }
      #expect(model.requestID == 1)
    }
  }

  @Test func capturedValueFillsInWhatTheCurrentScopeDoesNotOverride() {
    isolated {
      let model = withDependencies {
        $0.requestID = 1
      } operation: {
        FeatureModel()
      }
      withDependencies {
        $0.chain = "current"
      } operation: {
        #expect(model.requestID == 1)
        #expect(model.chain == "current")
      }
    }
  }

  @Test func withDependenciesFromPassesTheParentsValuesToTheChild() {
    isolated {
      let parent = withDependencies {
        $0.requestID = 7
        $0.chain = "parent"
      } operation: {
        FeatureModel()
      }
      let child = parent.child()
      #expect(child.requestID == 7)
      #expect(child.chain == "parent")
    }
  }

  @Test func withDependenciesFromAppliesTheUpdateOnTop() {
    isolated {
      let parent = withDependencies {
        $0.requestID = 7
      } operation: {
        FeatureModel()
      }
      let child = withDependencies(from: parent) {
        $0.chain = "updated"
      } operation: {
        ChildModel()
      }
      #expect(child.requestID == 7)
      #expect(child.chain == "updated")
    }
  }

  @Test func withDependenciesFromAsync() async {
    let parent = withDependencies {
      $0.requestID = 8
    } operation: {
      FeatureModel()
    }
    let value = await withDependencies(from: parent) { () async -> Int in
      await Task.yield()
      @Dependency(\.requestID) var requestID
      return requestID
    }
    #expect(value == 8)
  }

  @Test func capturedContextIsKept() {
    let model = withDependencies {
      $0.context = .preview
    } operation: {
      FeatureModel()
    }
    #expect(model.chain == "preview")
  }
}

@Suite struct ContinuationTests {
  @Test func continuationCarriesTheScopeIntoEscapingWork() async {
    let continuation = withDependencies {
      $0.requestID = 11
    } operation: {
      withEscapedDependencies { $0 }
    }
    // The scope has ended.
    @Dependency(\.requestID) var requestID
    #expect(requestID == -1)
    continuation.yield {
      #expect(requestID == 11)
    }
    let fromDetached = await Task.detached {
      continuation.yield {
        @Dependency(\.requestID) var requestID
        return requestID
      }
    }.value
    #expect(fromDetached == 11)
  }

  @Test func asyncYield() async {
    let continuation: Dependency<Int>.Continuation = withDependencies {
      $0.requestID = 12
    } operation: {
      withEscapedDependencies { $0 }
    }
    let value = await continuation.yield { () async -> Int in
      await Task.yield()
      @Dependency(\.requestID) var requestID
      return requestID
    }
    #expect(value == 12)
  }
}
