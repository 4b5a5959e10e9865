// Tests written the way classic tests use the satellite modules: imported by name, from products
// this test target lists (classic packages list them from swift-clocks, swift-concurrency-extras
// and xctest-dynamic-overlay; here they come from swift-dependencies).
import Clocks
import ConcurrencyExtras
import Dependencies
import Feature
import IssueReporting
import Testing

@Suite struct SatelliteModulesTests {
  @Test func aTimerOnATestClockUploadsOneNamePerTick() async throws {
    let clock = TestClock()
    let uploader = withDependencies {
      $0.continuousClock = clock
      $0.uploadClient.upload = { $0.count }
    } operation: {
      Uploader()
    }
    let task = Task { try await uploader.upload(["a", "bb", "ccc"]) }
    // One tick at a time until all three are up: the task may not wait on the timer yet.
    while uploader.uploaded.value.count < 3 {
      await clock.advance(by: .seconds(1))
      await Task.megaYield()
    }
    await clock.advance(by: .seconds(1))
    try await task.value
    #expect(uploader.uploaded.value == [1, 2, 3])
    #expect(uploader.pending.value.isEmpty)
  }

  @Test func anEmptyNameIsReportedThroughIssueReporting() async throws {
    let uploader = withDependencies {
      $0.continuousClock = ImmediateClock()
      $0.uploadClient.upload = { $0.count }
    } operation: {
      Uploader()
    }
    try await withKnownIssue {
      try await uploader.upload(["a", "", "ccc"])
    } matching: { issue in
      issue.description.contains("Uploader: an empty name was skipped")
    }
    #expect(uploader.uploaded.value == [1, 3])
  }

  @Test func theUnimplementedEndpointFailsTheTestWithItsName() async throws {
    let uploader = withDependencies {
      $0.continuousClock = ImmediateClock()
    } operation: {
      Uploader()
    }
    try await withKnownIssue {
      try await uploader.upload(["a"])
    } matching: { issue in
      issue.description.contains("UploadClient.upload")
    }
    #expect(uploader.uploaded.value.isEmpty)
  }

  @Test func issueReportingNamesResolveFromItsModule() {
    withExpectedIssue {
      IssueReporting.reportIssue("expected")
    }
    let fallback: @Sendable () -> Int = IssueReporting.unimplemented("fallback", placeholder: 7)
    withKnownIssue {
      #expect(fallback() == 7)
    }
    #expect(isTesting)
  }

  // Deprecated here so that ActorIsolated, deprecated as in the classic module, doesn't warn.
  @available(*, deprecated)
  @Test func concurrencyExtrasNamesResolveFromItsModule() async {
    let counter = ActorIsolated(0)
    await counter.withValue { $0 += 1 }
    #expect(await counter.value == 1)

    let sendable = UncheckedSendable(NonSendableBox(value: 2))
    #expect(sendable.value.value == 2)

    var finished = 0
    for await _ in AsyncStream<Int>.finished { finished += 1 }
    #expect(finished == 0)

    let (stream, continuation) = AsyncStream<Int>.makeStream()
    continuation.yield(1)
    continuation.yield(2)
    continuation.finish()
    var received: [Int] = []
    for await value in stream.map({ $0 * 10 }).eraseToStream() { received.append(value) }
    #expect(received == [10, 20])
  }

  @Test func clocksNamesResolveFromItsModule() async throws {
    let clock = AnyClock(ImmediateClock())
    try await clock.sleep(for: .seconds(60))
    let unimplemented = Clocks.UnimplementedClock<Duration>()
    withKnownIssue {
      _ = unimplemented.now
    }
  }
}

/// A class without a `Sendable` conformance, for `UncheckedSendable`.
final class NonSendableBox {
  let value: Int
  init(value: Int) { self.value = value }
}
