import Dependencies
import Foundation

// What the scope tests share: a request's user, set by each request's scope, and running code in a
// request as a server does.

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

/// Runs the asynchronous `body` in the scope of a request of `user`.
func inRequest<R>(
  of user: String, isolation: isolated (any Actor)? = #isolation, _ body: () async -> R
) async -> R {
  await withDependencies {
    $0.requestUser = user
  } operation: {
    await body()
  }
}

/// Runs `body` with a live cache of its own, as a server process runs: `liveValue`s, computed
/// afresh for this test.
func live<R>(_ body: () -> R) -> R {
  isolated {
    withDependencies {
      $0 = .live
    } operation: {
      body()
    }
  }
}

/// The asynchronous `live`.
func live<R>(isolation: isolated (any Actor)? = #isolation, _ body: () async -> R) async -> R {
  await isolated {
    await withDependencies {
      $0 = .live
    } operation: {
      await body()
    }
  }
}

/// Counts the live instances of one class (each test counts a class of its own: tests run in
/// parallel).
final class InstanceCount: Sendable {
  private let count = LockIsolated(0)
  var value: Int { count.value }
  func add() { count.withValue { $0 += 1 } }
  func remove() { count.withValue { $0 -= 1 } }
}

/// Waits until `condition` holds, for at most `seconds`: for what happens in the background (a
/// release, a shutdown). Returns whether it held.
func eventually(within seconds: Double = 10, _ condition: () -> Bool) async -> Bool {
  let deadline = Date(timeIntervalSinceNow: seconds)
  while !condition() {
    if Date() > deadline { return false }
    try? await Task.sleep(for: .milliseconds(5))
  }
  return true
}
