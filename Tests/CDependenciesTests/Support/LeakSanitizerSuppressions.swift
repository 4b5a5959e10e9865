#if os(Linux)
  /// The default suppressions LeakSanitizer asks a program for at start-up (a documented
  /// compiler-rt hook; it is never called in builds without the sanitizer).
  ///
  /// On Linux, XCTest leaks two of its own objects when `swift test --filter` selects none of its
  /// tests (as for these Swift Testing suites), and LeakSanitizer turns that into a failed
  /// `swift test --sanitize=address` run. Every test here runs under Swift Testing, whose
  /// allocations never pass through libXCTest, so suppressing leaks allocated in that library
  /// hides none of ours.
  @_cdecl("__lsan_default_suppressions")
  func leakSanitizerDefaultSuppressions() -> UnsafePointer<CChar> {
    let suppressions: StaticString = "leak:libXCTest.so\n"
    // A string literal's storage is static and null-terminated.
    return UnsafeRawPointer(suppressions.utf8Start).assumingMemoryBound(to: CChar.self)
  }
#endif
