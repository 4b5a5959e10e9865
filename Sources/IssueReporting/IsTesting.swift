/// Whether the process is running tests: `true` under `swift test`, Xcode's test runners (XCTest or
/// Swift Testing) and Bazel, `false` in an application.
///
/// ```swift
/// if !isTesting {
///   analytics.start()
/// }
/// ```
///
/// It says whether the *process* is a test process, not whether a test is running now; for that,
/// and for which framework runs it, use ``TestContext/current``. In a test it is always `true`; to
/// exercise the live path of a dependency, override the dependency context rather than consulting
/// this flag:
///
/// ```swift
/// @Test func liveClient() {
///   #expect(isTesting)
///   withDependencies {
///     $0.context = .live
///   } operation: {
///     // reads resolve live values here
///   }
/// }
/// ```
public let isTesting: Bool = ProcessEnvironment.isTestingProcess
