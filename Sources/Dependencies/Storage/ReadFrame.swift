import CDependencies

/// What a `@Dependency` read carries beyond the current values, published for the duration of the
/// synchronous read in the calling thread's read frame (`dck_read_frame_*`).
///
/// A `@Dependency` property captures the values current where it was created. A read resolves the key
/// in the current scope first, then in those captured values, then in the cache of defaults: two trie
/// lookups, never a merge. The key path the property reads runs on the current values in place, so
/// the captured root and the source location travel here instead of in a copy of the values.
@usableFromInline
struct _ReadFrame {
  /// The captured overrides' trie root, borrowed from the `Dependency` being read (alive for the
  /// whole read).
  @usableFromInline var captured: OpaquePointer?
  /// The captured context, when it was set explicitly where the property was created.
  @usableFromInline var capturedContext: DependencyContext?
  /// Where the read happened.
  @usableFromInline var site: _ReadSite
  /// Set on the first read of a key path, to learn what its getter reads (`_KeyPathResolution`).
  @usableFromInline var probe: Unmanaged<_KeyPathProbe>?

  @usableFromInline
  init(
    captured: OpaquePointer?, capturedContext: DependencyContext?, site: _ReadSite,
    probe: Unmanaged<_KeyPathProbe>? = nil
  ) {
    self.captured = captured
    self.capturedContext = capturedContext
    self.site = site
    self.probe = probe
  }

  /// The frame of the read in progress on this thread, if any.
  @inlinable @inline(__always)
  static var current: UnsafeMutablePointer<_ReadFrame>? {
    dck_read_frame_current()?.assumingMemoryBound(to: _ReadFrame.self)
  }

  /// Runs `body` with `frame` published as this thread's frame (nil: no frame), then restores the
  /// previous one. `body` must be synchronous: the frame lives on this thread's stack.
  @inlinable @inline(__always)
  static func with<R>(_ frame: UnsafeMutablePointer<_ReadFrame>?, _ body: () throws -> R) rethrows
    -> R
  {
    let previous = dck_read_frame_exchange(frame)
    defer { dck_read_frame_exchange(previous) }
    return try body()
  }
}
