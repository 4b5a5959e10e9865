import Dependencies
import Foundation
import IssueCollecting
import Testing

@Suite struct DefaultValueTests {
  @Test func eachContextResolvesItsOwnDefault() {
    for (context, expected) in [
      (DependencyContext.live, "live"), (.preview, "preview"), (.test, "test"),
    ] {
      isolated {
        withDependencies {
          $0.context = context
        } operation: {
          @Dependency(\.chain) var chain
          #expect(chain == expected)
        }
      }
    }
  }

  @Test func testValueFallsBackToPreviewThenLive() {
    isolated {
      @Dependency(\.liveOnly) var liveOnly
      @Dependency(\.liveAndPreview) var liveAndPreview
      #expect(liveOnly == "live-only")
      #expect(liveAndPreview == "preview")
    }
  }

  /// Counted by `defaultIsComputedOncePerCache` alone (tests run in parallel).
  enum OnceCountedKey: Dependency.Key {
    static let computations = Counter()
    static var liveValue: Int { computations.increment() }
  }

  @Test func defaultIsComputedOncePerCache() {
    isolated {
      let before = OnceCountedKey.computations.count
      @Dependency(OnceCountedKey.self) var value
      let first = value
      #expect(value == first)
      #expect(value == first)
      #expect(OnceCountedKey.computations.count == before + 1)
    }
  }

  @Test func eachIsolatedCacheComputesItsOwnDefault() {
    let first = isolated { DependencyValues._current[CountedKey.self] }
    let second = isolated { DependencyValues._current[CountedKey.self] }
    #expect(first != second)
  }

  @Test func contextIsTestUnderSwiftTest() {
    @Dependency(\.context) var context
    #expect(context == .test)
  }

  @Test func contextCanBeOverridden() {
    withDependencies {
      $0.context = .preview
    } operation: {
      @Dependency(\.context) var context
      #expect(context == .preview)
    }
  }

  @Test func strictKeyReadInATestReportsTheKeyAndTheReadSite() {
    let (value, reporter) = collectingIssues {
      @Dependency(\.strict) var strict
      return strict
    }
    #expect(value == -1)
    #expect(reporter.messages.count == 1)
    #expect(reporter.messages.first?.contains("StrictKey") == true)
    #expect(reporter.messages.first?.contains("strict") == true)
    #expect(reporter.sites.first?.fileID.hasSuffix("DefaultValueTests.swift") == true)
  }

