import CDependencies
import Foundation

/// A value the C core can store: a class whose instances are counted per `Tracker`, so a test can
/// check that every value it handed to a trie or cache was released exactly once, even while other
/// tests run in parallel in the same process.
final class TrackedValue: @unchecked Sendable {
  // @unchecked: both stored properties are immutable after init; `Tracker` is itself thread-safe.
  let payload: Int
  let tracker: Tracker

  init(_ payload: Int, tracker: Tracker) {
    self.payload = payload
    self.tracker = tracker
    tracker.adjust(+1)
  }

  deinit { tracker.adjust(-1) }

  /// An unretained opaque pointer, as the C core receives values.
  var opaque: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

  /// The object behind an opaque pointer the C core returned (borrowed).
  static func from(_ pointer: UnsafeMutableRawPointer) -> TrackedValue {
    Unmanaged<TrackedValue>.fromOpaque(pointer).takeUnretainedValue()
  }
}

/// Counts the live `TrackedValue`s created with it.
final class Tracker: @unchecked Sendable {
  // @unchecked: `live` is only touched with `lock` held.
  private let lock = NSLock()
  private var live = 0

  func adjust(_ delta: Int) {
    lock.lock()
    live += delta
    lock.unlock()
  }

  var liveCount: Int {
    lock.lock()
    defer { lock.unlock() }
    return live
  }
}

/// Registers Swift retain/release as the C core's value callbacks. Idempotent; call before storing values.
let registerValueCallbacks: Void = {
  dck_values_set_callbacks(
    { _ = Unmanaged<AnyObject>.fromOpaque($0!).retain() },
    { Unmanaged<AnyObject>.fromOpaque($0!).release() }
  )
}()
