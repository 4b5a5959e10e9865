import Dependencies
import Foundation
import Testing

/// Per-test isolation without a trait reads Swift Testing's running test and test case through
/// Testing's symbols and the private layout of `Test.Case` (`_SwiftTestingBridge`). On the toolchain
/// this package is tested with, all of it is as the bridge expects: a toolchain update that changes
/// it fails these tests first, with the bridge's own explanation.
@Suite struct SwiftTestingLayoutTests {
  /// The bridge as every read of this process uses it.
  static let bridge = _SwiftTestingBridge(
    facts: .runtime, report: { Issue.record("reported: \($0)") })

  @Test func testingHasTheLookupsOfTheRunningTestAndCase() {
    #expect(SwiftTestingRuntime.missingForCurrentTest.isEmpty)
    #expect(SwiftTestingRuntime.missingForCurrentTestCase.isEmpty)
  }

  @Test func aTestThatIsNotParameterizedIsNamedAsExpected() throws {
    let reading = Self.bridge.read()
    #expect(reading.deviation == nil, "\(reading.deviation?.message ?? "")")
    guard case .identified(let running)? = reading.running else {
      Issue.record("no test case identified: \(String(describing: reading.running))")
      return
    }
    #expect(running.owner == nil)
  }

  @Test(arguments: [0, 1])
  func aCaseOfAParameterizedTestIsNamedAsExpected(_ argument: Int) throws {
    let reading = Self.bridge.read()
    #expect(reading.deviation == nil, "\(reading.deviation?.message ?? "")")
    guard case .identified(let running)? = reading.running else {
      Issue.record("no test case identified: \(String(describing: reading.running))")
      return
    }
    // The storage of its arguments, which lives as long as the case.
    #expect(running.owner != nil)
  }

  @Test func noTestIsRunningOnADetachedTask() async {
    let (running, deviation) = await Task.detached {
      let reading = Self.bridge.read()
      return (reading.running != nil, reading.deviation?.message)
    }.value
    #expect(!running)
    #expect(deviation == nil)
  }

  /// The fake of the expected layout that the tests of unexpected layouts start from is read as
  /// Testing's own.
  @Test func theFakeOfTheExpectedLayoutIsReadAsExpected() {
    let run = LockIsolated(FakeRun(test: "a", argument: 1))
    let reading = _SwiftTestingBridge(facts: TestingLayout.expected.facts(running: run)).read()
    #expect(reading.deviation == nil, "\(reading.deviation?.message ?? "")")
    guard case .identified(let running)? = reading.running else {
      Issue.record("no test case identified")
      return
    }
    #expect(running.owner != nil)
  }
}

/// When Swift Testing is not laid out as the bridge expects, the first read that needs the running
/// test case reports an issue naming the cause, once, and tests and cases still never share a cache.
@Suite struct UnexpectedTestingLayoutTests {
  @Test(arguments: TestingLayout.unexpected)
  func theFirstReadReportsTheCauseOnce(_ layout: TestingLayout) throws {
    let run = LockIsolated(FakeRun(test: "a", argument: 1))
    let reports = LockIsolated<[String]>([])
    let bridge = _SwiftTestingBridge(
      facts: layout.facts(running: run),
      report: { message in reports.withValue { $0.append(message) } })
    let deviation = try #require(bridge.read().deviation)
    #expect(deviation.fact == layout.fact)
    #expect(deviation.fallback == layout.fallback)
    for fake in [
      FakeRun(test: "a", argument: 1), FakeRun(test: "a", argument: 1),
      FakeRun(test: "a", argument: 2), FakeRun(test: "b", argument: nil),
    ] {
      run.withValue { $0 = fake }
      _ = bridge.currentTestCase()
    }
    #expect(reports.value == [deviation.message])
    let message = deviation.message
    #expect(message.contains("• Expected: \(deviation.expected).\n"))
    #expect(message.contains("• Found: \(deviation.found).\n"))
    #expect(!deviation.expected.isEmpty && !deviation.found.isEmpty)
    switch layout.fallback {
    case .caseNamedByReflection?:
      #expect(message.contains("• Instead: each test case gets a cache of its own"))
    case .freshCachePerRead?:
      #expect(message.contains("• Instead: nothing names the running test case"))
    case nil:
      Issue.record("the expected layout has no fallback")
    }
  }

  /// Two tests, and two cases of one test, get caches of their own; the reads of one case named by
  /// reflection share its cache, and the reads of a test that nothing names share nothing.
  @Test(arguments: TestingLayout.unexpected)
  func testsAndCasesDoNotShareCaches(_ layout: TestingLayout) throws {
    let run = LockIsolated(FakeRun(test: "a-\(UUID())", argument: 1))
    let bridge = _SwiftTestingBridge(facts: layout.facts(running: run), report: { _ in })
    // Every cache is held until the end, so that no identity is reused.
    var held: [AnyObject] = []
    func cache(_ test: String, _ argument: Int?) throws -> ObjectIdentifier {
      run.withValue {
        $0.test = test
        $0.argument = argument
      }
      let cache = try #require(_TestCaches.cacheOfRunningTest(asking: bridge))
      held.append(cache)
      return ObjectIdentifier(cache)
    }
    let (a, b) = ("a-\(UUID())", "b-\(UUID())")
    let caches = try [cache(a, 1), cache(a, 2), cache(a, nil), cache(b, 1), cache(b, nil)]
    #expect(Set(caches).count == caches.count)
    let again = try cache(a, 1)
    switch layout.fallback {
    case .caseNamedByReflection?: #expect(again == caches[0])
    case .freshCachePerRead?: #expect(again != caches[0])
    case nil: Issue.record("the expected layout has no fallback")
    }
    withExtendedLifetime(held) {}
  }

  /// The issue is recorded in the test that is running (by default, the bridge reports with
  /// `reportIssue`), and only once.
  @Test func theIssueIsRecordedInTheRunningTest() {
    let run = LockIsolated(FakeRun(test: "a", argument: 1))
    let bridge = _SwiftTestingBridge(facts: TestingLayout.caseWithoutKind.facts(running: run))
    withKnownIssue {
      _ = bridge.currentTestCase()
    } matching: { issue in
      issue.description.contains("• Expected: Test.Case to store `_kind`.")
        && issue.description.contains("which stores `kind`")
    }
    // A second issue would fail this test.
    _ = bridge.currentTestCase()
  }
}