  /// An issue names the line of the `@Dependency` declaration, in both spellings, not the line
  /// that uses the value (Testing.md and MigratingFromClassic.md say so).
  @Test func anIssueIsReportedAtTheDependencyDeclaration() {
    let declaration = #line + 2
    let (_, byKeyPath) = collectingIssues {
      @Dependency(\.strict) var strict
      let value = strict
      return value
    }
    let (_, byType) = collectingIssues {
      @Dependency(StrictKey.self) var strict
      let value = strict
      return value
    }
    // A key without a test implementation also names the declaration in its message.
    let (_, liveOnly) = collectingIssues {
      @Dependency(\.uuid) var uuid
      let value = uuid()
      return value
    }
    #expect(byKeyPath.sites.map(\.line) == [UInt(declaration)])
    #expect(byType.sites.map(\.line) == [UInt(declaration + 5)])
    #expect(liveOnly.sites.map(\.line) == [UInt(declaration + 11)])
    #expect(
      liveOnly.messages.first?.contains("DefaultValueTests.swift:\(declaration + 11)") == true)
  }

  @Test func strictKeyWithAnOverrideReportsNothing() {
    let (value, reporter) = collectingIssues {
      withDependencies {
        $0.strict = 5
      } operation: {
        @Dependency(\.strict) var strict
        return strict
      }
    }
    #expect(value == 5)
    #expect(reporter.messages.isEmpty)
  }

  /// As in the classic library, every read reports (not only the first, which computes the value),
  /// and every read gets the test value, computed once.
  @Test func testOnlyKeyReadLiveReportsEveryReadAndServesTheTestValue() {
    let (values, reporter) = collectingIssues(in: .live) {
      @Dependency(\.testOnly) var testOnly
      @Dependency(TestOnlyTokenKey.self) var token
      return ([testOnly, testOnly], [token, token])
    }
    #expect(values.0 == ["test-only", "test-only"])
    #expect(values.1[0] === values.1[1])
    #expect(reporter.messages.count == 4)
    #expect(reporter.messages.first?.contains("TestOnlyKey") == true)
    #expect(
      reporter.messages.first?.hasPrefix(
        #"@Dependency(\.testOnly) has no live implementation, but was accessed from a live context."#
      ) == true)
  }

  /// Reads made while values are being set report nothing (through the values being set, or through
  /// a `@Dependency` property read in the update closure) and compute the value; later reads report.
  @Test func testOnlyKeyReadLiveWhileSettingValuesReportsOnlyLaterReads() {
    let (values, reporter) = collectingIssues(in: .live) {
      @Dependency(TestOnlyTokenKey.self) var token
      var whileSetting: [Token] = []
      let later = withDependencies {
        whileSetting = [$0[TestOnlyTokenKey.self], token]
      } operation: {
        [token, token]
      }
      return whileSetting + later
    }
    #expect(values.allSatisfy { $0 === values[0] })
    #expect(reporter.messages.count == 2)
  }

  /// A value `prepareDependencies` gave a test-only key is its live value: reads report nothing. A
  /// key read before it is prepared is reported as already accessed, and keeps its test value.
  @Test func testOnlyKeyPreparedForTheLiveContext() {
    let (values, reporter) = collectingIssues(in: .live) {
      prepareDependencies { $0.testOnly = "prepared" }
      @Dependency(\.testOnly) var testOnly
      @Dependency(TestOnlyTokenKey.self) var token
      let read = token
      prepareDependencies { $0[TestOnlyTokenKey.self] = Token() }
      return ([testOnly, testOnly], token === read)
    }
    #expect(values.0 == ["prepared", "prepared"])
    #expect(values.1)
    #expect(reporter.messages.count == 3)
    #expect(reporter.messages[1].contains("has already been accessed or prepared"))
  }

  enum OuterKey: Dependency.Key {
    static var liveValue: String {
      @Dependency(\.chain) var chain
      return "outer(\(chain))"
    }
  }

  @Test func aDefaultMayReadOtherDependencies() {
    isolated {
      withDependencies {
        $0.chain = "scoped"
      } operation: {
        @Dependency(OuterKey.self) var outer
        #expect(outer == "outer(scoped)")
      }
    }
  }

  @Test func aDefaultMayReadAValueCapturedByTheReadingModel() {
    isolated {
      let model = withDependencies {
        $0.chain = "captured"
      } operation: {
        OuterModel()
      }
      #expect(model.outer == "outer(captured)")
    }
  }

  final class OuterModel {
    @Dependency(OuterKey.self) var outer
  }

  @Test func defaultComputedExactlyOnceUnderContention() async {
    await withDependencies {
      $0 = DependencyValues()
    } operation: {
      let before = SlowKey.computations.count
      let values = await withTaskGroup(of: Int.self) { group in
        for _ in 0..<200 {
          group.addTask {
            @Dependency(SlowKey.self) var value
            return value
          }
        }
        return await group.reduce(into: Set<Int>()) { $0.insert($1) }
      }
      #expect(values.count == 1)
      #expect(SlowKey.computations.count == before + 1)
    }
  }

  enum SlowKey: Dependency.Key {
    static let computations = Counter()
    static var liveValue: Int {
      usleep(2_000)
      return computations.increment()
    }
  }
}

@Suite struct StrictKeyUpdateTests {
  @Test func assigningAStrictKeyThroughAKeyPathDoesNotReport() {
    let keyPath: WritableKeyPath<DependencyValues, Int> & Sendable = \.strict
    let (value, reporter) = collectingIssues {
      withDependencies {
        $0[keyPath: keyPath] = 3
      } operation: {
        @Dependency(\.strict) var strict
        return strict
      }
    }
    #expect(value == 3)
    #expect(reporter.messages.isEmpty)
  }

  @Test func readingAStrictKeyOutsideTheUpdateStillReportsAfterAnUpdateTouchedIt() {
    let (_, reporter) = collectingIssues {
      withDependencies {
        _ = $0.strict
      } operation: {
      }
      @Dependency(\.strict) var strict
      return strict
    }
    #expect(reporter.messages.count == 1)
  }
}

/// A test-only key whose test value is a new object each time it is computed.
private enum TestOnlyTokenKey: TestDependencyKey {
  static var testValue: Token { Token() }
}

final class Token: Sendable {}
