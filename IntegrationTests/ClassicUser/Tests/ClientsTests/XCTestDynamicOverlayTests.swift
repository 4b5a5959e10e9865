import Clients
import ConcurrencyExtrasTestSupport
import Dependencies
import Foundation
import Testing
import XCTestDynamicOverlay

@Suite struct XCTestDynamicOverlayTests {
  @Test func xctFailInALibraryFailsTheRunningTest() {
    withKnownIssue {
      checkout()
    } matching: { issue in
      issue.comments.map(\.rawValue).joined() == "LegacyAnalytics.track(checkout) is unimplemented"
    }
  }

  @Test func xctIsTestingIsTrueInTests() {
    #expect(_XCTIsTesting)
    #expect(!LegacyAnalytics.sendsEvents)
  }

  @available(*, deprecated)
  @Test func theCurrentTestCaseSPIIsNilOutsideXCTest() {
    #expect(currentXCTestCase == nil)
  }

  @available(*, deprecated)
  @Test func xctUnimplementedIsUnimplemented() {
    let fetch: @Sendable (Int) -> String = XCTUnimplemented("fetch", placeholder: "none")
    withKnownIssue { #expect(fetch(1) == "none") }
  }
}

@Suite struct DeprecatedNamesTests {
  @available(*, deprecated)
  @Test func streamWithContinuationFeedsTheStream() async {
    let feed = NumberFeed()
    feed.send(1)
    feed.send(2)
    feed.finish()
    var received: [Int] = []
    for await number in feed.numbers { received.append(number) }
    #expect(received == [1, 2])
  }

  @available(*, deprecated)
  @Test func withValueOverridesForTheOperation() {
    let fact = DependencyValues.withValue(\.numberFact.fact, { "\($0)!" }) {
      @Dependency(\.numberFact) var numberFact
      return numberFact.fact(3)
    }
    #expect(fact == "3!")
  }

  @Test func theInternalsLockSerialisesIncrements() async {
    let counter = LockedCounter()
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<100 { group.addTask { _ = counter.increment() } }
    }
    #expect(counter.increment() == 101)
  }

  @Test func theTraitsKeepTheirBuiltIns() {
    let epoch = Date(timeIntervalSince1970: 0)
    let (clock, now, _) = withDependencies {
      $0.date.now = epoch
    } operation: {
      builtIns()
    }
    #expect(clock is UnimplementedClock<Duration>)
    #expect(now == epoch)
  }
}

// ConcurrencyExtrasTestSupport's trait, as classic's swift-concurrency-extras provides it.
@Suite(.taskLocal(Tracing.$requestID, "suite")) struct TaskLocalTraitTests {
  @Test func theSuiteSetsTheValue() {
    #expect(Tracing.requestID == "suite")
  }

  @Test(Tracing.$requestID.set("test")) func aTestSetsItsOwn() {
    #expect(Tracing.requestID == "test")
  }
}
