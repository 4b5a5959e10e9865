#if os(Linux)
  /// The default suppressions LeakSanitizer asks a program for at start-up (a documented
  /// compiler-rt hook; it is never called in builds without the sanitizer).
  ///
  /// On Linux, XCTest leaks two of its own objects when `swift test --filter` selects none of its
  /// tests (as for these Swift Testing suites), and LeakSanitizer turns that into a failed
  /// `swift test --sanitize=address` run. Every test here runs under Swift Testing, whose
  /// allocations never pass through libXCTest, so suppressing leaks allocated in that library
  /// hides none of ours.
  ///
  /// Swift's weak references: the first weak reference to an object allocates its side table,
  /// and the object's header keeps the table's address encoded (shifted, with flag bits), which
  /// LeakSanitizer cannot read as a pointer. So the table of every object still alive at exit that
  /// was once weakly referenced is reported as a leak: a test's live value cache (a default's
  /// computation refers to a test's cache weakly) and Foundation's `Process` among them. The pattern
  /// matches allocations made by the runtime's `formWeakReference` only; an object that really
  /// leaks is reported by its own allocation, which this does not match.
  @_cdecl("__lsan_default_suppressions")
  func leakSanitizerDefaultSuppressions() -> UnsafePointer<CChar> {
    let suppressions: StaticString = "leak:libXCTest.so\nleak:formWeakReference\n"
    // A string literal's storage is static and null-terminated.
    return UnsafeRawPointer(suppressions.utf8Start).assumingMemoryBound(to: CChar.self)
  }
#endif
