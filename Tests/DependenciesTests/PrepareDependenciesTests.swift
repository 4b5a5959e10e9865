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

  @Test func preparedValuesAreIsolatedPerCache() {
    isolated { prepareDependencies { $0.requestID = 1 } }
    isolated {
      @Dependency(\.requestID) var requestID
      #expect(requestID == -1)
    }
  }
}
