import Dependencies
import Foundation
import Testing

/// A large test value that counts how many instances are alive.
final class LargeTestValue: Sendable {
  static let alive = LockIsolated(0)
  let bytes = [UInt8](repeating: 0, count: 1 << 20)
  init() { Self.alive.withValue { $0 += 1 } }
  deinit { Self.alive.withValue { $0 -= 1 } }
}

enum LargeTestValueKey: TestDependencyKey {
  static var testValue: LargeTestValue { LargeTestValue() }
}

/// Each case of a parameterized test has a cache of its own (no trait needed), released soon after
/// the case ends: run one case at a time, 300 cases that each hold 1 MiB keep a handful alive, not
/// 300 (the cases of other parameterized tests running in parallel add a few).
@Suite(.serialized) struct TestCacheReleaseTests {
  @Test(arguments: 0..<300)
  func aParameterizedCasesCacheIsReleasedAfterTheCase(_ argument: Int) {
    @Dependency(LargeTestValueKey.self) var value
    #expect(value.bytes.count == 1 << 20)
    #expect(LargeTestValue.alive.value <= 8, "\(LargeTestValue.alive.value) alive")
  }
}

/// A parameterized case's cache is shut down (its values that need it) when it is released, soon
/// after the case ends: a value whose background task runs until its shutdown stops it.
@Suite(.serialized) struct TestCacheShutdownTests {
  static let tickers = LockIsolated<[Int: Ticker]>([:])

  @Test(arguments: 0..<6)
  func aParameterizedCasesValuesAreShutDownAfterTheCase(_ argument: Int) async {
    @Dependency(TickerKey.self) var ticker
    Self.tickers.withValue { $0[argument] = ticker }
    #expect(!ticker.stopped.value)
    guard argument == 5 else { return }
    // By now the first case's cache was swept (a later case's cache creation sweeps the ended
    // ones), and its shutdown runs in the background.
    guard let first = Self.tickers.value[0] else { return }
    let stopped = await withTaskGroup(of: Bool.self) { group in
      group.addTask {
        await first.task.value
        return true
      }
      group.addTask {
        try? await Task.sleep(for: .seconds(30))
        return false
      }
      defer { group.cancelAll() }
      return await group.next()!
    }
    if !stopped { first.task.cancel() }
    #expect(stopped)
    #expect(first.stopped.value)
  }
}

/// When the test-support module is linked but its load-time constructor was dropped, the first test
/// read runs its set-up, and says so.
@Suite struct TestSupportSetUpTests {
  static let setUpRuns = LockIsolated(0)

  @Test func aMissingSetUpRunsAtTheFirstReadAndIsReported() {
    let setUp: @convention(c) () -> Void = { TestSupportSetUpTests.setUpRuns.withValue { $0 += 1 } }
    var warnings: [String] = []
    let ran = _TestCaches.runTestSupportSetUpIfMissing(
      isInstalled: false,
      lookUp: { name in
        name == "swift_dependencies_test_support_did_load"
          ? unsafeBitCast(setUp, to: UnsafeMutableRawPointer.self) : nil
      },
      warn: { warnings.append($0) })
    #expect(ran)
    #expect(Self.setUpRuns.value == 1)
    #expect(warnings.count == 1)
    #expect(warnings.first?.contains("its load-time set-up did not run") == true)
  }

  @Test func anInstalledSetUpIsLeftAlone() {
    let ran = _TestCaches.runTestSupportSetUpIfMissing(
      isInstalled: true,
      lookUp: { _ in
        Issue.record("looked up"); return nil
      }, warn: { _ in })
    #expect(!ran)
  }
}
