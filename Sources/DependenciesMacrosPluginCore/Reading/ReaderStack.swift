#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A stack sized for the readers: they recurse once or several times per level a declaration nests
/// (`MaximumNestingLevel` bounds the levels), and how much stack a level takes depends on the build.
/// A sanitizer build takes several times a release build's, enough for a declaration at the limit to
/// overflow the stack of an ordinary thread (a test's worker thread under AddressSanitizer did).
/// So the plugin reads on a thread of its own with this stack, whatever thread starts it.
package enum ReaderStack {
  /// The stack's size: 256 MiB of address space (pages are used only as the reader reaches them).
  package static let size = 256 << 20

  /// Runs `body` on a new thread whose stack is `size` bytes, and returns what it returns once
  /// that thread has finished. Falls back to the calling thread when no thread can be made.
  package static func run<R>(_ body: () -> R) -> R {
    withoutActuallyEscaping(body) { escapable in
      let job = Job(escapable)
      var attributes = pthread_attr_t()
      pthread_attr_init(&attributes)
      defer { pthread_attr_destroy(&attributes) }
      pthread_attr_setstacksize(&attributes, size)
      #if canImport(Darwin)
        var thread: pthread_t?
      #else
        var thread = pthread_t()
      #endif
      let context = Unmanaged<Work>.passRetained(job).toOpaque()
      let created = pthread_create(
        &thread, &attributes,
        { context in
          Unmanaged<Work>.fromOpaque(context!).takeRetainedValue().run()
          return nil
        }, context)
      guard created == 0 else {
        Unmanaged<Work>.fromOpaque(context).release()
        return escapable()
      }
      #if canImport(Darwin)
        pthread_join(thread!, nil)
      #else
        pthread_join(thread, nil)
      #endif
      return job.result!
    }
  }

  /// What the new thread runs: `Job`'s work, without its type.
  private class Work: @unchecked Sendable {
    // @unchecked Sendable: see `Job`.
    func run() {}
  }

  /// The body and what it returned.
  private final class Job<R>: Work, @unchecked Sendable {
    // @unchecked Sendable: the creating thread writes `body` before the new thread starts and reads
    // `result` after joining it; the new thread reads `body` and writes `result` in between.
    let body: () -> R
    var result: R?
    init(_ body: @escaping () -> R) { self.body = body }
    override func run() { result = body() }
  }
}
