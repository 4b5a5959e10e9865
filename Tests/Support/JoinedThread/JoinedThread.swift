// Runs a closure on a thread of its own and returns once that thread has exited, for tests of what
// happens at a thread's exit (the C core's per-thread block, the scope objects a thread keeps).

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs `body` on a new thread and returns once that thread has exited (its thread-exit
/// destructors have run).
///
/// ```swift
/// runJoinedThread { useTheCore() }
/// // the thread's block is freed here
/// ```
public func runJoinedThread(_ body: @escaping @Sendable () -> Void) {
  final class Body {
    let run: @Sendable () -> Void
    init(_ run: @escaping @Sendable () -> Void) { self.run = run }
  }
  let argument = Unmanaged.passRetained(Body(body)).toOpaque()
  #if canImport(Darwin)
    var thread: pthread_t?
  #else
    var thread = pthread_t()
  #endif
  let status = pthread_create(
    &thread, nil,
    { argument in
      Unmanaged<Body>.fromOpaque(argument!).takeRetainedValue().run()
      return nil
    }, argument)
  precondition(status == 0, "pthread_create failed: \(status)")
  #if canImport(Darwin)
    pthread_join(thread!, nil)
  #else
    pthread_join(thread, nil)
  #endif
}
