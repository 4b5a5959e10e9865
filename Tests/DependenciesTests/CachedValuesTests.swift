@_spi(Internals) import Dependencies
import IssueCollecting
import Testing

/// `DependencyValues._current.cachedValues.resetCache()`, the classic library's `Internals` SPI:
/// every default is computed again, every key (and the context) can be prepared again; a test's
/// own cache is replaced and released, any other cache is emptied in place and keeps its old values
/// for their shutdown.
@Suite struct CachedValuesTests {
  @Test func resetCacheComputesDefaultsAgain() {
    isolated {
      @Dependency(ResetTokenKey.self) var token
      let first = token
      #expect(token === first)
      DependencyValues._current.cachedValues.resetCache()
      let second = token
      #expect(second !== first)
      #expect(token === second)
    }
  }

  @Test func afterResetCacheKeysAndTheContextCanBePreparedAgain() {
    let (values, reporter) = collectingIssues {
      prepareDependencies {
        $0.context = .live
        $0.chain = "first"
      }
      DependencyValues._current.cachedValues.resetCache()
      prepareDependencies {
        $0.context = .preview
        $0.chain = "second"
      }
      @Dependency(\.chain) var chain
      @Dependency(\.context) var context
      return (chain, context)
    }
    #expect(values.0 == "second")
    #expect(values.1 == .preview)
    #expect(reporter.messages.isEmpty)
  }

  /// The running test's own cache (no scope of its own here) is replaced by a fresh one, and
  /// released with the values it held.
  @Test func resetCacheReleasesTheValuesOfTheRunningTest() {
    @Dependency(ResetTokenKey.self) var token
    weak let first: Token? = token
    #expect(first != nil)
    #expect(token === first)
    DependencyValues._current.cachedValues.resetCache()
    #expect(first == nil)
    #expect(token === token)
  }

  /// A cache emptied in place still shuts down the values it no longer serves, with the ones it
  /// computed since.
  @Test func valuesSetAsideByAResetAreStillShutDown() async {
    let log = ShutdownLog()
    let report = await withOwnCache(log: log) {
      @Dependency(ChainMiddle.self) var middle
      _ = middle
      DependencyValues._current.cachedValues.resetCache()
      _ = middle
      return await shutdownDependencies()
    }
    #expect(report.entries.count == 4)
    #expect(log.begun.sorted() == ["bottom", "bottom", "middle", "middle"])
    #expect(log.ended("middle", before: "bottom"))
    #expect(report.succeeded)
  }

  /// A value that `prepareDependencies` replaced in a preview is still shut down, with the value that
  /// replaced it.
  @Test func aValueReplacedInAPreviewIsStillShutDown() async {
    let prepared = SharedResource()
    let (computed, report) = await withOwnCache(log: ShutdownLog(), { $0.context = .preview }) {
      @Dependency(PreparedResourceKey.self) var resource
      let computed = resource
      prepareDependencies { $0[PreparedResourceKey.self] = prepared }
      #expect(resource === prepared)
      return (computed, await shutdownDependencies())
    }
    #expect(computed !== prepared)
    #expect(report.entries.map(\.key).sorted() == ["PreparedResourceKey", "PreparedResourceKey"])
    #expect(computed.calls.value == 1)
    #expect(prepared.calls.value == 1)
  }
}

/// A key whose test value is a new object each time it is computed.
private enum ResetTokenKey: TestDependencyKey {
  static var testValue: Token { Token() }
}
