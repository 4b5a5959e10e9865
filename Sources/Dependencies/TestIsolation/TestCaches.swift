internal import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The caches of default values of the tests of a test process, one per running test.
///
/// The values of a test process that have no cache of their own (the root values, and those made
/// from them) read the process's cache through here (`processCache`), which finds the cache of the
/// test running on the current task:
///
/// - **Swift Testing**: one cache per test case, found by asking Swift Testing which test case is
///   running (`_SwiftTestingBridge`). Parallel tests each see their own. The cache of one case of a
///   parameterized test is released soon after the case ends: the bridge gives an object that lives
///   as long as the case, and the ended cases' caches are swept when a later case creates its cache
///   (every so many) and every few milliseconds while cases run (`_EndedCaseSweeper`). Each
///   iteration of a case (`--repetitions`) has an owner, and a cache, of its own. A test that is not
///   parameterized keeps its cache until the process exits (one per test function; its iterations
///   share it, which a repeated run is told). Tests with a `.dependencies` trait don't come here
///   at all: the trait gives each case a cache of its own, released with it.
/// - **XCTest**: one cache per test method. XCTest runs test methods one at a time; the test-support
///   module registers an XCTest observer when it is loaded, which starts a new cache before each
///   test method (`_xctestCaseWillStart`).
///
/// A test's cache that the test machinery lets go of — an ended parameterized case's, swept; an
/// XCTest method's, when the method finishes — starts shutting down its values that need it
/// (`ShutdownableDependency`) in the background (`_LiveValueCache.shutDownInBackground()`); the
/// caches still held when the process exits are shut down then, and the process waits for every
/// background shutdown (`_BackgroundShutdowns`). Caches of traits are shut down by the trait, inside
/// the test.
///
/// When neither applies (code running outside any test, such as a static initialiser), the routing
/// cache itself is used. When an XCTest run has no observer — the test target does not link
/// `DependenciesTestSupport` — the tests would share cached values, so that is reported loudly,
/// once, with the fix. When the bridge finds Swift Testing not laid out as it expects, it reports
/// that in the first test that meets it, and either names the case by reflection (a cache per case,
/// as above, but kept until the process exits) or, when nothing identifies the running case, leaves
/// it `.unidentified`: each such read gets a cache of its own, used for that read only, so no two
/// tests can share one (see `_SwiftTestingBridge`).
package enum _TestCaches {
  /// Everything the test caches change, under one lock (`state`).
  fileprivate struct State {
    /// The caches of the Swift Testing cases that read a default, by the case's identity.
    var swiftTestingCaches: [AnyHashable: SwiftTestingEntry] = [:]
    /// The caches of ended cases taken out of `swiftTestingCaches` whose background shutdown has
    /// not started yet (it starts outside the lock): the exit handler starts theirs too, so that a
    /// process exiting meanwhile does not leave their values out.
    var endingCaches: [ObjectIdentifier: _LiveValueCache] = [:]
    /// Caches created before the next sweep of ended cases' caches.
    var cachesUntilSweep = 1
    /// Whether the sweeper's thread runs (`_EndedCaseSweeper`): it stops when no cache of a case
    /// that may end is left, and the next such cache starts it again.
    var sweeperIsRunning = false
    /// The cache of the running XCTest method.
    var xctestCache: _LiveValueCache?
    var xctestObserverInstalled = false
    var warnedAboutMissingObserver = false
    /// Whether the run's repetitions were checked (once: they are the same for the whole run).
    var checkedSharedIterations = false
    /// What finds the running Swift Testing test case: this process's Testing, unless a test of
    /// this package gave another (`useBridge(_:)`).
    var bridge = _SwiftTestingBridge(facts: .runtime)
  }

  /// One Swift Testing case's cache.
  fileprivate struct SwiftTestingEntry {
    let cache: _LiveValueCache
    /// Lives as long as the case (see `_SwiftTestingBridge.RunningCase.owner`).
    weak var owner: AnyObject?
    let hasOwner: Bool

    var caseEnded: Bool { hasOwner && owner == nil }

    /// Whether this is the cache of `testCase`: for one case of a parameterized test, the same
    /// owner (a later iteration of the case, with `--repetitions`, has another); for a test that is
    /// not parameterized, always.
    func belongs(to testCase: _SwiftTestingBridge.RunningCase) -> Bool {
      guard hasOwner else { return testCase.owner == nil }
      return owner.map { $0 === testCase.owner } ?? false
    }
  }

  private static let state = _Locked(State())

  /// Makes `bridge` find the running Swift Testing test case from now on, for every read of this
  /// process: for this package's tests of an unexpected Testing layout, which run it in a process
  /// of their own before their first read.
  package static func useBridge(_ bridge: _SwiftTestingBridge) {
    state.withLock { $0.bridge = bridge }
  }

  /// Whether this is a test process, whose reads of the process's cache go to the running test's
  /// (`processCache`). Decided once: the values that read the process's cache give their reads no
  /// direct handle in a test process (`_Defaults`), so that each comes here.
  static let routesProcessCache = ProcessEnvironment.isTestingProcess

  /// The cache that reads and writes of the process's cache (`_LiveValueCache.shared`) use: in a
  /// test process, the cache of the test running on this task (the process's cache itself outside
  /// any test); otherwise the process's cache.
  static var processCache: _LiveValueCache {
    let process = _LiveValueCache.shared
    guard routesProcessCache else { return process }
    return cache(outside: process, asking: state.withLock { $0.bridge })
  }

  /// The cache of the test running on this task as `bridge` finds it, or nil outside any test: for
  /// this package's tests of what the bridge finds.
  package static func cacheOfRunningTest(asking bridge: _SwiftTestingBridge) -> AnyObject? {
    let root = _LiveValueCache.shared
    let cache = cache(outside: root, asking: bridge)
    return cache === root ? nil : cache
  }

  /// The cache of the test running on this task as `bridge` finds it, or `root` outside any test.
  private static func cache(
    outside root: _LiveValueCache, asking bridge: _SwiftTestingBridge
  ) -> _LiveValueCache {
    switch bridge.currentTestCase() {
    case .identified(let testCase)?:
      return cache(of: testCase)
    case .unidentified?:
      // Nothing names the test: a cache for this read alone, released after it (its values that
      // need it are shut down then, in the background).
      _BackgroundShutdowns.installExitHandler()
      return _LiveValueCache()
    case nil:
      break
    }
    guard ProcessEnvironment.isXCTestRun else { return root }
    loadTestSupportIfItsConstructorDidNotRun
    let (cache, warn) = state.withLock { state in
      if let cache = state.xctestCache { return (cache, false) }
      let warn = !state.xctestObserverInstalled && !state.warnedAboutMissingObserver
      if warn { state.warnedAboutMissingObserver = true }
      return (root, warn)
    }
    if warn {
      ProcessEnvironment.writeToStandardError(
        """
        ⚠️ swift-dependencies: XCTest test methods in this process share their cached dependency \
        values and prepareDependencies values, because the test target does not link \
        DependenciesTestSupport. Add .product(name: "DependenciesTestSupport", package: \
        "swift-dependencies") to the test target's dependencies (no import or base class needed), \
        or subclass DependenciesTestCase.

        """)
    }
    return cache
  }

  /// The cache of the identified Swift Testing case `testCase`, created at its first read.
  private static func cache(of testCase: _SwiftTestingBridge.RunningCase) -> _LiveValueCache {
    let (cache, swept, created, startSweeper) = state.withLock { state in
      if let entry = state.swiftTestingCaches[testCase.identity], entry.belongs(to: testCase) {
        return (entry.cache, Swept(), false, false)
      }
      // A case's first read; or the first read of a later iteration of a parameterized case
      // (`--repetitions`), whose earlier iteration's cache is replaced.
      let replaced = state.swiftTestingCaches.removeValue(forKey: testCase.identity)
      let cache = _LiveValueCache()
      var swept = state.sweepEndedCases()
      if let replaced {
        if replaced.caseEnded {
          swept.endedCaches.append(replaced.cache)
          state.endingCaches[ObjectIdentifier(replaced.cache)] = replaced.cache
        }
        swept.replaced = replaced.cache
      }
      state.swiftTestingCaches[testCase.identity] = SwiftTestingEntry(
        cache: cache, owner: testCase.owner, hasOwner: testCase.owner != nil)
      let startSweeper = testCase.owner != nil && !state.sweeperIsRunning
      if startSweeper { state.sweeperIsRunning = true }
      return (cache, swept, true, startSweeper)
    }
    // Outside the lock: shutdowns start, deinits may run, warnings are written.
    startShutdowns(of: swept.endedCaches)
    withExtendedLifetime(swept) {}
    if created {
      _BackgroundShutdowns.installExitHandler()
      if startSweeper { _EndedCaseSweeper.start() }
      if testCase.owner == nil { warnIfIterationsShareTheCache() }
    }
    return cache
  }

  /// What a sweep removed: the caches of the cases that ended, and the old table (released outside
  /// the lock).
  fileprivate struct Swept {
    var endedCaches: [_LiveValueCache] = []
    var old: [AnyHashable: SwiftTestingEntry] = [:]
    /// The cache of an earlier iteration of the case, replaced (released outside the lock).
    var replaced: _LiveValueCache?
  }

  /// Removes the caches of every case that has ended, now (the sweeper calls it while cases run),
  /// and starts shutting down their values. Returns whether caches of cases that may end are left:
  /// when none is, the sweeper stops (and the next such cache starts it again).
  static func sweepEveryEndedCase() -> Bool {
    let (ended, remains) = state.withLock { state in
      let ended = state.removeEndedCases()
      let remains = state.swiftTestingCaches.values.contains(where: \.hasOwner)
      if !remains { state.sweeperIsRunning = false }
      return (ended, remains)
    }
    startShutdowns(of: ended.endedCaches)
    withExtendedLifetime(ended) {}
    return remains
  }

  /// Starts the background shutdown of `caches`, ended cases' caches a sweep took out (they wait in
  /// `endingCaches` until then), outside the lock.
  private static func startShutdowns(of caches: [_LiveValueCache]) {
    guard !caches.isEmpty else { return }
    for cache in caches { cache.shutDownInBackground() }
    // Started (and counted by `_BackgroundShutdowns`): the exit handler no longer needs them.
    state.withLock { state in
      for cache in caches { state.endingCaches[ObjectIdentifier(cache)] = nil }
    }
  }

  /// When the process exits (called by `_BackgroundShutdowns`): starts shutting down the values of
  /// every test cache still held — those of tests that are not parameterized, which live as long as
  /// the run, of the last cases not swept yet, of cases swept whose shutdown another thread is
  /// about to start (starting it twice joins the one run), and of the last XCTest method.
  static func shutDownAllInBackground() {
    let caches = state.withLock { state in
      state.swiftTestingCaches.values.map(\.cache) + Array(state.endingCaches.values)
        + [state.xctestCache].compactMap { $0 }
    }
    for cache in caches { cache.shutDownInBackground() }
  }

  /// With `--repetitions` (or `--repeat-until`), the iterations of a test that is not parameterized
  /// cannot be told apart (Swift Testing gives them nothing that differs), so they share its cache:
  /// says so, once, naming the test and the fix. Called when such a test's cache is created (on
  /// the test's task, where the run's configuration can be read).
  private static func warnIfIterationsShareTheCache() {
    let check = state.withLock { state in
      defer { state.checkedSharedIterations = true }
      return !state.checkedSharedIterations
    }
    guard check, let iterations = SwiftTestingRuntime.currentIterationCount(), iterations > 1
    else { return }
    let name =
      if case .swiftTesting(let testing?) = TestContext.current {
        "\(testing.test.id.rawValue)"
      } else {
        "a test that is not parameterized"
      }
    ProcessEnvironment.writeToStandardError(sharedIterationsWarning(test: name))
  }

  /// The warning for a run that repeats its tests, naming one test that is not parameterized.
  private static func sharedIterationsWarning(test: String) -> String {
    """
    ⚠️ swift-dependencies: this run repeats its tests (--repetitions or --repeat-until), and Swift \
    Testing gives nothing that tells the iterations of a test that is not parameterized apart: \
    the iterations of \(test) (and of every test that is not parameterized and has no \
    .dependencies trait) share its cached dependency values and prepareDependencies values. Give \
    those tests or their suites the .dependencies trait, which starts every iteration fresh. (The \
    cases of a parameterized test start fresh in every iteration.)

    """
  }

  /// `DependenciesTestSupport` sets itself up from a C constructor when the test binary loads (see
  /// `DependenciesTestSupportLoader/loader.c`). A link that drops that object file (a static
  /// archive linked without `-force_load`/`--whole-archive`) keeps the module but not the
  /// constructor. So at the first test read, if the set-up did not happen, it is looked up by name
  /// and run now: isolation then works from the next test method on. Evaluated once.
  private static let loadTestSupportIfItsConstructorDidNotRun: Void = {
    _ = runTestSupportSetUpIfMissing(
      isInstalled: state.withLock { $0.xctestObserverInstalled },
      lookUp: { name in dlopen(nil, RTLD_NOW).flatMap { dlsym($0, name) } },
      warn: ProcessEnvironment.writeToStandardError)
  }()

  /// Runs the test-support set-up found by `lookUp` when it has not run yet (`isInstalled` false),
  /// saying so with `warn`; returns whether it ran it.
  package static func runTestSupportSetUpIfMissing(
    isInstalled: Bool,
    lookUp: (String) -> UnsafeMutableRawPointer?,
    warn: (String) -> Void
  ) -> Bool {
    guard !isInstalled, let setUp = lookUp("swift_dependencies_test_support_did_load") else {
      return false
    }
    warn(
      """
      ⚠️ swift-dependencies: DependenciesTestSupport is linked but its load-time set-up did not run \
      (its constructor was dropped, as a static-archive link does). Running it now, at the first \
      test read: test methods from the next one on get fresh dependency values.

      """)
    unsafeBitCast(setUp, to: (@convention(c) () -> Void).self)()
    return true
  }

  /// Gives the test running on this task a fresh cache in place of its own, which is released (and
  /// its values with it, unless something else holds them): `resetCache()` of the classic spelling
  /// (`CachedValues`). False when no test's cache is found (code outside any test, or an XCTest run
  /// without the test-support observer), in which case nothing changed.
  package static func replaceCacheOfRunningTest() -> Bool {
    let replaced: _LiveValueCache?
    let running = state.withLock { $0.bridge }.currentTestCase()
    // A read of a test that nothing identifies has a cache of its own: there is nothing to replace.
    if case .unidentified? = running { return true }
    if case .identified(let testCase)? = running {
      replaced = state.withLock { state in
        guard let entry = state.swiftTestingCaches[testCase.identity] else { return nil }
        state.swiftTestingCaches[testCase.identity] = SwiftTestingEntry(
          cache: _LiveValueCache(), owner: entry.owner, hasOwner: entry.hasOwner)
        return entry.cache
      }
      // A test that has no cache yet has cached nothing: there is nothing to replace.
      guard replaced != nil else { return true }
    } else {
      guard ProcessEnvironment.isXCTestRun else { return false }
      replaced = state.withLock { state in
        guard let previous = state.xctestCache else { return nil }
        state.xctestCache = _LiveValueCache()
        return previous
      }
      guard replaced != nil else { return false }
    }
    withExtendedLifetime(replaced) {}  // released here, outside the lock: deinits may run
    return true
  }

  /// Called by the test-support module's XCTest observer before each test method: the method gets a
  /// fresh cache, and the previous method's cache (and its values) is released.
  package static func _xctestCaseWillStart() {
    _BackgroundShutdowns.installExitHandler()
    let previous = state.withLock { state in
      state.xctestObserverInstalled = true
      defer { state.xctestCache = _LiveValueCache() }
      return state.xctestCache
    }
    withExtendedLifetime(previous) {}  // released here, outside the lock: deinits may run
  }

  /// Called by the test-support module's XCTest observer after each test method: the method's cache
  /// starts shutting down its values that need it (it stays current until the next method starts).
  package static func _xctestCaseDidFinish() {
    state.withLock { $0.xctestCache }?.shutDownInBackground()
  }

  /// Called by the test-support module when it registers its XCTest observer.
  package static func _xctestObserverDidInstall() {
    state.withLock { $0.xctestObserverInstalled = true }
  }
}

