import Dependencies
import DependenciesTestSupport
import Foundation
import Testing

// withDependencies(from:) as the classic library behaves: the current scope's values win over the
// model's, a model without @Dependency properties hands on the values of the scope that returned it,
// and a model that carries no values at all is reported.

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

/// Counts how many instances are alive.
private final class Tracked: Sendable {
  static let alive = LockIsolated(0)
  init() { Self.alive.withValue { $0 += 1 } }
  deinit { Self.alive.withValue { $0 -= 1 } }
}

private enum TrackedKey: TestDependencyKey {
  static var testValue: Tracked? { nil }
}

extension DependencyValues {
  fileprivate var tracked: Tracked? {
    get { self[TrackedKey.self] }
    set { self[TrackedKey.self] = newValue }
  }
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

  // The next two run in a process of their own (exit tests), where no other test creates objects.

  @Test func aModelsOverridesAreReleasedWithTheModel() async {
    await #expect(processExitsWith: .success) {
      do {
        let model = withDependencies {
          $0.tracked = Tracked()
        } operation: {
          PlainModel()
        }
        let found = withDependencies(from: model) { () -> Bool in
          @Dependency(\.tracked) var tracked
          return tracked != nil
        }
        precondition(found && Tracked.alive.value == 1)
      }
      // The model is gone; the values its scope was in go when the next scope returns an object.
      _ = withDependencies { _ in
      } operation: {
        PlainModel()
      }
      precondition(Tracked.alive.value == 0, "\(Tracked.alive.value) alive")
    }
  }

  @Test func manyShortLivedModelsDoNotAccumulate() async {
    await #expect(processExitsWith: .success) {
      var kept: [PlainModel] = []
      for index in 0..<10_000 {
        let model = withDependencies {
          $0.tracked = Tracked()
        } operation: {
          PlainModel()
        }
        if index % 100 == 0 { kept.append(model) }
        // Never more than about twice the live models' values at once.
        precondition(Tracked.alive.value <= 2 * (kept.count + 1) + 1, "\(Tracked.alive.value)")
      }
      // Once every model is gone, at most as many further scopes as there were live models
      // release all of their values.
      kept.removeAll()
      for _ in 0...(2 * 100 + 1) {
        _ = withDependencies { _ in
        } operation: {
          PlainModel()
        }
      }
      precondition(Tracked.alive.value == 0, "\(Tracked.alive.value) alive")
    }
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
