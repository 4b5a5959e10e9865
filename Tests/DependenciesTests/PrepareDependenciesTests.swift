import Dependencies
import IssueCollecting
import Testing

@Suite struct PrepareDependenciesTests {
  @Test func preparedValueIsWhatLaterReadsResolveTo() {
    isolated {
      prepareDependencies { $0.chain = "prepared" }
      @Dependency(\.chain) var chain
      #expect(chain == "prepared")
      // A scope still overrides a prepared value.
      withDependencies {
        $0.chain = "scoped"
      } operation: {
        #expect(chain == "scoped")
      }
      #expect(chain == "prepared")
    }
  }

  @Test func preparedValueReachesTasks() async {
    await withDependencies {
      $0 = DependencyValues()
    } operation: {
      prepareDependencies { $0.requestID = 99 }
      let value = await Task {
        @Dependency(\.requestID) var requestID
        return requestID
      }.value
      #expect(value == 99)
    }
  }

  @Test func preparingAKeyThatWasAlreadyReadReportsIt() {
    let (value, reporter) = collectingIssues {
      @Dependency(\.chain) var chain
      _ = chain
      prepareDependencies { $0.chain = "too late" }
      return chain
    }
    #expect(value == "test")
    #expect(reporter.messages.count == 1)
    #expect(
      reporter.messages.first?.hasPrefix(
        #"@Dependency(\.chain) has already been accessed or prepared."#) == true)
    #expect(reporter.messages.first?.contains("ChainKey") == true)
  }

  @Test func preparingTwiceReportsIt() {
    let (value, reporter) = collectingIssues {
      prepareDependencies { $0.requestID = 1 }
      prepareDependencies { $0.requestID = 2 }
      @Dependency(\.requestID) var requestID
      return requestID
    }
    #expect(value == 1)
    #expect(reporter.messages.count == 1)
  }

  /// In the preview context, as in the classic library, a key that was only read takes the prepared
  /// value in place of its default, silently: a preview runs the app's entry point (and its
  /// `prepareDependencies`) again.
  @Test func inAPreviewAValueThatWasOnlyReadIsReplacedSilently() {
    let (values, reporter) = collectingIssues(in: .preview) {
      @Dependency(\.chain) var chain
      let before = chain
      _ = chain  // in this thread's memo of cached values
      prepareDependencies { $0.chain = "prepared" }
      return [before, chain]
    }
    #expect(values == ["preview", "prepared"])
    #expect(reporter.messages.isEmpty)
  }

  /// In the preview context a key that was prepared keeps its prepared value when it is prepared
  /// again, silently, as in the classic library.
  @Test func inAPreviewAPreparedValueIsKeptSilently() {
    let (value, reporter) = collectingIssues(in: .preview) {
      prepareDependencies { $0.chain = "first" }
      prepareDependencies { $0.chain = "second" }
      @Dependency(\.chain) var chain
      return chain
    }
    #expect(value == "first")
    #expect(reporter.messages.isEmpty)
  }

  /// Outside previews, a value that was read is not replaced (the test above, `preparingAKey…`), in
  /// the live context as in tests.
  @Test func inTheLiveContextAValueThatWasReadIsKept() {
    let (value, reporter) = collectingIssues(in: .live) {
      @Dependency(\.chain) var chain
      _ = chain
      prepareDependencies { $0.chain = "too late" }
      return chain
    }
    #expect(value == "live")
    #expect(reporter.messages.count == 1)
  }

  @Test func preparedValuesAreIsolatedPerCache() {
    isolated { prepareDependencies { $0.requestID = 1 } }
    isolated {
      @Dependency(\.requestID) var requestID
      #expect(requestID == -1)
    }
  }
}