extension _TestCaches.State {
  /// Removes the caches of cases that have ended, every so many new caches: amortised O(1) per
  /// cache, and at most about twice the running cases' caches held. Returns what to shut down and
  /// release outside the lock.
  fileprivate mutating func sweepEndedCases() -> _TestCaches.Swept {
    cachesUntilSweep -= 1
    guard cachesUntilSweep <= 0 else { return _TestCaches.Swept() }
    return removeEndedCases()
  }

  /// Removes the caches of cases that have ended, and resets the budget of `sweepEndedCases`.
  /// Returns what to shut down and release outside the lock.
  fileprivate mutating func removeEndedCases() -> _TestCaches.Swept {
    // Only caches with an owner can be swept: the budget counts those.
    defer { cachesUntilSweep = max(1, swiftTestingCaches.values.count(where: \.hasOwner)) }
    guard swiftTestingCaches.values.contains(where: \.caseEnded) else { return _TestCaches.Swept() }
    let old = swiftTestingCaches
    var kept = old
    var ended: [_LiveValueCache] = []
    for (identity, entry) in old where entry.caseEnded {
      kept[identity] = nil
      ended.append(entry.cache)
      endingCaches[ObjectIdentifier(entry.cache)] = entry.cache
    }
    swiftTestingCaches = kept
    return _TestCaches.Swept(endedCaches: ended, old: old)
  }
}
