internal import Foundation

/// A value guarded by a non-recursive lock, accessed in place: the library's internal mutex.
///
/// Unlike ``LockIsolated``, `withLock` hands out the stored value itself (no copy), so mutating a
/// large collection costs no copy-on-write, and re-entering the lock from inside `body` deadlocks.
/// Keep critical sections short, never suspend inside them, and resume continuations only after
/// `withLock` returns.
package final class _Locked<State>: @unchecked Sendable {
  // @unchecked Sendable: `state` is read and written only inside `withLock`, with `lock` held, and
  // `withLock` takes a non-escaping closure, so no reference to the state outlives the critical
  // section. Callers store `Sendable` state (instants, continuations, counters), except
  // `SharedAsyncIterator`, whose iterator is moved out whole and put back later, so that one task
  // holds it at a time.
  private let lock = NSLock()
  private var state: State

  package init(_ state: State) {
    self.state = state
  }

  package func withLock<R>(_ body: (inout State) throws -> R) rethrows -> R {
    lock.lock()
    defer { lock.unlock() }
    return try body(&state)
  }
}
