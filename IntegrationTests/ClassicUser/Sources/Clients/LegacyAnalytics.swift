import Dependencies
import XCTestDynamicOverlay

/// A client from before IssueReporting: its test value fails the running test with `XCTFail`
/// (XCTestDynamicOverlay's), and it checks `_XCTIsTesting`.
public struct LegacyAnalytics: Sendable {
  public var track: @Sendable (String) -> Void

  /// Whether events would really be sent: never in a test process.
  public static var sendsEvents: Bool { !_XCTIsTesting }
}

extension LegacyAnalytics: DependencyKey {
  public static let liveValue = LegacyAnalytics { _ in }
  public static let testValue = LegacyAnalytics { event in
    XCTFail("LegacyAnalytics.track(\(event)) is unimplemented")
  }
}

extension DependencyValues {
  public var legacyAnalytics: LegacyAnalytics {
    get { self[LegacyAnalytics.self] }
    set { self[LegacyAnalytics.self] = newValue }
  }
}

/// A feature that tracks an event through the legacy client.
public func checkout() {
  @Dependency(\.legacyAnalytics) var analytics
  analytics.track("checkout")
}
