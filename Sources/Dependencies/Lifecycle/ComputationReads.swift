#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The cached values one default's computation read: what orders shutdown (a value is shut down
/// before the values its computation read).
///
/// A computation runs in a scope whose cache is a recording view
/// (`_LiveValueCache.init(recordingReadsOf:)`) holding this object. The view's C cache is always
/// empty, so every read the computation makes that no override answers misses, and the miss path
/// (`DependencyValues._readRecorded`) records the entry here before serving it from the real cache
/// (`target`): a read of a value cached long before is recorded as well as one that computes it.
/// Reads of cached values anywhere else are untouched.
///
/// A computation is synchronous, so it runs on one thread from start to end: the reads it makes
/// are the ones made on that thread while it runs, and only that thread touches the record (no
/// lock). A task the computation started reads through the view too, on other threads or later:
/// such reads are served from the real cache and not recorded. Recording stops when the computation
/// returns (`close()`, whether its value is cached or not).
final class _ComputationReads: @unchecked Sendable {
  // @unchecked Sendable: `reads` and `isOpen` are only read and written on `thread`; other threads
  // read `thread` and `target`, which never change. Code running later on `thread` (a task the
  // computation started) runs after the computation, never during it, so it never races with it.

  /// The cache the computation's reads are served from.
  let target: _LiveValueCache
  /// The thread the computation runs on.
  private let thread = pthread_self()
  private var reads: [_CacheEntryID] = []
  private var isOpen = true

  init(target: _LiveValueCache) {
    self.target = target
  }

  /// Records that the computation read `entry` (nothing once it has returned, nor on another
  /// thread).
  func record(_ entry: _CacheEntryID) {
    guard pthread_equal(pthread_self(), thread) != 0, isOpen, !reads.contains(entry) else {
      return
    }
    reads.append(entry)
  }

  /// Stops recording: the computation has returned. Called on the computation's thread.
  func close() {
    isOpen = false
  }

  /// What the computation read, once each. Called on the computation's thread.
  var recorded: [_CacheEntryID] { reads }
}
