import Clients
import Dependencies
import XCTest

#if os(Linux)
  import DependenciesTestObserver

  // XCTest test methods start with fresh dependency values, with DependenciesTestObserver
  // linked, as in the classic library on Linux; and its registerTestObserver is called before
  // each method.
  nonisolated(unsafe) private var startedTestMethods = 0
  private let registration: Void = registerTestObserver { startedTestMethods += 1 }

  final class TestObserverTests: XCTestCase {
    func test1RegistersAndReadsAFreshClient() {
      _ = registration
      @Dependency(\.legacyAnalytics) var analytics
      XCTAssertFalse(LegacyAnalytics.sendsEvents)
      withExpectedIssue { analytics.track("first") }
    }

    func test2CountsTheStartOfThisMethod() {
      XCTAssertGreaterThanOrEqual(startedTestMethods, 1)
    }

    func test3XCTFailFromALibraryIsExpected() {
      withExpectedIssue("LegacyAnalytics.track(checkout) is unimplemented") {
        checkout()
      }
    }
  }
#endif
