import Dependencies
import Foundation
import IssueCollecting
import Testing

/// `withDependencies(from:)` on a model without `@Dependency` properties: only the scope that
/// returned the model knows its values (`Scope/ObjectScopes.swift` keeps them, by object). That
/// scope's values reach the child; they are released once the model is gone (swept when a later
/// scope returns an object) and never accumulate; and an object that happens to get a dead model's
/// address inherits nothing from it.
@Suite struct ObjectScopeTests {
  @Test func aModelWithoutDependencyPropertiesHandsOnItsScope() async {
    await isolated {
      let model = withDependencies {
        $0.date.now = Date(timeIntervalSince1970: 1_234_567_890)
        $0.chain = "model"
      } operation: {
        PlainModel()
      }
      #expect(model.child().chain == "model")
      let now = withDependencies(from: model) {
        @Dependency(\.date.now) var now
        return now
      }
      #expect(now == Date(timeIntervalSince1970: 1_234_567_890))
      let asyncValue = await withDependencies(from: model) { () async -> String in
        await Task.yield()
        @Dependency(\.chain) var chain
        return chain
      }
      #expect(asyncValue == "model")
      // The current scope's overrides win over the model's, and the update closure over both.
      let child = withDependencies {
        $0.chain = "scope"
      } operation: {
        model.child()
      }
      #expect(child.chain == "scope")
      let updated = withDependencies(from: model) {
        $0.chain = "update"
      } operation: {
        ChildModel()
      }
      #expect(updated.chain == "update")
    }
  }

  @Test func aModelFromNoScopeIsReported() {
    let (child, reporter) = collectingIssues {
      withDependencies(from: PlainModel()) {
        $0.chain = "ignored"
      } operation: {
        ChildModel()
      }
    }
    // As in the classic library, the update closure does not run for such a model.
    #expect(child.chain == "test")
    #expect(reporter.messages.count == 1, "\(reporter.messages)")
    #expect(
      reporter.messages.first?.contains(
        "You are trying to propagate dependencies to a child model from a model with no dependencies"
      ) == true, "\(reporter.messages)")
    // `PlainModel` is private: named without its context, in an optimised build too.
    #expect(
      reporter.messages.first?.contains("the given 'PlainModel' must be returned") == true,
      "\(reporter.messages)")
  }

  /// A recorded model's memory stays pinned until its entry is swept, so that no other object can
  /// take its address while the entry exists (where entries are weak, on Apple platforms, an entry
  /// is checked against the object instead); once a later scope has swept the entry, a new
  /// object at that address (the allocator reuses a freed block of the same size at once, on the
  /// same thread) carries nothing of the dead model's scope, and a scope that returns it records
  /// its own. In a process of its own, where no other test allocates or sweeps meanwhile.
  @Test func anObjectAtADeadModelsAddressInheritsNothing() async {
    await #expect(processExitsWith: .success) {
      let (outcome, reporter) = collectingIssues {
        () -> (pinned: Bool, fromNoScope: String?, own: String?) in
        var model: PlainModel? = withDependencies {
          $0.chain = "dead model"
        } operation: {
          PlainModel()
        }
        #expect(model!.child().chain == "dead model")
        let address = ObjectIdentifier(model!)
        model = nil
        let pinned = objectReusingAddress(of: address) == nil
        // Scopes return objects of another size: within as many recordings as there are entries
        // (the model, and the child above), a sweep drops the dead entries.
        for _ in 0..<3 {
          _ = withDependencies { _ in
          } operation: {
            LargerModel()
          }
        }
        guard let reused = objectReusingAddress(of: address) else {
          return (pinned, nil, nil)
        }
        let fromNoScope = reused.child().chain  // reported: no scope returned `reused`
        // The same address again, now returned by a scope of its own.
        let recorded = withDependencies {
          $0.chain = "own scope"
        } operation: {
          reused
        }
        return (pinned, fromNoScope, recorded.child().chain)
      }
      #if canImport(ObjectiveC) || DEPENDENCIES_WEAK_OBJECT_SCOPES
        // Entries keep weak references there (objects may be Objective-C ones): the address is
        // free at once, and an entry is checked against the object itself.
        _ = outcome.pinned
      #else
        #expect(outcome.pinned, "an object took the address of a recorded model")
      #endif
      if outcome.fromNoScope == nil && runsUnderAddressSanitizer {
        // AddressSanitizer quarantines freed memory, so no object takes a freed address there:
        // only the pin is checked in that run (`make test` checks the reuse).
        return
      }
      #expect(outcome.fromNoScope != nil, "no new object was allocated at the freed address")
      #expect(outcome.fromNoScope == "test", "the dead model's override leaked into another object")
      #expect(reporter.messages.count == 1, "\(reporter.messages)")
      #expect(outcome.own == "own scope")
    }
  }

  // The next two run in a process of their own too.

  @Test func aModelsOverridesAreReleasedOnceTheModelIsGone() async {
    await #expect(processExitsWith: .success) {
      do {
        let model = withDependencies {
          $0.trackedObject = TrackedObject()
        } operation: {
          PlainModel()
        }
        let found = withDependencies(from: model) { () -> Bool in
          @Dependency(\.trackedObject) var tracked
          return tracked != nil
        }
        #expect(found)
        #expect(TrackedObject.alive.value == 1)
      }
      // The model is gone; the values of its scope go when the next scope returns an object (of
      // another size than the model's, so that it cannot take the model's address and replace
      // its entry: the sweep must release them).
      let other = withDependencies { _ in
      } operation: {
        LargerModel()
      }
      #expect(TrackedObject.alive.value == 0)
      withExtendedLifetime(other) {}
    }
  }

  @Test func manyShortLivedModelsDoNotAccumulate() async {
    await #expect(processExitsWith: .success) {
      var kept: [PlainModel] = []
      var mostAlive = 0
      for index in 0..<10_000 {
        let model = withDependencies {
          $0.trackedObject = TrackedObject()
        } operation: {
          PlainModel()
        }
        if index % 100 == 0 { kept.append(model) }
        // Never more than about twice the live models' values at once.
        mostAlive = max(mostAlive, TrackedObject.alive.value - 2 * (kept.count + 1) - 1)
      }
      #expect(mostAlive <= 0, "\(mostAlive) more values alive than twice the live models")
      // Once every model is gone, at most as many further scopes as there were live models
      // release all of their values.
      kept.removeAll()
      for _ in 0...(2 * 100 + 1) {
        _ = withDependencies { _ in
        } operation: {
          PlainModel()
        }
      }
      #expect(TrackedObject.alive.value == 0)
    }
  }
}

