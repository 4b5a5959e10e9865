/// Whether the process is running tests: `true` under `swift test` and Xcode's test runners
/// (XCTest or Swift Testing), `false` in an application.
///
/// ```swift
/// if !isTesting {
///   analytics.start()
/// }
/// ```
///
/// In a test it is always `true`; to exercise the live path of a dependency, override the
/// dependency context rather than consulting this flag:
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
