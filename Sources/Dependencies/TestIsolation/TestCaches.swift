import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The caches of default values of the tests of a test process, one per running test.
///
/// The root values of a test process read through a routing cache (`_LiveValueCache.routesToTests`),
/// which lands here to find the cache of the test running on the current task:
///
/// - **Swift Testing**: one cache per test case, found by asking Swift Testing which test case is
///   running (`_SwiftTestingBridge`). Parallel tests each see their own.
/// - **XCTest**: one cache per test method. XCTest runs test methods one at a time; the test-support
///   module registers an XCTest observer when it is loaded, which starts a new cache before each
///   test method (`_xctestCaseWillStart`).
///
/// When neither applies (code running outside any test, such as a static initialiser), the routing
/// cache itself is used. When an XCTest run has no observer — the test target does not link
/// `DependenciesTestSupport` — the tests would share cached values, so that is reported loudly,
/// once, with the fix.
@usableFromInline
package enum _TestCaches {
  private static let lock = NSLock()
  nonisolated(unsafe) private static var swiftTestingCaches: [AnyHashable: _LiveValueCache] = [:]
  nonisolated(unsafe) private static var xctestCache: _LiveValueCache?
  nonisolated(unsafe) private static var xctestObserverInstalled = false
  nonisolated(unsafe) private static var warnedAboutMissingObserver = false

  /// The cache of the test running on this task, or `root` outside any test.
  @usableFromInline @inline(never)
  static func cache(outside root: _LiveValueCache) -> _LiveValueCache {
    if let testCase = _SwiftTestingBridge.currentTestCase() {
      return lock.withLock {
        if let cache = swiftTestingCaches[testCase] { return cache }
        let cache = _LiveValueCache()
        swiftTestingCaches[testCase] = cache
        return cache
      }
    }
    guard ProcessEnvironment.isXCTestRun else { return root }
    loadTestSupportIfItsConstructorDidNotRun
    return lock.withLock {
      if let xctestCache { return xctestCache }
      if !xctestObserverInstalled && !warnedAboutMissingObserver {
        warnedAboutMissingObserver = true
        ProcessEnvironment.writeToStandardError(
          """
          ⚠️ swift-dependencies: XCTest test methods in this process share their cached dependency \
          values and prepareDependencies values, because the test target does not link \
          DependenciesTestSupport. Add .product(name: "DependenciesTestSupport", package: \
          "swift-dependencies") to the test target's dependencies (no import or base class needed), \
          or subclass DependenciesTestCase.

          """)
      }
      return root
    }
  }

  /// `DependenciesTestSupport` sets itself up from a C constructor when the test binary loads (see
  /// `DependenciesTestSupportLoader/loader.c`). A link that drops that object file (a static
  /// archive linked without `-force_load`/`--whole-archive`) keeps the module but not the
  /// constructor. So at the first test read, if the set-up did not happen, it is looked up by name
  /// and run now: isolation then works from the next test method on. Evaluated once.
  private static let loadTestSupportIfItsConstructorDidNotRun: Void = {
    guard !lock.withLock({ xctestObserverInstalled }),
      let process = dlopen(nil, RTLD_NOW),
      let load = dlsym(process, "swift_dependencies_test_support_did_load")
    else { return }
    ProcessEnvironment.writeToStandardError(
      """
      ⚠️ swift-dependencies: DependenciesTestSupport is linked but its load-time set-up did not run \
      (its constructor was dropped, as a static-archive link does). Running it now, at the first \
      test read: test methods from the next one on get fresh dependency values.

      """)
    unsafeBitCast(load, to: (@convention(c) () -> Void).self)()
  }()

  /// Called by the test-support module's XCTest observer before each test method: the method gets a
  /// fresh cache, and the previous method's cache (and its values) is released.
  package static func _xctestCaseWillStart() {
    let previous = lock.withLock {
      xctestObserverInstalled = true
      defer { xctestCache = _LiveValueCache() }
      return xctestCache
    }
    withExtendedLifetime(previous) {}  // released here, outside the lock: deinits may run
  }

  /// Called by the test-support module when it registers its XCTest observer.
  package static func _xctestObserverDidInstall() {
    lock.withLock { xctestObserverInstalled = true }
  }
}
