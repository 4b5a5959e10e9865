import Dependencies
import DependenciesTestSupport
import Foundation
import Testing

// withDependencies(from:) as the classic library behaves, called from a consumer's module (where
// the inlinable withDependencies is compiled into the caller's code): the current scope's
// values win over the model's, a model without @Dependency properties hands on the values of the
// scope that returned it, and a model that carries no values at all is reported. How long the
// values of a model without @Dependency properties are kept (released with the model, never
// accumulating, not inherited by an object at a dead model's address) is tested in the package's
// own suite: Tests/DependenciesTests/ObjectScopeTests.swift.

private enum ValueKey: DependencyKey {
  static let liveValue = "live"
  static let testValue = "default"
}

extension DependencyValues {
  fileprivate var value: String {
    get { self[ValueKey.self] }
    set { self[ValueKey.self] = newValue }
  }
}

private final class ParentModel {
  @Dependency(\.value) var value
  func child() -> ChildModel { withDependencies(from: self) { ChildModel() } }
  func child() async -> ChildModel {
    await withDependencies(from: self) {
      await Task.yield()
      return ChildModel()
    }
  }
}

private final class ChildModel {
  @Dependency(\.value) var value
}

/// No @Dependency property: only the scope that returned it knows its values.
private final class PlainModel {
  func child() -> ChildModel { withDependencies(from: self) { ChildModel() } }
}

@Suite struct WithDependenciesFromTests {
  @Test func theCurrentScopeWinsOverTheModel() {
    let parent = withDependencies {
      $0.value = "parent"
    } operation: {
      ParentModel()
    }
    #expect(parent.child().value == "parent")
    let child = withDependencies {
      $0.value = "scope"
    } operation: {
      parent.child()
    }
    #expect(child.value == "scope")
  }

  @Test func theCurrentScopeWinsOverTheModelAsync() async {
    let parent = withDependencies {
      $0.value = "parent"
    } operation: {
      ParentModel()
    }
    #expect(await parent.child().value == "parent")
    let child = await withDependencies {
      $0.value = "scope"
    } operation: {
      await parent.child()
    }
    #expect(child.value == "scope")
  }

  @Test func theUpdateClosureWinsOverBoth() {
    let parent = withDependencies {
      $0.value = "parent"
    } operation: {
      ParentModel()
    }
    let child = withDependencies {
      $0.value = "scope"
    } operation: {
      withDependencies(from: parent) {
        $0.value = "update"
      } operation: {
        ChildModel()
      }
    }
    #expect(child.value == "update")
  }

  @Test func aChainOfModelsPassesValuesDown() {
    let parent = withDependencies {
      $0.value = "root"
    } operation: {
      ParentModel()
    }
    let child = parent.child()
    let grandchild = withDependencies(from: child) { ChildModel() }
    #expect(grandchild.value == "root")
  }

  @Test func aModelWithoutDependencyPropertiesHandsOnItsScope() async {
    let model = withDependencies {
      $0.date.now = Date(timeIntervalSince1970: 1_234_567_890)
      $0.value = "plain"
    } operation: {
      PlainModel()
    }
    let child = model.child()
    #expect(child.value == "plain")
    let now = withDependencies(from: model) {
      @Dependency(\.date.now) var now
      return now
    }
    #expect(now == Date(timeIntervalSince1970: 1_234_567_890))
    let asyncValue = await withDependencies(from: model) { () async -> String in
      @Dependency(\.value) var value
      return value
    }
    #expect(asyncValue == "plain")
  }

  @Test func aModelWithNoValuesIsReported() {
    let model = PlainModel()
    withKnownIssue {
      let child = withDependencies(from: model) {
        $0.value = "ignored"
      } operation: {
        ChildModel()
      }
      // As in the classic library, the update closure does not run for such a model.
      #expect(child.value == "default")
    } matching: { issue in
      issue.description.contains(
        "You are trying to propagate dependencies to a child model from a model with no dependencies"
      )
        && issue.sourceLocation?.fileName == "WithDependenciesFromTests.swift"
    }
  }

  @Test func theReportPointsAtTheGivenLocation() {
    withKnownIssue {
      _ = withDependencies(
        from: PlainModel(), operation: { ChildModel() }, fileID: "Feature/Here.swift",
        filePath: "/tmp/Feature/Here.swift", line: 42, column: 7)
    } matching: { issue in
      issue.sourceLocation?.line == 42 && issue.sourceLocation?.fileID == "Feature/Here.swift"
    }
  }
}
