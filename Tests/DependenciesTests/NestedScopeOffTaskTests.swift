import Dependencies
import Foundation
import JoinedThread
import Testing

// On a thread outside any task (a plain thread, an event loop's, the main thread outside a task),
// a synchronous scope nested in another puts its values in place of the outer binding's and puts
// them back when it ends, instead of binding them anew. Users see none of it: every read, task,
// model and continuation sees exactly what a binding of its own would give. Swift Testing runs
// tests on tasks, so each test here runs its body on a thread of its own.

enum OffTaskNumberKey: Dependency.Key {
  static var liveValue: Int { 0 }
  static var testValue: Int { 0 }
}
enum OffTaskTextKey: Dependency.Key {
  static var liveValue: String { "root" }
  static var testValue: String { "root" }
}

/// What a nested scope's body reads, for the checks on the test's task.
private struct Seen: Equatable, CustomStringConvertible {
  var number: Int
  var text: String
  static var now: Seen {
    @Dependency(OffTaskNumberKey.self) var number
    @Dependency(OffTaskTextKey.self) var text
    return Seen(number: number, text: text)
  }
  var description: String { "(\(number), \(text))" }
}

private struct Failure: Error, Equatable { let code: Int }

/// A task-local of the test's own, bound between two scopes.
private enum Trace {
  @TaskLocal static var label = "none"
}

/// A model made in a nested scope.
// @unchecked Sendable: the property wrappers are only read after initialisation.
private final class OffTaskModel: @unchecked Sendable {
  @Dependency(OffTaskNumberKey.self) var number
  @Dependency(OffTaskTextKey.self) var text
}

/// Runs `body` on a thread outside any task and returns what it returned.
private func onAThread<R: Sendable>(_ body: @escaping @Sendable () -> R) -> R {
  let result = LockIsolated<R?>(nil)
  runJoinedThread { result.setValue(body()) }
  return result.value!
}

@Suite struct NestedScopeOffTaskTests {
  @Test func nestedScopesSeeTheirValuesAndTheOuterOnesComeBack() {
    let seen = onAThread { () -> [Seen] in
      var seen: [Seen] = [.now]
      withDependencies {
        $0[OffTaskNumberKey.self] = 1
      } operation: {
        seen.append(.now)
        withDependencies {
          $0[OffTaskTextKey.self] = "two"
        } operation: {
          seen.append(.now)
          withDependencies {
            $0[OffTaskNumberKey.self] = 3
          } operation: {
            seen.append(.now)
          }
          seen.append(.now)
        }
        seen.append(.now)
        withDependencies {
          $0[OffTaskNumberKey.self] = 4
          $0[OffTaskTextKey.self] = "four"
        } operation: {
          seen.append(.now)
        }
        seen.append(.now)
      }
      seen.append(.now)
      return seen
    }
    #expect(
      seen == [
        Seen(number: 0, text: "root"), Seen(number: 1, text: "root"), Seen(number: 1, text: "two"),
        Seen(number: 3, text: "two"), Seen(number: 1, text: "two"), Seen(number: 1, text: "root"),
        Seen(number: 4, text: "four"), Seen(number: 1, text: "root"), Seen(number: 0, text: "root"),
      ])
  }

  @Test func aScopeThatThrowsPutsTheOuterValuesBack() {
    let (caught, after) = onAThread { () -> (Failure?, Seen) in
      withDependencies {
        $0[OffTaskNumberKey.self] = 1
      } operation: {
        var caught: Failure?
        do throws(Failure) {
          try withDependencies {
            $0[OffTaskNumberKey.self] = 2
          } operation: { () throws(Failure) in
            throw Failure(code: Seen.now.number)
          }
        } catch {
          caught = error
        }
        return (caught, .now)
      }
    }
    #expect(caught == Failure(code: 2))
    #expect(after == Seen(number: 1, text: "root"))
  }

  /// What a nested scope hands out — a task, a model, an escaped continuation — keeps the
  /// nested scope's values after it ends, while the thread goes on with the outer ones.
  @Test func whatANestedScopeHandsOutKeepsItsValues() async {
    let gate = Gate()
    let (task, model, continuation, after) = onAThread {
      () -> (Task<Seen, Never>, OffTaskModel, DependencyValues.Continuation, Seen) in
      withDependencies {
        $0[OffTaskNumberKey.self] = 1
      } operation: {
        let handedOut = withDependencies {
          $0[OffTaskNumberKey.self] = 2
          $0[OffTaskTextKey.self] = "nested"
        } operation: {
          (
            Task { () -> Seen in
              await gate.wait()
              return .now
            },
            OffTaskModel(),
            withEscapedDependencies { $0 }
          )
        }
        // Scopes entered after it use the thread's spare scope objects again.
        for round in 0..<50 {
          withDependencies {
            $0[OffTaskNumberKey.self] = 100 + round
          } operation: {
          }
        }
        return (handedOut.0, handedOut.1, handedOut.2, .now)
      }
    }
    #expect(after == Seen(number: 1, text: "root"))
    #expect(model.number == 2)
    #expect(model.text == "nested")
    #expect(continuation.yield { Seen.now } == Seen(number: 2, text: "nested"))
    gate.open()
    #expect(await task.value == Seen(number: 2, text: "nested"))
  }

  /// Other task-locals bound between two scopes, the task-local itself read directly, and a scope
  /// entered while another scope's values are being set.
  @Test func otherBindingsAndScopesInsideUpdatesStayConsistent() {
    let seen = onAThread { () -> [String] in
      var seen: [String] = []
      withDependencies {
        $0[OffTaskNumberKey.self] = 1
      } operation: {
        Trace.$label.withValue("traced") {
          withDependencies {
            $0[OffTaskNumberKey.self] = 2
          } operation: {
            seen.append(
              "\(Trace.label) \(Seen.now) \(DependencyValues._current[OffTaskNumberKey.self])")
          }
          seen.append("\(Trace.label) \(Seen.now)")
        }
        withDependencies {
          let nested = withDependencies {
            $0[OffTaskTextKey.self] = "inside the update"
          } operation: {
            Seen.now
          }
          seen.append("update read \(nested)")
          $0[OffTaskTextKey.self] = "set"
        } operation: {
          seen.append("operation \(Seen.now)")
        }
        seen.append("\(Trace.label) \(Seen.now)")
      }
      return seen
    }
    #expect(
      seen == [
        "traced (2, root) 2", "traced (1, root)", "update read (1, inside the update)",
        "operation (1, set)", "none (1, root)",
      ])
  }

  /// In a task, a child task may be reading the binding while its parent enters a synchronous
  /// scope: there the scope binds its values anew, and the child sees the parent's values
  /// throughout.
  @Test func inATaskAChildNeverSeesItsParentsNestedScopes() async {
    await withDependencies {
      $0[OffTaskNumberKey.self] = 1
    } operation: {
      let stop = LockIsolated(false)
      async let childSaw: Set<Int> = {
        var saw: Set<Int> = []
        repeat {
          saw.insert(Seen.now.number)
          await Task.yield()
        } while !stop.value
        return saw
      }()
      var parentSaw: Set<Int> = []
      for round in 0..<2_000 {
        withDependencies {
          $0[OffTaskNumberKey.self] = 100 + round % 10
        } operation: {
          parentSaw.insert(Seen.now.number)
        }
      }
      stop.setValue(true)
      #expect(await childSaw == [1])
      #expect(parentSaw == Set(100..<110))
    }
  }
}
