/// One iterator of an async sequence, shared by the calls of a stream's `unfolding` closure, which
/// it hands to one `next()` call at a time.
///
/// The iterator is made on the first call. A call that arrives while another is awaiting the
/// iterator's `next()` waits for it to finish, then takes its turn, so every element goes to
/// exactly one caller; a waiting call whose task is cancelled stops waiting and returns `nil`
/// (the stream is ending for that task anyway). After the sequence ends or throws, the iterator is
/// dropped and every call returns `nil`.
final class SharedAsyncIterator<Base: AsyncSequence & Sendable>: Sendable {
  private struct State {
    var iterator = IteratorState.notMade
    /// The calls waiting for the iterator, to be woken when it is given back.
    var waiters: [UInt64: CheckedContinuation<Void, Never>] = [:]
    var nextWaiterID: UInt64 = 0
  }

  private enum IteratorState {
    case notMade
    case idle(Base.AsyncIterator)
    /// A call holds it.
    case lent
    case finished
  }

  /// What `take()` found under the lock.
  private enum Turn {
    case mine(Base.AsyncIterator?)
    case finished
    case wait(id: UInt64)
  }

  private let base: Base
  // The iterator isn't Sendable: it lives in `state` while no call holds it, and a call takes it
  // out under the lock (leaving `.lent`), so that only one task uses it at a time.
  private let state = _Locked(State())

  init(_ base: Base) {
    self.base = base
  }

  /// The sequence's next element: `nil` once it has ended (or thrown), or when the calling task
  /// is cancelled while waiting for its turn.
  func next() async throws -> Base.Element? {
    guard var iterator = await take() else { return nil }
    let element: Base.Element?
    do {
      element = try await iterator.next()
    } catch {
      giveBack(nil)
      throw error
    }
    giveBack(element == nil ? nil : iterator)
    return element
  }

  /// Takes the iterator, waiting while another call holds it; `nil` once the sequence has ended,
  /// or when the task is cancelled while waiting.
  private func take() async -> Base.AsyncIterator? {
    while true {
      let turn = state.withLock { state -> Turn in
        switch state.iterator {
        case .notMade:
          state.iterator = .lent
          return .mine(nil)
        case .idle(let iterator):
          state.iterator = .lent
          return .mine(iterator)
        case .lent:
          defer { state.nextWaiterID += 1 }
          return .wait(id: state.nextWaiterID)
        case .finished:
          return .finished
        }
      }
      switch turn {
      case .mine(let iterator):
        return iterator ?? base.makeAsyncIterator()
      case .finished:
        return nil
      case .wait(let id):
        await withTaskCancellationHandler {
          await withCheckedContinuation { waiter in
            let queued = state.withLock { state -> Bool in
              // Checked under the lock: a cancellation after this check finds the waiter queued.
              guard case .lent = state.iterator, !Task.isCancelled else { return false }
              state.waiters[id] = waiter
              return true
            }
            if !queued { waiter.resume() }
          }
        } onCancel: {
          state.withLock { $0.waiters.removeValue(forKey: id) }?.resume()
        }
        if Task.isCancelled { return nil }
      }
    }
  }

  /// Puts the iterator back (`nil`: the sequence has ended) and wakes the waiting calls, which
  /// then try again.
  private func giveBack(_ iterator: Base.AsyncIterator?) {
    let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
      state.iterator = iterator.map { .idle($0) } ?? .finished
      defer { state.waiters = [:] }
      return Array(state.waiters.values)
    }
    for waiter in waiters { waiter.resume() }
  }
}
