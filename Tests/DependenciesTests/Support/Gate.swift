import Dependencies

/// A one-shot signal tasks can wait on: `wait()` returns once `open()` has been called, and ignores
/// cancellation.
final class Gate: Sendable {
  private let state = LockIsolated<(isOpen: Bool, waiters: [CheckedContinuation<Void, Never>])>(
    (false, []))

  func wait() async {
    await withCheckedContinuation { continuation in
      let isOpen = state.withValue { state in
        if !state.isOpen { state.waiters.append(continuation) }
        return state.isOpen
      }
      if isOpen { continuation.resume() }
    }
  }

  func open() {
    let waiters = state.withValue { state in
      state.isOpen = true
      defer { state.waiters = [] }
      return state.waiters
    }
    for waiter in waiters { waiter.resume() }
  }
}
