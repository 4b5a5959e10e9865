import CDependencies

/// What a `@Dependency(\.key)` read carries beyond the current values, published for the duration of
/// the synchronous read in the calling thread's read frame (`dck_read_frame_*`).
///
/// A `@Dependency` property captures the values current where it was created. A read resolves the key
/// in the current scope first, then in those captured values, then in the cache of defaults: two trie
/// lookups, never a merge. The property's getter runs on the current values in place, so the
/// captured root, the captured context and the source location travel here, to the key subscripts
/// the getter calls, instead of in a copy of the values.
///
/// Clients see it: the inlined read of a property sets the frame its key subscripts read.
@usableFromInline
struct _ReadFrame {
  /// The captured overrides' trie root, borrowed from the `Dependency` being read (alive for the
  /// whole read).
  @usableFromInline var captured: OpaquePointer?
  /// The captured context, when it was set explicitly where the property was created.
  @usableFromInline var capturedContext: DependencyContext?
  /// Where the read happened.
  @usableFromInline var site: _ReadSite

  @usableFromInline
  init(captured: OpaquePointer?, capturedContext: DependencyContext?, site: _ReadSite) {
    self.captured = captured
    self.capturedContext = capturedContext
    self.site = site
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

  /// Runs `get` on the values at `values`, in the read's frame.
  ///
  /// `get` takes its values as a borrowed argument; passing `values.pointee` would copy them
  /// (retaining their owners: writes to reference counts other threads share). Instead `get`
  /// borrows a bitwise copy that is never destroyed: the copy is taken out of temporary memory
  /// (`move()`, no retain) and put back (`initialize(to:)`, no release), and the memory is left as
  /// is. This is sound because the values at `values` outlive the synchronous call, and the copy
  /// owns nothing: whatever `get` keeps of its argument, it copies (and retains) itself.
  @inlinable @inline(__always)
  static func applying<Value>(_ get: _Getter<Value>, to values: UnsafePointer<DependencyValues>)
    -> Value
  {
    withUnsafeTemporaryAllocation(of: DependencyValues.self, capacity: 1) { buffer in
      let slot = buffer.baseAddress.unsafelyUnwrapped
      UnsafeMutableRawPointer(slot).copyMemory(
        from: values, byteCount: MemoryLayout<DependencyValues>.size)
      let borrowed = slot.move()
      let value = get(borrowed)
      slot.initialize(to: consume borrowed)
      return value
    }
  }
}