/// No `@Dependency` property: only the scope that returned it knows its values.
private final class PlainModel {
  func child() -> ChildModel { withDependencies(from: self) { ChildModel() } }
}

/// Another size of object than `PlainModel`, so never allocated at a freed `PlainModel`'s address.
private final class LargerModel {
  var padding: (Int, Int, Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0, 0, 0)
}

/// A new `PlainModel` at the address `address` named, which the caller just freed; nil when the
/// allocator hands out other addresses 1,000 times in a row.
private func objectReusingAddress(of address: ObjectIdentifier) -> PlainModel? {
  var others: [PlainModel] = []  // kept alive, so that each try gets another block
  for _ in 0..<1_000 {
    let candidate = PlainModel()
    if ObjectIdentifier(candidate) == address { return candidate }
    others.append(candidate)
  }
  return nil
}

/// Whether this process runs under AddressSanitizer (its runtime is linked into the executable).
private var runsUnderAddressSanitizer: Bool {
  dlsym(dlopen(nil, RTLD_NOW), "__asan_init") != nil
}

/// Counts its live instances.
private final class TrackedObject: Sendable {
  static let alive = LockIsolated(0)
  init() { Self.alive.withValue { $0 += 1 } }
  deinit { Self.alive.withValue { $0 -= 1 } }
}

private enum TrackedObjectKey: TestDependencyKey {
  static var testValue: TrackedObject? { nil }
}

extension DependencyValues {
  fileprivate var trackedObject: TrackedObject? {
    get { self[TrackedObjectKey.self] }
    set { self[TrackedObjectKey.self] = newValue }
  }
}
